import type { CommissionSchedule, ShortRateTable } from '../../core/underwriting/commission-and-short-rate.ts';
import type { TaxSchedules } from '../../core/underwriting/tax-schedule.ts';
import type { DaProgram } from '../../core/underwriting/delegated-authority.ts';
import type { RateManual } from '../../core/underwriting/rate-manual.ts';
import type { AppetiteGuide } from '../../core/underwriting/triage.ts';

/** The rate manual, appetite, the delegated-authority programs, the commission schedule and the short-rate table. */
export interface UnderwritingReferenceData {
  /** Every filed version of the rate tables, oldest first (rate-manual.ts reads it). */
  rateManual(): RateManual;
  appetite(): AppetiteGuide;
  /** The program an organization without programs of its own binds under. */
  defaultProgram(): DaProgram;
  /** One of the platform's programs (fixtures/programs) by id; null for any other id. */
  platformProgram(id: string): DaProgram | null;
  commissionSchedule(): CommissionSchedule;
  /** Percent of annual premium earned by days in force, for short-rate cancellations. */
  shortRateTable(): ShortRateTable;
  /** Surplus lines charges by home state (dated, sourced components), local premium taxes and peril shares. */
  taxSchedules(): TaxSchedules;
}
