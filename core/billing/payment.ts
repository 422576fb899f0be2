import { DomainError, notFound } from '../shared/domain-error.ts';
import { type Cents, cents, centsToDollars, formatDollars } from '../shared/money.ts';
import type { Invoice } from './invoice.ts';

/** `credit`: a credit of the policy applied to another of its invoices (money moved between invoices, not received). */
export type PaymentMethod = 'card' | 'ach' | 'check' | 'wire' | 'other' | 'credit';

/** Money received against an invoice (negative for a refund), unique per reference. */
export interface Payment extends ProcessorRefundReport {
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

/** Whether the row moved real money (a credit applied between invoices did not). */
export const isCash = (payment: Pick<Payment, 'method'>): boolean => payment.method !== 'credit';

export const isProcessorPayment = (payment: Payment): boolean => payment.source === 'processor';

/** What is left to refund of a payment, given every payment of its invoice. */
const refundableAmount = (payment: Payment, all: readonly Payment[]): number =>
  payment.amount + all.filter((other) => other.refundOf === payment.id).reduce((sum, refund) => sum + refund.amount, 0);

/**
 * What the card processor has told us was refunded of a payment, kept on the payment it gives
 * back from. The processor reports a charge's refunds two ways: the charge's cumulative
 * `amount_refunded` and individual refunds by id. Either is a lower bound of the truth, so their
 * larger one never counts a refund twice and reaches the truth once every event has arrived.
 */
interface ProcessorRefundReport {
  /** The largest cumulative `amount_refunded` any charge event reported. */
  readonly processorReported?: Cents;
  /** Refund ids reported one by one, and their sum. */
  readonly processorRefundIds?: readonly string[];
  readonly processorRefundIdsTotal?: Cents;
  /** Refunds this service asked the processor for (held before asking); they are recorded by the request itself. */
  readonly refundHeld?: Cents;
  /** What the reported refunds have been recorded up to, in steps each recorded once as a refund row. */
  readonly processorRefundLevel?: Cents;
  readonly processorRefundSteps?: readonly RefundStep[];
}

export interface RefundStep {
  readonly from: Cents;
  readonly to: Cents;
}

/** The processor-reported refunds not made through this service, which the payment must show. */
export const reportedRefundTarget = (payment: ProcessorRefundReport): Cents =>
  Math.max(0, Math.max(payment.processorReported ?? 0, payment.processorRefundIdsTotal ?? 0) - (payment.refundHeld ?? 0)) as Cents;

/** The refund row a step is recorded as: the same step always gets the same reference. */
export const refundStepReference = (payment: Pick<Payment, 'reference'>, step: RefundStep): string => `${payment.reference}:refunded:${step.from}-${step.to}`;

/**
 * A written-off invoice is closed to collection: a refund would reopen a balance nobody collects
 * and that never falls due (CONTRACT 18.20). Money owed back on the policy goes out as a credit.
 */
export const assertRefundable = (invoice: Pick<Invoice, 'status'>): void => {
  if (invoice.status !== 'written_off') return;
  throw new DomainError('invalid_transition', 'The invoice was written off: a refund would leave a balance nobody collects.', { status: invoice.status });
};

/**
 * A refund of a payment and a payout of a credit draw on one figure: the cash the policy holds
 * (its payments less every refund and payout). A refund beyond it would give back money already
 * paid out (CONTRACT 18.20).
 */
export const assertWithinCashHeld = (amount: Cents, cashHeld: Cents): void => {
  if (amount <= cashHeld) return;
  throw new DomainError(
    'refund_exceeds_payments',
    `The policy holds ${formatDollars(Math.max(0, cashHeld))} of the payments received after its refunds and payouts.`,
    { refundable: centsToDollars(cents(Math.max(0, cashHeld))), cashHeld: centsToDollars(cashHeld) },
  );
};

/**
 * The payment a refund gives back from: the one named, or the newest with enough left; refuses
 * an amount no single payment can cover.
 */
export const refundSourceFor = (all: readonly Payment[], input: { amount: Cents; paymentId?: string }): Payment => {
  const positive = all.filter((payment) => payment.amount > 0);
  if (input.paymentId) {
    const named = positive.find((payment) => payment.id === input.paymentId);
    if (!named) throw notFound('Payment');
    const left = refundableAmount(named, all);
    if (input.amount > left)
      throw new DomainError('refund_exceeds_payments', `The payment has ${formatDollars(left)} left to refund.`, { refundable: centsToDollars(cents(left)) });
    return named;
  }
  const newestFirst = [...positive].sort((a, b) => b.receivedAt.getTime() - a.receivedAt.getTime());
  const source = newestFirst.find((payment) => refundableAmount(payment, all) >= input.amount);
  if (!source) {
    const left = positive.reduce((sum, payment) => Math.max(sum, refundableAmount(payment, all)), 0);
    throw new DomainError(
      'refund_exceeds_payments',
      positive.length === 0 ? 'The invoice has received no payment to refund.' : `No single payment has ${formatDollars(input.amount)} left to refund.`,
      { refundable: centsToDollars(cents(left)) },
    );
  }
  return source;
};
