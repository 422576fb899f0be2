import type { DomainEvent } from '../../core/shared/events/domain-event.ts';
import type { WebhookDelivery, WebhookSubscription } from '../../core/webhooks/subscription.ts';
import type { Clock } from '../shared/clock.port.ts';
import type { IdGenerator } from '../shared/id-generator.port.ts';
import type { Metrics } from '../shared/metrics.port.ts';
import type { DeliveryLog, WebhookSigner, WebhookTransport } from './webhook.ports.ts';
import { isoInstant } from '../../core/shared/iso-instant.ts';

const DELIVERY_TIMEOUT_MS = 10_000;

export interface DeliveryDeps {
  readonly transport: WebhookTransport;
  readonly signer: WebhookSigner;
  readonly log: DeliveryLog;
  readonly ids: IdGenerator;
  readonly clock: Clock;
  readonly allowPrivateAddresses: boolean;
  readonly metrics: Pick<Metrics, 'webhookDelivery'>;
}

const envelopeOf = (event: DomainEvent): string =>
  JSON.stringify({ id: event.id, type: event.type, orgId: event.orgId, timestamp: isoInstant(event.timestamp), data: event.data });

/** One signed attempt, logged whatever its outcome. */
export const deliver = async (deps: DeliveryDeps, subscription: WebhookSubscription, event: DomainEvent): Promise<WebhookDelivery> => {
  const body = envelopeOf(event);
  const deliveryId = deps.signer.newDeliveryId();
  // Standard Webhooks beside the spec's headers: `webhook-id` is the event's id, the same on every
  // redelivery, so receivers' official verifiers also reject replays and repeats.
  const timestamp = Math.floor(deps.clock.now().getTime() / 1000);
  const result = await deps.transport.post(
    subscription.url,
    body,
    {
      'content-type': 'application/json',
      'x-service-signature': deps.signer.sign(subscription.secret, body),
      'x-service-event': event.type,
      'x-service-delivery': deliveryId,
      'webhook-id': event.id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': deps.signer.signStandard(subscription.secret, event.id, timestamp, body),
    },
    { timeoutMs: DELIVERY_TIMEOUT_MS, allowPrivate: deps.allowPrivateAddresses },
  );
  const delivery: WebhookDelivery = {
    id: deps.ids.next('dlv'),
    orgId: subscription.orgId,
    subscriptionId: subscription.id,
    deliveryId,
    event: event.type,
    eventId: event.id,
    statusCode: result.statusCode,
    durationMs: result.durationMs,
    error: result.error,
    createdAt: deps.clock.now(),
  };
  await deps.log.record(delivery);
  deps.metrics.webhookDelivery(delivered(delivery) ? 'delivered' : (delivery.error ?? 'http_status'));
  return delivery;
};

export const delivered = (delivery: WebhookDelivery): boolean => delivery.statusCode !== null && delivery.statusCode >= 200 && delivery.statusCode < 300;
