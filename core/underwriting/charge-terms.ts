import { cents, type Cents } from '../shared/money.ts';
import type { DaProgram } from './delegated-authority.ts';

/**
 * What a term charges beside its premium, fixed when the term is placed: the program's policy fee
 * and, for a surplus lines program, the surplus lines tax and stamping fee of the insured's home
 * state at placement (the state the tax is owed to for the whole term, whatever changes later).
 * Rates are in thousandths of a percent (4.94 % is 4940), so every charge is exact integer math.
 */
export interface ChargeTerms {
  readonly policyFee: Cents;
  readonly taxState: string | null;
  readonly surplusLinesTaxRate: number;
  readonly stampingFeeRate: number;
}

/** Fee and taxes beside premium: charged, or returned when negative. */
export interface FeesAndTaxes {
  readonly policyFee: Cents;
  readonly surplusLinesTax: Cents;
  readonly stampingFee: Cents;
}

/** A state's surplus lines tax and stamping fee, as percents with up to three decimals. */
export interface SurplusLinesRates {
  readonly taxPercent: number;
  readonly stampingFeePercent: number;
}

export type SurplusLinesTaxTable = Readonly<Record<string, SurplusLinesRates>>;

export const NO_CHARGE_TERMS: ChargeTerms = { policyFee: cents(0), taxState: null, surplusLinesTaxRate: 0, stampingFeeRate: 0 };

/** A percent with up to three decimals as an integer rate (thousandths of a percent). */
const rateOf = (percent: number): number => Math.round(percent * 1000);

/** The terms a program places a risk of `state` on; a surplus lines program needs the state's rates. */
export const chargeTermsFor = (program: Pick<DaProgram, 'policyFee' | 'surplusLines'>, state: string, taxes: SurplusLinesTaxTable): ChargeTerms => {
  if (!program.surplusLines) return { ...NO_CHARGE_TERMS, policyFee: program.policyFee };
  const rates = taxes[state];
  if (!rates) throw new Error(`The surplus lines tax table has no rates for ${state}.`);
  return {
    policyFee: program.policyFee,
    taxState: state,
    surplusLinesTaxRate: rateOf(rates.taxPercent),
    stampingFeeRate: rateOf(rates.stampingFeePercent),
  };
};

/** Rounds half away from zero, so a return mirrors a charge. */
const percentOf = (amount: Cents, rate: number): Cents => cents(Math.sign(amount) * Math.round((Math.abs(amount) * rate) / 100_000));

/** What a term issued at `premium` charges beside it: the whole fee, and the taxes on the premium. */
export const issuanceCharges = (premium: Cents, terms: ChargeTerms): FeesAndTaxes => ({
  policyFee: terms.policyFee,
  surplusLinesTax: percentOf(premium, terms.surplusLinesTaxRate),
  stampingFee: percentOf(premium, terms.stampingFeeRate),
});
