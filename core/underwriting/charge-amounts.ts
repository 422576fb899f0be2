import { cents, type Cents } from '../shared/money.ts';
import type { ChargeComponent, ChargeTerms, FeesAndTaxes, TaxCharge } from './charge-terms.ts';
import { TAX_KINDS, type Rounding, type TaxKind } from './tax-schedule.ts';

/** Rounds half away from zero, to the cent or to the whole dollar, so a return mirrors its charge. */
export const roundAmount = (value: number, rounding: Rounding): Cents => {
  const unit = rounding === 'dollar' ? 100 : 1;
  return cents(Math.sign(value) * Math.round(Math.abs(value) / unit) * unit);
};

/** `rate` thousandths of a percent of `amount`, exact on integers (the product stays far below 2^53). */
const ratePart = (amount: number, rate: number): number => (amount * rate) / 100_000;

/**
 * A percent component's amount on a premium change: levied on its share of the premium (the fire
 * or marine part is rounded to the cent first), plus the policy fee where the state taxes fees.
 */
const percentCharge = (component: ChargeComponent, premium: Cents, policyFee: Cents): Cents => {
  const levied = roundAmount(ratePart(premium, component.share), 'cent') + (component.onFees ? policyFee : 0);
  return roundAmount(ratePart(levied, component.rate ?? 0), component.rounding);
};

const withAmounts = (terms: ChargeTerms, amountOf: (component: ChargeComponent) => number): TaxCharge[] =>
  terms.components
    .map((component) => ({ code: component.code, payee: component.payee, amount: cents(amountOf(component)) }))
    .filter((charge) => charge.amount !== 0);

/** What a term issued at `premium` charges beside it: the whole fee, each component on its levy, flat ones in full. */
export const issuanceCharges = (premium: Cents, terms: ChargeTerms): FeesAndTaxes => ({
  policyFee: terms.policyFee,
  taxes: withAmounts(terms, (component) => component.flat ?? percentCharge(component, premium, terms.policyFee)),
});

/**
 * What an endorsement changing premium by `written` charges: percent components on the change
 * (a return gives back only what is returned pro rata), and a flat fee per filing when it adds premium.
 */
export const endorsementCharges = (written: Cents, terms: ChargeTerms): FeesAndTaxes => ({
  policyFee: cents(0),
  taxes: withAmounts(terms, (component) => {
    if (component.flat !== null) return component.per === 'filing' && written > 0 ? component.flat : 0;
    return written >= 0 || component.refund === 'pro_rata' ? percentCharge(component, written, cents(0)) : 0;
  }),
});

/** The amount of each component code in these charges. */
export const amountsByCode = (taxes: readonly TaxCharge[]): Map<string, TaxCharge> => {
  const byCode = new Map<string, TaxCharge>();
  for (const tax of taxes) {
    const seen = byCode.get(tax.code);
    byCode.set(tax.code, { ...tax, amount: cents((seen?.amount ?? 0) + tax.amount) });
  }
  return byCode;
};

/** The taxes by payee (each payee's payable). */
export const amountsByPayee = (taxes: readonly TaxCharge[]): Record<TaxKind, Cents> => {
  const totals = Object.fromEntries(TAX_KINDS.map((kind) => [kind, 0])) as Record<TaxKind, number>;
  for (const tax of taxes) totals[tax.payee] += tax.amount;
  return totals as Record<TaxKind, Cents>;
};

export const taxTotal = (taxes: readonly TaxCharge[]): Cents => cents(taxes.reduce((sum, tax) => sum + tax.amount, 0));
