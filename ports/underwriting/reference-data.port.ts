import type { DaProgram } from '../../core/underwriting/delegated-authority.ts';
import type { RateTable } from '../../core/underwriting/rating.ts';
import type { LineOfBusiness } from '../../core/underwriting/reference-data.ts';
import type { AppetiteGuide } from '../../core/underwriting/triage.ts';

/** Rate tables, appetite and the default delegated-authority program. */
export interface UnderwritingReferenceData {
  rateTable(line: LineOfBusiness): RateTable;
  appetite(): AppetiteGuide;
  defaultProgram(): DaProgram;
}
