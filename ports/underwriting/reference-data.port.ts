import type { CommissionSchedule } from '../../core/billing/commission.ts';
import type { ShortRateTable } from '../../core/policy/premium.ts';
import type { DaProgram } from '../../core/underwriting/delegated-authority.ts';
import type { RateTable } from '../../core/underwriting/rating.ts';
import type { LineOfBusiness } from '../../core/underwriting/reference-data.ts';
import type { AppetiteGuide } from '../../core/underwriting/triage.ts';

/** Rate tables, appetite, the default delegated-authority program, the commission schedule and the short-rate table. */
export interface UnderwritingReferenceData {
  rateTable(line: LineOfBusiness): RateTable;
  appetite(): AppetiteGuide;
  defaultProgram(): DaProgram;
  commissionSchedule(): CommissionSchedule;
  /** Percent of annual premium earned by days in force, for short-rate cancellations. */
  shortRateTable(): ShortRateTable;
}
