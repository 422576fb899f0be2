import type { LineOfBusiness } from '../shared/reference-data.ts';

/** Commission rates in basis points of gross premium. */
export interface CommissionRates {
  readonly agentRateBps: number;
  readonly mgaRateBps: number;
}

/** The commission programs pay: rates by tier, and the tier of each line of business. */
export interface CommissionSchedule {
  readonly tiers: Readonly<Record<string, CommissionRates>>;
  readonly linesOfBusiness: Readonly<Record<LineOfBusiness, string>>;
}

/** Percent of the annual premium kept by days in force, from a short-rate table: `[lastDay, percent]` steps over 365 days. */
export type ShortRateTable = readonly (readonly [number, number])[];
