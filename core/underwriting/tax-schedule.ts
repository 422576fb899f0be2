import type { CalendarDate } from '../shared/calendar-date.ts';
import type { LineOfBusiness } from '../shared/reference-data.ts';

/**
 * Who a surplus lines charge is paid to; each is its own payable in the ledger. The state's
 * premium tax (and any surcharge or filing fee the state itself collects), the stamping office,
 * the state fire marshal, another fund of the state (a windstorm pool, an emergency fund, a
 * clearinghouse), and the insured's city or county.
 */
export const TAX_KINDS = ['surplusLinesTax', 'stampingFee', 'fireMarshalTax', 'stateFundFee', 'localPremiumTax'] as const;
export type TaxKind = (typeof TAX_KINDS)[number];

/**
 * What a component is levied on: the premium, the premium and the policy fee (states that tax
 * fees), or only the fire or marine part of the premium (the line's share, `fixtures/taxes`).
 */
export const LEVIES = ['premium', 'premium_and_fees', 'fire_premium', 'marine_premium'] as const;
export type Levy = (typeof LEVIES)[number];

/** What a cancellation gives back of a component: its share of the premium returned, nothing, or all only on a flat cancel. */
export const REFUND_RULES = ['pro_rata', 'never', 'flat_cancel_only'] as const;
export type RefundRule = (typeof REFUND_RULES)[number];

export const ROUNDINGS = ['cent', 'dollar'] as const;
export type Rounding = (typeof ROUNDINGS)[number];

/**
 * One charge of a state's schedule as the fixture states it: a percent (up to three decimals) of
 * what it is levied on, or a flat amount in dollars per policy (charged with the term) or per filing
 * (each issuance and each endorsement that changes premium). A `locality` component takes its
 * percent from the state's locality table. `lines` limits it to some lines of business.
 */
export interface TaxComponentRule {
  readonly code: string;
  readonly name: string;
  readonly payee: TaxKind;
  readonly percent?: number;
  readonly flat?: number;
  readonly per?: 'policy' | 'filing';
  readonly locality?: boolean;
  readonly levy: Levy;
  readonly lines?: readonly LineOfBusiness[];
  readonly refund: RefundRule;
  readonly rounding: Rounding;
  readonly effectiveFrom: CalendarDate;
  /** The last day the figure applies to policies effective on it; absent while in force. */
  readonly effectiveTo?: CalendarDate;
  readonly source: string;
  /** When the figure was last checked against its source; null: cited but not yet checked. */
  readonly verifiedOn: CalendarDate | null;
}

export interface StateTaxSchedule {
  readonly components: readonly TaxComponentRule[];
}

/** A city's or county's premium tax, in percent by line of business (0 where it levies none). */
export interface LocalityRate {
  readonly name: string;
  readonly jurisdictionCode: string;
  readonly rates: Readonly<Record<LineOfBusiness, number>>;
  readonly source: string;
}

/** The share of a line's premium that is fire or marine, in percent. */
export interface PerilShares {
  readonly fire: number;
  readonly marine: number;
}

export interface TaxSchedules {
  readonly states: Readonly<Record<string, StateTaxSchedule>>;
  readonly localities: Readonly<Record<string, Readonly<Record<string, LocalityRate>>>>;
  readonly perilShares: Readonly<Record<LineOfBusiness, PerilShares>>;
}

/** Whether a component applies to policies effective on `date`. */
export const ruleInForce = (rule: TaxComponentRule, date: CalendarDate): boolean =>
  rule.effectiveFrom <= date && (rule.effectiveTo === undefined || date <= rule.effectiveTo);

/** The components of a schedule in force for a policy effective on `date` (of its line, when a component names lines). */
export const componentsInForce = (schedule: StateTaxSchedule, date: CalendarDate, line: LineOfBusiness): TaxComponentRule[] =>
  schedule.components.filter((rule) => ruleInForce(rule, date) && (rule.lines === undefined || rule.lines.includes(line)));
