import type { CalendarDate } from '../shared/calendar-date.ts';
import { DomainError } from '../shared/domain-error.ts';
import { cents, dollarsToCents, type Cents } from '../shared/money.ts';
import type { LineOfBusiness } from '../shared/reference-data.ts';
import type { DaProgram } from './delegated-authority.ts';
import type { CompleteRisk } from './risk.ts';
import {
  componentsInForce,
  type LocalityRate,
  type RefundRule,
  type Rounding,
  type TaxComponentRule,
  type TaxKind,
  type TaxSchedules,
} from './tax-schedule.ts';

/**
 * One surplus lines charge as a term is placed with it. Rates are in thousandths of a percent
 * (4.94 % is 4940), so every charge is exact integer math; `share` is the part of the premium it
 * is levied on, in thousandths of a percent too (all of it is 100000; a fire tax on a line whose
 * premium is 40 % fire is 40000).
 */
export interface ChargeComponent {
  readonly code: string;
  readonly name: string;
  readonly payee: TaxKind;
  /** Null for a flat component. */
  readonly rate: number | null;
  /** Null for a percent component. */
  readonly flat: Cents | null;
  /** A flat amount is charged once with the term (`policy`) or with each filing that adds premium (`filing`). */
  readonly per: 'policy' | 'filing';
  /** Whether the policy fee is levied on too. */
  readonly onFees: boolean;
  readonly share: number;
  readonly refund: RefundRule;
  readonly rounding: Rounding;
  readonly source: string;
}

/**
 * What a term charges beside its premium, fixed when the term is placed: the program's policy fee
 * and, for a surplus lines program, the components of the insured's home state's schedule in force
 * on the term's effective date (endorsements and cancellations keep them).
 */
export interface ChargeTerms {
  readonly policyFee: Cents;
  readonly taxState: string | null;
  /** The risk's city or county when the home state levies a local premium tax. */
  readonly locality?: string | null;
  readonly components: readonly ChargeComponent[];
}

/** A component's amount on one premium transaction: charged, or returned when negative. */
export interface TaxCharge {
  readonly code: string;
  readonly payee: TaxKind;
  readonly amount: Cents;
}

/** Fee and taxes beside premium on one transaction. */
export interface FeesAndTaxes {
  readonly policyFee: Cents;
  readonly taxes: readonly TaxCharge[];
}

export const NO_CHARGE_TERMS: ChargeTerms = { policyFee: cents(0), taxState: null, components: [] };

/** Where and what a term is placed: the home state decides the schedule, the risk's state and locality its local tax. */
export interface Placement {
  readonly homeState: string;
  readonly riskState: string;
  readonly locality: string | null;
  readonly lineOfBusiness: LineOfBusiness;
  readonly effectiveDate: CalendarDate;
}

/** A risk's placement: its home state, else its own state. */
export const placementOf = (risk: Pick<CompleteRisk, 'state' | 'homeState' | 'locality' | 'lineOfBusiness' | 'effectiveDate'>): Placement => ({
  homeState: risk.homeState ?? risk.state,
  riskState: risk.state,
  locality: risk.locality ?? null,
  lineOfBusiness: risk.lineOfBusiness,
  effectiveDate: risk.effectiveDate,
});

/** A percent with up to three decimals as an integer rate (thousandths of a percent). */
export const rateOf = (percent: number): number => Math.round(percent * 1000);

/** The risk's locality when the rule is a local tax owed where the risk is (only a risk in the home state); null when none is owed. */
const localityOf = (rule: TaxComponentRule, placement: Placement, schedules: TaxSchedules): LocalityRate | null => {
  if (placement.riskState !== placement.homeState) return null;
  const localities = schedules.localities[placement.homeState] ?? {};
  const locality = placement.locality === null ? undefined : localities[placement.locality];
  if (!locality) {
    throw new DomainError(
      'locality_required',
      `${rule.name} is levied by the risk's city or county: the submission needs 'locality', one of ${Object.keys(localities).join(', ')}.`,
      { field: 'locality', localities: Object.keys(localities) },
    );
  }
  return locality;
};

const shareOf = (rule: TaxComponentRule, line: LineOfBusiness, schedules: TaxSchedules): number => {
  const shares = schedules.perilShares[line];
  if (rule.levy === 'fire_premium') return rateOf(shares.fire);
  if (rule.levy === 'marine_premium') return rateOf(shares.marine);
  return 100_000;
};

const componentOf = (rule: TaxComponentRule, placement: Placement, schedules: TaxSchedules): ChargeComponent | null => {
  const locality = rule.locality ? localityOf(rule, placement, schedules) : null;
  if (rule.locality && locality === null) return null;
  const rate = locality ? rateOf(locality.rates[placement.lineOfBusiness]) : rule.percent === undefined ? null : rateOf(rule.percent);
  const share = shareOf(rule, placement.lineOfBusiness, schedules);
  if (share === 0 || rate === 0) return null;
  return {
    code: rule.code,
    name: locality ? `${rule.name} (${locality.name})` : rule.name,
    payee: rule.payee,
    rate,
    flat: rule.flat === undefined ? null : dollarsToCents(rule.flat),
    per: rule.per ?? 'policy',
    onFees: rule.levy === 'premium_and_fees',
    share,
    refund: rule.refund,
    rounding: rule.rounding,
    source: rule.source,
  };
};

/** The terms a program places a risk on; a surplus lines program charges the home state's schedule. */
export const chargeTermsFor = (program: Pick<DaProgram, 'policyFee' | 'surplusLines'>, placement: Placement, schedules: TaxSchedules): ChargeTerms => {
  if (!program.surplusLines) return { ...NO_CHARGE_TERMS, policyFee: program.policyFee };
  const schedule = schedules.states[placement.homeState];
  if (!schedule) throw new Error(`The surplus lines schedules have no state ${placement.homeState}.`);
  const components = componentsInForce(schedule, placement.effectiveDate, placement.lineOfBusiness).flatMap(
    (rule) => componentOf(rule, placement, schedules) ?? [],
  );
  return {
    policyFee: program.policyFee,
    taxState: placement.homeState,
    // The locality is kept when its tax is charged.
    ...(components.some((component) => component.payee === 'localPremiumTax') ? { locality: placement.locality } : {}),
    components,
  };
};
