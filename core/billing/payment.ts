import type { Cents } from '../shared/money.ts';

export type PaymentMethod = 'card' | 'ach' | 'check' | 'wire' | 'other';

/** Money received against an invoice (negative for a refund), unique per reference. */
export interface Payment {
  readonly id: string;
  readonly orgId: string;
  readonly invoiceId: string;
  readonly amount: Cents;
  readonly method: PaymentMethod;
  /** The processor's payment-intent or refund id, or the reference of a manual payment. */
  readonly reference: string;
  /** `processor` when the card processor moved the money; absent on older manual rows. */
  readonly source?: 'processor' | 'manual';
  /** For a refund, the payment it gives money back from. */
  readonly refundOf?: string;
  /** The caller's own reference for a refund request, which makes repeating the request safe. */
  readonly requestKey?: string;
  readonly receivedAt: Date;
}

export const isProcessorPayment = (payment: Payment): boolean => payment.source === 'processor';

/** What is left to refund of a payment, given every payment of its invoice. */
export const refundableAmount = (payment: Payment, all: readonly Payment[]): number =>
  payment.amount + all.filter((other) => other.refundOf === payment.id).reduce((sum, refund) => sum + refund.amount, 0);
