import type { Cents } from '../shared/money.ts';

export type PaymentMethod = 'card' | 'ach' | 'check' | 'wire' | 'other';

/** Money received against an invoice (negative for a refund), unique per reference. */
export interface Payment {
  readonly id: string;
  readonly orgId: string;
  readonly invoiceId: string;
  readonly amount: Cents;
  readonly method: PaymentMethod;
  /** The processor's payment-intent id, or the reference of a manual payment. */
  readonly reference: string;
  readonly receivedAt: Date;
}
