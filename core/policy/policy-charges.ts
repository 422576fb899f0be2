import { NO_CHARGES, type PolicyCharges } from '../billing/premium-position.ts';
import { cents, type Cents } from '../shared/money.ts';
import { issuanceCharges, type ChargeTerms, type FeesAndTaxes } from '../underwriting/charge-terms.ts';
import { netWritten, type PremiumTerm, type PremiumTransaction } from './premium.ts';

/** Charges besides premium that one premium transaction adds (negative when it returns them). */
export type ChargesChange = FeesAndTaxes;

const FEE_KINDS = ['policyFee', 'surplusLinesTax', 'stampingFee'] as const;

const NO_CHANGE: ChargesChange = { policyFee: cents(0), surplusLinesTax: cents(0), stampingFee: cents(0) };

const sumOf = (transactions: readonly PremiumTransaction[]): ChargesChange =>
  transactions.reduce<ChargesChange>(
    (total, transaction) => ({
      policyFee: cents(total.policyFee + (transaction.charges?.policyFee ?? 0)),
      surplusLinesTax: cents(total.surplusLinesTax + (transaction.charges?.surplusLinesTax ?? 0)),
      stampingFee: cents(total.stampingFee + (transaction.charges?.stampingFee ?? 0)),
    }),
    NO_CHANGE,
  );

/**
 * The charges a transaction adds to a term. The policy fee comes with the issuance; taxes follow
 * the written premium at the term's rates. A cancellation returns each charge in the proportion
 * of premium it returns (all of it when it returns all), so rounding never leaves a cent of fee
 * or tax without premium; a reinstatement charges back exactly what its cancellation returned.
 */
const chargesFor = (term: PremiumTerm, transaction: PremiumTransaction, terms: ChargeTerms): ChargesChange => {
  const written = transaction.writtenChange;
  switch (transaction.type) {
    case 'bind':
    case 'renewal':
      return issuanceCharges(written, terms);
    case 'endorsement':
      return { ...issuanceCharges(written, terms), policyFee: cents(0) };
    case 'cancellation': {
      const charged = sumOf(term.transactions);
      const before = netWritten(term);
      const share = (amount: Cents): Cents => (before <= 0 || -written >= before ? amount : cents(Math.round((amount * -written) / before)));
      return {
        policyFee: cents(-share(charged.policyFee)),
        surplusLinesTax: cents(-share(charged.surplusLinesTax)),
        stampingFee: cents(-share(charged.stampingFee)),
      };
    }
    case 'reinstatement': {
      const cancelled = [...term.transactions].reverse().find((entry) => entry.type === 'cancellation')?.charges ?? NO_CHANGE;
      return { policyFee: cents(-cancelled.policyFee), surplusLinesTax: cents(-cancelled.surplusLinesTax), stampingFee: cents(-cancelled.stampingFee) };
    }
  }
};

/** The transaction with its charges: what every premium transaction is stored as. */
export const withCharges = (term: PremiumTerm, transaction: PremiumTransaction, terms: ChargeTerms): PremiumTransaction => {
  const charges = chargesFor(term, transaction, terms);
  return FEE_KINDS.some((kind) => charges[kind] !== 0) ? { ...transaction, charges } : transaction;
};

/** What a term owes in all, by kind, net of every transaction. */
export const chargesOwed = (term: PremiumTerm): PolicyCharges => ({ ...NO_CHARGES, ...sumOf(term.transactions), premium: netWritten(term) });
