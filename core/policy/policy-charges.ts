import type { ChargeItem } from '../billing/invoice.ts';
import { NO_CHARGES, type PolicyCharges } from '../billing/premium-position.ts';
import { cents, type Cents } from '../shared/money.ts';
import { amountsByCode, amountsByPayee, endorsementCharges, issuanceCharges, roundAmount } from '../underwriting/charge-amounts.ts';
import type { ChargeComponent, ChargeTerms, FeesAndTaxes, TaxCharge } from '../underwriting/charge-terms.ts';
import { feesFromStore } from '../underwriting/stored-charges.ts';
import { netWritten, writtenThrough, type PremiumTerm, type PremiumTransaction } from './premium.ts';

const NO_FEES: FeesAndTaxes = { policyFee: cents(0), taxes: [] };

/** The fee and taxes a transaction added beside premium (none when it added none), whatever shape they were stored in. */
export const feesOf = (transaction: Pick<PremiumTransaction, 'charges'>): FeesAndTaxes => feesFromStore(transaction.charges) ?? NO_FEES;

/** The fee and each component's amount, added up. */
export const addFees = (all: readonly FeesAndTaxes[]): FeesAndTaxes => ({
  policyFee: cents(all.reduce((sum, fees) => sum + fees.policyFee, 0)),
  taxes: [...amountsByCode(all.flatMap((fees) => fees.taxes)).values()],
});

/** The fee and each component's amount over these transactions. */
const sumOf = (transactions: readonly PremiumTransaction[]): FeesAndTaxes => addFees(transactions.map(feesOf));

export const negated = (fees: FeesAndTaxes): FeesAndTaxes => ({
  policyFee: cents(-fees.policyFee),
  taxes: fees.taxes.map((tax) => ({ ...tax, amount: cents(-tax.amount) })),
});

/**
 * The policy fee a cancellation gives back: `fee × (premium returned ÷ premium in force on the
 * cancellation date)` (CONTRACT 18.1). Changes dated after the cancellation never took effect:
 * what it takes back of them moves no fee.
 */
const feeReturned = (term: PremiumTerm, cancellation: PremiumTransaction, fee: Cents): Cents => {
  const takenBackLater = (cancellation.removes ?? []).reduce((sum, part) => sum + part.writtenChange, 0);
  const returned = -(cancellation.writtenChange - takenBackLater);
  const inForce = writtenThrough(term, cancellation.effectiveDate);
  if (inForce <= 0 || returned >= inForce) return fee;
  const share = roundAmount((fee * returned) / inForce, 'cent');
  return Math.abs(share) > Math.abs(fee) ? fee : share;
};

/**
 * What a cancellation gives back of each charge, by the component's rule: its share of the
 * premium returned (pro rata; all of it when all premium is returned, so rounding never leaves a
 * cent without premium), nothing (a fee fully earned when charged), or all of it only when the
 * whole premium goes back (a flat cancel). The policy fee is returned in proportion.
 */
const cancellationCharges = (term: PremiumTerm, cancellation: PremiumTransaction, terms: ChargeTerms): FeesAndTaxes => {
  const written = cancellation.writtenChange;
  const charged = sumOf(term.transactions);
  const before = netWritten(term);
  const returnsAll = before <= 0 || -written >= before;
  // Rounding a share to the dollar may round up: never past what was charged.
  const proportion = (amount: Cents, component?: ChargeComponent): Cents => {
    if (returnsAll) return amount;
    const share = roundAmount((amount * -written) / before, component?.rounding ?? 'cent');
    return Math.sign(share) === Math.sign(amount) && Math.abs(share) > Math.abs(amount) ? amount : share;
  };
  const rules = new Map(terms.components.map((component) => [component.code, component]));
  const feeBack = feeReturned(term, cancellation, charged.policyFee);
  const returned = (tax: TaxCharge): Cents => {
    const component = rules.get(tax.code);
    const rule = component?.refund ?? 'pro_rata';
    if (rule === 'never') return cents(0);
    if (rule === 'flat_cancel_only') return returnsAll ? tax.amount : cents(0);
    if (returnsAll || !component?.onFees || component.rate === null || charged.policyFee === 0) return proportion(tax.amount, component);
    // Levied on premium and fee: the premium's part comes back with the premium, the fee's with the fee.
    const onFee = (charged.policyFee * component.rate) / 100_000;
    const back = roundAmount(((tax.amount - onFee) * -written) / before + (feeBack * component.rate) / 100_000, component.rounding);
    return Math.abs(back) > Math.abs(tax.amount) ? tax.amount : back;
  };
  return negated({
    policyFee: feeBack,
    taxes: charged.taxes.map((tax) => ({ ...tax, amount: returned(tax) })).filter((tax) => tax.amount !== 0),
  });
};

/**
 * The charges a transaction adds to a term. The policy fee and flat fees come with the issuance;
 * percent components follow the written premium at the term's rates; a reinstatement charges back
 * exactly what its cancellation returned.
 */
const chargesFor = (term: PremiumTerm, transaction: PremiumTransaction, terms: ChargeTerms): FeesAndTaxes => {
  const written = transaction.writtenChange;
  switch (transaction.type) {
    case 'bind':
    case 'renewal':
      return issuanceCharges(written, terms);
    case 'endorsement':
      return endorsementCharges(written, terms);
    case 'cancellation':
      return cancellationCharges(term, transaction, terms);
    case 'reinstatement': {
      const cancelled = [...term.transactions].reverse().find((entry) => entry.type === 'cancellation');
      return negated(cancelled ? feesOf(cancelled) : NO_FEES);
    }
  }
};

/** The transaction with its charges: what every premium transaction is stored as. */
export const withCharges = (term: PremiumTerm, transaction: PremiumTransaction, terms: ChargeTerms): PremiumTransaction => {
  const charges = chargesFor(term, transaction, terms);
  return charges.policyFee !== 0 || charges.taxes.length > 0 ? { ...transaction, charges } : transaction;
};

/**
 * What a term owes as invoice lines would bill it: its premium, its fee, and each component by
 * code under the name of the term's schedule.
 */
export const chargeItemsOwed = (term: PremiumTerm, terms: ChargeTerms): ChargeItem[] => {
  const { policyFee, taxes } = sumOf(term.transactions);
  const names = new Map(terms.components.map((component) => [component.code, component.name]));
  return [
    { kind: 'premium', code: 'premium', amount: netWritten(term) },
    { kind: 'policyFee', code: 'policyFee', amount: policyFee },
    ...taxes.map((tax) => ({ kind: tax.payee, code: tax.code, ...(names.has(tax.code) ? { name: names.get(tax.code)! } : {}), amount: tax.amount })),
  ];
};

/** The fee and each component a term owes, net of every transaction. */
export const feesOwed = (term: PremiumTerm): FeesAndTaxes => sumOf(term.transactions);

/** What a term owes in all, by kind (taxes by payee), net of every transaction. */
export const chargesOwed = (term: PremiumTerm): PolicyCharges => {
  const { policyFee, taxes } = sumOf(term.transactions);
  return { ...NO_CHARGES, ...amountsByPayee(taxes), policyFee, premium: netWritten(term) };
};
