import { domainEvent, type DomainEvent } from '../../core/shared/events/domain-event.ts';
import { isEventType, type EventType } from '../../core/shared/events/event-catalog.ts';
import { DomainError, notFound, validationFailed } from '../../core/shared/domain-error.ts';
import type { Environment } from '../../core/tenancy/organization.ts';
import { assertCallbackUrl } from '../../core/webhooks/address.rules.ts';
import type { WebhookDelivery, WebhookSubscription } from '../../core/webhooks/subscription.ts';
import type { Page, PageRequest } from '../shared/persistence/page.ts';
import type { JobQueue } from '../platform/job-runner.port.ts';
import { deliver, delivered, type DeliveryDeps } from './webhook-delivery.ts';
import { EVENT_RETENTION_DAYS, type DeliveryLog, type EventFilters, type EventLog, type Outbox, type SubscriptionRepository } from './webhook.ports.ts';

export interface WebhooksDeps extends DeliveryDeps {
  readonly environment: Environment;
  readonly subscriptions: SubscriptionRepository;
  readonly deliveries: DeliveryLog;
  readonly events: EventLog;
  readonly outbox: Outbox;
  readonly queue: JobQueue;
}

export const DELIVERY_JOB = 'webhook-delivery';
/** Events the relay publishes at a time. */
export const RELAY_BATCH = 100;

/** Subscriptions, their test deliveries and logs, and the relay and delivery steps the jobs run. */
export class Webhooks {
  private readonly deps: WebhooksDeps;

  constructor(deps: WebhooksDeps) {
    this.deps = deps;
  }

  async create(orgId: string, input: { url: string; events: readonly string[]; description?: string }): Promise<WebhookSubscription> {
    const url = assertCallbackUrl(input.url, this.deps.environment);
    if (!this.deps.allowPrivateAddresses) await this.deps.transport.assertPublic(url);
    input.events.forEach((type, index) => {
      if (!isEventType(type)) throw validationFailed(`events.${index}`, 'enum', `'${type}' is not an event type.`);
    });
    const subscription: WebhookSubscription = {
      id: this.deps.ids.next('whk'),
      orgId,
      url: url.toString(),
      events: [...new Set(input.events)] as EventType[],
      description: input.description ?? '',
      active: true,
      secret: this.deps.signer.newSecret(),
      createdAt: this.deps.clock.now(),
      deactivatedAt: null,
    };
    await this.deps.subscriptions.insert(subscription);
    return subscription;
  }

  list(orgId: string, page: PageRequest): Promise<Page<WebhookSubscription>> {
    return this.deps.subscriptions.list(orgId, page);
  }

  async remove(orgId: string, id: string): Promise<void> {
    if (!(await this.deps.subscriptions.deactivate(orgId, id, this.deps.clock.now()))) throw notFound('Webhook subscription');
  }

  async test(orgId: string, id: string): Promise<WebhookDelivery & { delivered: boolean }> {
    const subscription = await this.subscription(orgId, id);
    if (!subscription.active) throw new DomainError('webhook_inactive', 'The webhook subscription is inactive.');
    const event = domainEvent(
      'webhook.test',
      { subscriptionId: id, message: 'Test delivery' },
      { id: this.deps.ids.next('evt'), orgId, at: this.deps.clock.now() },
    );
    await this.deps.events.store(event);
    const attempt = await deliver(this.deps, subscription, event);
    return { ...attempt, delivered: delivered(attempt) };
  }

  /**
   * The organization's published events, newest first, within the 30 days they are kept: what a
   * receiver that missed deliveries reconciles from (the envelopes the webhooks carry).
   */
  events(orgId: string, filters: EventFilters, page: PageRequest): Promise<Page<DomainEvent>> {
    return this.deps.events.list(orgId, { ...filters, keptFrom: this.oldestKept() }, page);
  }

