import { cents, type Cents } from '../shared/money.ts';
import type { ChargeComponent, ChargeTerms, FeesAndTaxes, TaxCharge } from './charge-terms.ts';
import { NO_CHARGE_TERMS } from './charge-terms.ts';

/** Terms stored before schedules had components: a tax rate and a stamping fee rate on the premium. */
export interface RatesOnlyTerms {
  readonly policyFee: Cents;
  readonly taxState: string | null;
  readonly surplusLinesTaxRate: number;
  readonly stampingFeeRate: number;
}

/** Charges stored before schedules had components: one tax and one stamping fee. */
export interface RatesOnlyFees {
  readonly policyFee: Cents;
  readonly surplusLinesTax: Cents;
  readonly stampingFee: Cents;
}

const AS_PLACED = 'The rate the term was placed at, before schedules kept their sources.';

const ratesOnlyComponent = (code: 'surplusLinesTax' | 'stampingFee', name: string, rate: number): ChargeComponent => ({
  code,
  name,
  payee: code,
  rate,
  flat: null,
  per: 'policy',
  onFees: false,
  share: 100_000,
  refund: 'pro_rata',
  rounding: 'cent',
  source: AS_PLACED,
});

/** A term's charge terms as stored: today's shape or the older one. */
export type StoredChargeTerms = ChargeTerms | RatesOnlyTerms;

/** A term's charge terms as stored, in today's shape: older terms read as the two components they charged. */
export const chargeTermsFromStore = (stored: StoredChargeTerms | undefined | null): ChargeTerms => {
  if (!stored) return NO_CHARGE_TERMS;
  if ('components' in stored) return stored;
  const components = [
    ratesOnlyComponent('surplusLinesTax', 'Surplus lines tax', stored.surplusLinesTaxRate),
    ratesOnlyComponent('stampingFee', 'Stamping fee', stored.stampingFeeRate),
  ].filter((component) => component.rate !== 0);
  return { policyFee: stored.policyFee, taxState: stored.taxState, components };
};

/** A transaction's charges as stored: today's shape or the older one. */
export type StoredFees = FeesAndTaxes | RatesOnlyFees;

/** A transaction's charges as stored, in today's shape: older ones read as the tax and stamping fee they charged. */
export const feesFromStore = (stored: StoredFees | undefined): FeesAndTaxes | undefined => {
  if (!stored || 'taxes' in stored) return stored;
  const taxes: TaxCharge[] = [
    { code: 'surplusLinesTax', payee: 'surplusLinesTax' as const, amount: stored.surplusLinesTax },
    { code: 'stampingFee', payee: 'stampingFee' as const, amount: stored.stampingFee },
  ].filter((tax) => tax.amount !== 0);
  return { policyFee: cents(stored.policyFee), taxes };
};
