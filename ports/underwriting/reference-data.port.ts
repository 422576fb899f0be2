import type { CommissionSchedule } from '../../core/billing/commission.ts';
import type { DaProgram } from '../../core/underwriting/delegated-authority.ts';
import type { RateTable } from '../../core/underwriting/rating.ts';
import type { LineOfBusiness } from '../../core/underwriting/reference-data.ts';
import type { AppetiteGuide } from '../../core/underwriting/triage.ts';

/** Rate tables, appetite, the default delegated-authority program and the commission schedule. */
export interface UnderwritingReferenceData {
  rateTable(line: LineOfBusiness): RateTable;
  appetite(): AppetiteGuide;
  defaultProgram(): DaProgram;
  commissionSchedule(): CommissionSchedule;
}
