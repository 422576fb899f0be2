/**
 * Processor event bodies shaped as current API versions (2022-11-15 and later) send them: an
 * Event envelope around a Charge that no longer lists its refunds, or around one Refund object.
 */
const API_VERSION = '2025-10-29.clover';
let counter = 0;
const unique = (prefix: string) => `${prefix}_${Date.now().toString(36)}${(counter += 1).toString().padStart(4, '0')}`;
const unixNow = () => Math.floor(Date.now() / 1000);

export const stripeEvent = (type: string, object: Record<string, unknown>, previous?: Record<string, unknown>) =>
  JSON.stringify({
    id: unique('evt'),
    object: 'event',
    api_version: API_VERSION,
    created: unixNow(),
    data: { object, ...(previous ? { previous_attributes: previous } : {}) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  });

export interface PaidCharge {
  readonly chargeId: string;
  readonly intentId: string;
  readonly amount: number;
  readonly metadata: Record<string, string>;
}

/** The Charge of a succeeded intent after `refunded` cents of refunds, as `charge.refunded` carries it. */
export const refundedCharge = (paid: PaidCharge, refunded: number) => ({
  id: paid.chargeId,
  object: 'charge',
  amount: paid.amount,
  amount_captured: paid.amount,
  amount_refunded: refunded,
  balance_transaction: unique('txn'),
  captured: true,
  created: unixNow() - 60,
  currency: 'usd',
  disputed: false,
  livemode: false,
  metadata: paid.metadata,
  paid: true,
  payment_intent: paid.intentId,
  payment_method: unique('pm'),
  refunded: refunded >= paid.amount,
  status: 'succeeded',
});

/** A Refund object, as `refund.created`/`refund.updated`/`refund.failed` carry it; one made in the dashboard has empty metadata. */
export const refundObject = (paid: PaidCharge, id: string, amount: number, status = 'succeeded', metadata: Record<string, string> = {}) => ({
  id,
  object: 'refund',
  amount,
  balance_transaction: unique('txn'),
  charge: paid.chargeId,
  created: unixNow(),
  currency: 'usd',
  destination_details: { card: { reference_status: 'pending', reference_type: 'acquirer_reference_number', type: 'refund' }, type: 'card' },
  metadata,
  payment_intent: paid.intentId,
  reason: 'requested_by_customer',
  status,
});
