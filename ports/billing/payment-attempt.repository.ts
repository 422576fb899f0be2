import type { GroupedWrite } from '../shared/persistence/collection-store.port.ts';
import type { PaymentAttempt, PaymentAttemptStatus } from '../../core/billing/payment-attempt.ts';

export interface PaymentAttemptRepository {
  /** Keeps the first record of an intent; a repeated creation (same idempotency key) changes nothing. */
  insertUnlessKnown(attempt: PaymentAttempt): Promise<PaymentAttempt>;
  /** The first record of an intent, for the write that creates it (`duplicate` when the intent is known). */
  insertWrite(attempt: PaymentAttempt): GroupedWrite;
  findById(orgId: string, id: string): Promise<PaymentAttempt | null>;
  /** The newest attempt of an invoice in one of `statuses`. */
  latestForInvoice(orgId: string, invoiceId: string, statuses: readonly PaymentAttemptStatus[]): Promise<PaymentAttempt | null>;
  /** Records a processor failure once per failure key; null when it was already counted. */
  markFailed(orgId: string, id: string, failureKey: string, message: string, at: Date): Promise<PaymentAttempt | null>;
  /** Moves the attempt on, unless it already succeeded. */
  setStatus(orgId: string, id: string, status: PaymentAttemptStatus, at: Date, counts?: { retry: boolean }): Promise<PaymentAttempt | null>;
}
