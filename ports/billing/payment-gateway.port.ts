import { DomainError, isDomainError } from '../../core/shared/domain-error.ts';
import type { PaymentAttemptStatus } from '../../core/billing/payment-attempt.ts';
import type { Cents } from '../../core/shared/money.ts';

export interface GatewayIntent {
  readonly id: string;
  readonly amount: Cents;
  readonly currency: string;
  readonly status: PaymentAttemptStatus;
  /** Handed to the payer's browser to confirm the payment; never stored. */
  readonly clientSecret: string | null;
  /** Why the processor declined, when `status` is `failed`. */
  readonly failureMessage?: string;
}

export interface GatewayRefund {
  readonly id: string;
  readonly amount: Cents;
  readonly status: string;
}

/**
 * The card payment processor. Every call carries an idempotency key, so a call repeated after a
 * timeout cannot charge or refund twice.
 */
export interface PaymentGateway {
  readonly name: string;
  createIntent(input: {
    amount: Cents;
    currency: 'usd';
    invoiceId: string;
    orgId: string;
    description: string;
    idempotencyKey: string;
  }): Promise<GatewayIntent>;
  /** Tries a failed intent again with the payment method it already has. */
  confirmIntent(intentId: string, idempotencyKey: string): Promise<GatewayIntent>;
  refund(input: { intentId: string; amount: Cents; invoiceId: string; orgId: string; idempotencyKey: string }): Promise<GatewayRefund>;
}

const processorFailure = (error: unknown): DomainError =>
  isDomainError(error)
    ? error
    : new DomainError(
        'payment_processor_error',
        'The payment processor did not complete the request; nothing was charged or refunded twice, and the same request may be retried.',
        {
          reason: error instanceof Error ? error.message : String(error),
        },
      );

/** Runs a call to the processor; any failure that is not already a domain error becomes `payment_processor_error`. */
export const throughProcessor = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    throw processorFailure(error);
  }
};
