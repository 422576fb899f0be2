import type { EventType } from '../shared/events/event-catalog.ts';
import { lifecycle } from '../shared/lifecycle.ts';

const SUBSCRIPTION_STATUSES = ['active', 'inactive'] as const;
type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * A subscription receives events until it is deactivated; deactivation is final (create a new
 * one), and deactivating an inactive one answers it unchanged.
 */
export const SUBSCRIPTION_LIFECYCLE = lifecycle({
  subject: 'webhook subscription',
  statuses: SUBSCRIPTION_STATUSES,
  moves: {
    deactivate: { from: ['active'], to: 'inactive' },
  },
});

/** The contract shows a subscription's status as its `active` flag. */
export const isActiveStatus = (status: SubscriptionStatus): boolean => status === 'active';

export interface WebhookSubscription {
  readonly id: string;
  readonly orgId: string;
  readonly url: string;
  readonly events: readonly EventType[];
  readonly description: string;
  readonly active: boolean;
  /** HMAC key of deliveries: 32 random bytes as 64 lowercase hex characters. */
  readonly secret: string;
  readonly createdAt: Date;
  readonly deactivatedAt: Date | null;
}

/**
 * Why a delivery did not succeed, in categories a subscriber can act on: nothing about the
 * service's own network, libraries or files.
 */
export const DELIVERY_ERRORS = ['timeout', 'connection_failed', 'tls_failed', 'http_status'] as const;
export type DeliveryError = (typeof DELIVERY_ERRORS)[number];

/** One attempt to deliver one event to one subscription. */
export interface WebhookDelivery {
  readonly id: string;
  readonly orgId: string;
  readonly subscriptionId: string;
  readonly deliveryId: string;
  readonly event: EventType;
  readonly eventId: string;
  readonly statusCode: number | null;
  readonly durationMs: number;
  readonly error: DeliveryError | null;
  readonly createdAt: Date;
}
