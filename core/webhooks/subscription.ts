import type { EventType } from '../events/event-catalog.ts';

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
  readonly error: string | null;
  readonly createdAt: Date;
}

export const wantsEvent = (subscription: WebhookSubscription, type: EventType): boolean =>
  subscription.active && (subscription.events.includes(type) || type === 'webhook.test');
