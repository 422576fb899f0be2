import { cents, type Cents } from '../shared/money.ts';

/**
 * What a policy owes in all, by kind: premium carries commission; the policy fee is the MGA's
 * income; taxes and the stamping fee are held for the state. Each is net of every premium
 * transaction (a cancellation returns its share).
 */
export interface PolicyCharges {
  readonly premium: Cents;
  readonly policyFee: Cents;
  readonly surplusLinesTax: Cents;
  readonly stampingFee: Cents;
}

export const CHARGE_KINDS = ['premium', 'policyFee', 'surplusLinesTax', 'stampingFee'] as const;
export type ChargeKind = (typeof CHARGE_KINDS)[number];

export const NO_CHARGES: PolicyCharges = { premium: cents(0), policyFee: cents(0), surplusLinesTax: cents(0), stampingFee: cents(0) };

/**
 * Where a policy's money stands: the cash held for it and what that cash pays for. Cash goes to
 * the charges in proportion to what is owed, up to what is owed; the rest is owed back to the
 * insured (a credit after a cancellation, or money received beyond the invoices).
 */
export interface PremiumPosition {
  readonly cashHeld: Cents;
  readonly applied: PolicyCharges;
  /**
   * What the insured still owes: the charges beyond the cash applied to them, less what was
   * written off. Absent on positions posted before receivables were kept (read as none).
   */
  readonly receivable?: Cents;
}

export const EMPTY_POSITION: PremiumPosition = { cashHeld: cents(0), applied: NO_CHARGES, receivable: cents(0) };
