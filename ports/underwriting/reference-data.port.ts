import type { CommissionSchedule } from '../../core/billing/commission.ts';
import type { SurplusLinesTaxTable } from '../../core/underwriting/charge-terms.ts';
import type { ShortRateTable } from '../../core/policy/premium.ts';
import type { DaProgram } from '../../core/underwriting/delegated-authority.ts';
import type { RateManual } from '../../core/underwriting/rate-manual.ts';
import type { AppetiteGuide } from '../../core/underwriting/triage.ts';

/** The rate manual, appetite, the delegated-authority programs, the commission schedule and the short-rate table. */
export interface UnderwritingReferenceData {
  /** Every filed version of the rate tables, oldest first (rate-manual.ts reads it). */
  rateManual(): RateManual;
  appetite(): AppetiteGuide;
  /** The program every new organization binds under. */
  defaultProgram(): DaProgram;
  /** A program by id, as recorded on quotes and policies. */
  program(id: string): DaProgram;
  commissionSchedule(): CommissionSchedule;
  /** Percent of annual premium earned by days in force, for short-rate cancellations. */
  shortRateTable(): ShortRateTable;
  /** Surplus lines tax and stamping fee by home state, for surplus lines programs. */
  surplusLinesTaxes(): SurplusLinesTaxTable;
}