  async event(orgId: string, id: string): Promise<DomainEvent> {
    const event = await this.deps.events.findById(orgId, id);
    if (!event || event.timestamp < this.oldestKept()) throw notFound('Event');
    return event;
  }

  /** Sends a logged delivery's event again to its subscription: signed anew, under a new delivery id. */
  async redeliver(orgId: string, subscriptionId: string, deliveryId: string): Promise<WebhookDelivery & { delivered: boolean }> {
    const subscription = await this.subscription(orgId, subscriptionId);
    if (!subscription.active) throw new DomainError('webhook_inactive', 'The webhook subscription is inactive.');
    const previous = await this.deps.deliveries.find(orgId, subscriptionId, deliveryId);
    if (!previous) throw notFound('Delivery');
    const event = await this.event(orgId, previous.eventId);
    const attempt = await deliver(this.deps, subscription, event);
    return { ...attempt, delivered: delivered(attempt) };
  }

  async deliveries(orgId: string, id: string, page: PageRequest): Promise<Page<WebhookDelivery>> {
    await this.subscription(orgId, id);
    return this.deps.deliveries.list(orgId, id, page);
  }

  /**
   * Publishes pending outbox events: stores each and queues one delivery per matching
   * subscription, then clears the batch from the outboxes (one write per aggregate). The events
   * of a batch go side by side, so their writes share the store's commits: one after the other, a
   * batch took one commit per write, and under load the relay fell ever further behind the events
   * written. Each step is idempotent per event, and receivers never rely on the order of
   * deliveries.
   */
  async relay(batch = RELAY_BATCH): Promise<number> {
    return (await this.relayBatch(batch)).length;
  }

  /** Publishes every pending event, batch after batch: answers how many were the organization's. */
  async relayAll(orgId: string): Promise<number> {
    let published = 0;
    for (;;) {
      const events = await this.relayBatch(RELAY_BATCH);
      published += events.filter((event) => event.orgId === orgId).length;
      if (events.length < RELAY_BATCH) return published;
    }
  }

  private async relayBatch(batch: number): Promise<DomainEvent[]> {
    const pending = await this.deps.outbox.pending(batch);
    const outcomes = await Promise.allSettled(pending.map((event) => this.publish(event)));
    const failed = outcomes.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
    await this.deps.outbox.markPublished(pending);
    return pending;
  }

  private async publish(event: DomainEvent): Promise<void> {
    await this.deps.events.store(event);
    for (const subscription of await this.deps.subscriptions.activeFor(event.orgId, event.type)) {
      const key = { orgId: event.orgId, subscriptionId: subscription.id, eventId: event.id };
      await this.deps.queue.enqueue(DELIVERY_JOB, key, key);
    }
  }

  /** Seconds the oldest unpublished event has waited (the relay's lag); null when none waits. */
  async outboxLag(): Promise<number | null> {
    const oldest = await this.deps.outbox.oldestPending();
    return oldest ? Math.max(0, (this.deps.clock.now().getTime() - oldest.getTime()) / 1000) : null;
  }

  /** The delivery job: one attempt, skipped when the subscription was deactivated meanwhile. */
  async deliverQueued(job: { orgId: string; subscriptionId: string; eventId: string }): Promise<void> {
    const subscription = await this.deps.subscriptions.findById(job.orgId, job.subscriptionId);
    const event = await this.deps.events.findById(job.orgId, job.eventId);
    if (!subscription?.active || !event) return;
    await deliver(this.deps, subscription, event);
  }

  /** Events older than this are past their 30 days (the TTL index removes them in its own time). */
  private oldestKept(): Date {
    return new Date(this.deps.clock.now().getTime() - EVENT_RETENTION_DAYS * 86_400_000);
  }

  private async subscription(orgId: string, id: string): Promise<WebhookSubscription> {
    const subscription = await this.deps.subscriptions.findById(orgId, id);
    if (!subscription) throw notFound('Webhook subscription');
    return subscription;
  }
}
