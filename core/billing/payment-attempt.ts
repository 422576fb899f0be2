import type { Cents } from '../shared/money.ts';

/** Where a card payment intent stands at the processor. */
export type PaymentAttemptStatus = 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'succeeded' | 'failed' | 'canceled';

/** A card payment intent created for an invoice; its id is the processor's intent id. */
export interface PaymentAttempt {
  readonly id: string;
  readonly orgId: string;
  readonly invoiceId: string;
  readonly amount: Cents;
  readonly status: PaymentAttemptStatus;
  readonly failureMessage: string | null;
  /** Processor failures already counted (charge ids), so a re-sent failure counts once. */
  readonly failureKeys: readonly string[];
  readonly retries: number;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** The processor reports a failed attempt as an intent waiting for a new payment method. */
export const canRetry = (attempt: PaymentAttempt): boolean => attempt.status === 'failed';
