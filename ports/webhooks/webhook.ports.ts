import type { DomainEvent } from '../../core/shared/events/domain-event.ts';
import type { DeliveryError, WebhookDelivery, WebhookSubscription } from '../../core/webhooks/subscription.ts';
import type { Page, PageRequest } from '../shared/persistence/page.ts';

export interface SubscriptionRepository {
  insert(subscription: WebhookSubscription): Promise<void>;
  findById(orgId: string, id: string): Promise<WebhookSubscription | null>;
  list(orgId: string, page: PageRequest): Promise<Page<WebhookSubscription>>;
  activeFor(orgId: string, type: string): Promise<WebhookSubscription[]>;
  deactivate(orgId: string, id: string, at: Date): Promise<WebhookSubscription | null>;
}

export interface DeliveryLog {
  record(delivery: WebhookDelivery): Promise<void>;
  list(orgId: string, subscriptionId: string, page: PageRequest): Promise<Page<WebhookDelivery>>;
  /** An attempt of the subscription by its id, or by the delivery id its receiver saw. */
  find(orgId: string, subscriptionId: string, id: string): Promise<WebhookDelivery | null>;
}

export interface EventFilters {
  readonly type?: string;
  readonly createdFrom?: Date;
  readonly createdTo?: Date;
  /**
   * Events before this are past their retention and left out of a page (the TTL sweep removes
   * them within seconds): checked on the page read, not as a range, so the newest-first list is
   * read in index order rather than sorted.
   */
  readonly keptFrom?: Date;
}

/** How long published events are kept to reconcile from (and to deliver again). */
export const EVENT_RETENTION_DAYS = 30;

/** Published events, kept for delivery and for receivers that reconcile. */
export interface EventLog {
  /** Idempotent: an event already stored is left as it is. */
  store(event: DomainEvent): Promise<void>;
  findById(orgId: string, id: string): Promise<DomainEvent | null>;
  /** Newest first. */
  list(orgId: string, filters: EventFilters, page: PageRequest): Promise<Page<DomainEvent>>;
}

/**
 * Events written together with the state changes that caused them and not yet published. The
 * relay is a platform job, so this reader is the one deliberate cross-organization read.
 */
export interface Outbox {
  pending(limit: number): Promise<DomainEvent[]>;
  /** When the oldest event still waiting was written; null when none waits. */
  oldestPending(): Promise<Date | null>;
  /** Removes published events from the outbox (events not handed out by `pending` are ignored). */
  markPublished(events: readonly DomainEvent[]): Promise<void>;
}

export interface TransportResult {
  readonly statusCode: number | null;
  readonly durationMs: number;
  readonly error: DeliveryError | null;
}

export interface WebhookTransport {
  /** One POST, no retry; refuses non-public addresses unless `allowPrivate`. Never throws. */
  post(url: string, body: string, headers: Record<string, string>, options: { timeoutMs: number; allowPrivate: boolean }): Promise<TransportResult>;
  /** Resolves the URL's host and refuses non-public addresses; throws `validation_failed`. */
  assertPublic(url: URL): Promise<void>;
}

export interface WebhookSigner {
  /** `sha256=` + lowercase hex HMAC-SHA256 of the raw body. */
  sign(secret: string, body: string): string;
  /**
   * The Standard Webhooks signature: `v1,` + base64 HMAC-SHA256 of `id.timestamp.body`, keyed with
   * the 32 bytes the subscription's 64-hex secret encodes (`whsecOf` gives receivers that key).
   */
  signStandard(secret: string, id: string, timestampSeconds: number, body: string): string;
  newSecret(): string;
  newDeliveryId(): string;
}
