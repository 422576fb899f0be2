import { cents } from '../../../core/shared/money.ts';
import type { ProcessorPaymentCommand } from '../../../ports/billing/processor-payment-events.handler.ts';
import type { RefundReport } from '../../../ports/billing/processor-refunds.use-case.ts';
import { ignore, valueAt, type IgnoredDelivery, type VerifiedDelivery } from '../../../ports/inbound/inbound.ports.ts';

type Mapped = ProcessorPaymentCommand | IgnoredDelivery;

/** Whole non-negative cents, as the processor sends amounts. */
const isCentsValue = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/** The invoice named by the metadata the service put on the intent (and the processor copies to its charges). */
const invoiceOf = (object: unknown): { orgId: string; invoiceId: string } | null => {
  const invoiceId = valueAt(object, 'metadata', 'invoiceId');
  const orgId = valueAt(object, 'metadata', 'orgId');
  return typeof invoiceId === 'string' && typeof orgId === 'string' ? { orgId, invoiceId } : null;
};

const paymentSucceeded = (object: unknown): Mapped => {
  const invoice = invoiceOf(object);
  if (!invoice) return ignore('no invoice in the metadata');
  const intentId = valueAt(object, 'id');
  const amount = valueAt(object, 'amount_received') ?? valueAt(object, 'amount');
  if (typeof intentId !== 'string' || !isCentsValue(amount)) return ignore('no intent id or amount');
  return { kind: 'payment_succeeded', ...invoice, intentId, amount: cents(amount) };
};

const paymentFailed = (object: unknown): Mapped => {
  const invoice = invoiceOf(object);
  if (!invoice) return ignore('no invoice in the metadata');
  const intentId = valueAt(object, 'id');
  const amount = valueAt(object, 'amount');
  if (typeof intentId !== 'string' || !isCentsValue(amount)) return ignore('no intent id or amount');
  const charge = valueAt(object, 'last_payment_error', 'charge') ?? valueAt(object, 'latest_charge');
  const message = valueAt(object, 'last_payment_error', 'message');
  return {
    kind: 'payment_failed',
    ...invoice,
    intentId,
    failureKey: typeof charge === 'string' ? charge : intentId,
    amount: cents(amount),
    message: typeof message === 'string' ? message : 'The payment was declined.',
  };
};

/** A listed or delivered refund that gives money back (a pending one is counted by the processor too). */
const refundById = (refund: unknown): RefundReport | null => {
  const id = valueAt(refund, 'id');
  const amount = valueAt(refund, 'amount');
  const status = valueAt(refund, 'status');
  if (typeof id !== 'string' || !isCentsValue(amount) || amount === 0) return null;
  return status === undefined || status === 'succeeded' || status === 'pending' ? { refundId: id, amount: cents(amount) } : null;
};

/** Refunds are found by their payment: a refund made in the processor's dashboard has no metadata of ours. */
const refundOf = (object: unknown): { intentId: string; ours: boolean } | null => {
  const intentId = valueAt(object, 'payment_intent');
  return typeof intentId === 'string' ? { intentId, ours: typeof valueAt(object, 'metadata', 'invoiceId') === 'string' } : null;
};

/**
 * A charge's refunds as current processor API versions report them: the cumulative
 * `amount_refunded` (the refunds list is no longer expanded since 2022-11-15; when an endpoint
 * expands it, each listed refund is noted by id as well).
 */
const chargeRefunded = (object: unknown): Mapped => {
  const reports: RefundReport[] = [];
  const cumulative = valueAt(object, 'amount_refunded');
  if (isCentsValue(cumulative)) reports.push({ cumulative: cents(cumulative) });
  const listed = valueAt(object, 'refunds', 'data');
  for (const refund of Array.isArray(listed) ? listed : []) {
    const report = refundById(refund);
    if (report) reports.push(report);
  }
  if (reports.length === 0) return ignore('no refunded amount on the charge');
  const of = refundOf(object);
  return of ? { kind: 'refunds_reported', ...of, reports } : ignore('no payment intent');
};

/** One Refund object (`refund.created`, `refund.updated`, `refund.failed`). */
const refundEvent = (object: unknown): Mapped => {
  const status = valueAt(object, 'status');
  const of = refundOf(object);
  if (status === 'failed' || status === 'canceled') {
    if (!of) return ignore('no payment intent');
    const amount = valueAt(object, 'amount');
    return { kind: 'refund_reversed', ...of, refundId: String(valueAt(object, 'id')), amount: isCentsValue(amount) ? cents(amount) : null, status };
  }
  const report = refundById(object);
  if (!report) return ignore(`refund ${String(status)}`);
  return of ? { kind: 'refunds_reported', ...of, reports: [report] } : ignore('no payment intent');
};

const BY_TYPE: Readonly<Record<string, (object: unknown) => Mapped>> = {
  'payment_intent.succeeded': paymentSucceeded,
  'payment_intent.payment_failed': paymentFailed,
  'charge.refunded': chargeRefunded,
  'refund.created': refundEvent,
  'refund.updated': refundEvent,
  'refund.failed': refundEvent,
};

/** The processor's event JSON → a billing command; every other event type changes nothing. */
export const mapStripeEvent = (delivery: VerifiedDelivery): Mapped => {
  const map = BY_TYPE[delivery.type];
  return map ? map(valueAt(delivery.payload, 'data', 'object')) : ignore(delivery.type);
};
