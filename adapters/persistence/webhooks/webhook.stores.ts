import { definedFields, type RecordFields } from '../shared/document-mapping.ts';
import type { DomainEvent } from '../../../core/shared/events/domain-event.ts';
import { isActiveStatus, SUBSCRIPTION_LIFECYCLE, type WebhookDelivery, type WebhookSubscription } from '../../../core/webhooks/subscription.ts';
import { transition } from '../../../core/shared/lifecycle.ts';
import { writeUnlessDuplicate } from '../../../core/shared/domain-error.ts';
import type { Collection, CollectionStore, StoredDocument } from '../../../ports/shared/persistence/collection-store.port.ts';
import type { Page, PageRequest } from '../../../ports/shared/persistence/page.ts';
import {
  EVENT_RETENTION_DAYS,
  type DeliveryLog,
  type EventFilters,
  type EventLog,
  type Outbox,
  type SubscriptionRepository,
} from '../../../ports/webhooks/webhook.ports.ts';
import { EVENT_CARRYING_COLLECTIONS, OUTBOX_FIELD, OUTBOX_FLAG } from '../shared/outbox.ts';
import { RecordCollection } from '../shared/record-collection.ts';

const WEBHOOK_SUBSCRIPTION_FIELDS: RecordFields<WebhookSubscription> = {
  id: true,
  orgId: true,
  url: true,
  events: true,
  description: true,
  active: true,
  secret: true,
  createdAt: true,
  deactivatedAt: true,
};
const WEBHOOK_DELIVERY_FIELDS: RecordFields<WebhookDelivery> = {
  id: true,
  orgId: true,
  subscriptionId: true,
  deliveryId: true,
  event: true,
  eventId: true,
  statusCode: true,
  durationMs: true,
  error: true,
  createdAt: true,
};
const DOMAIN_EVENT_FIELDS: RecordFields<DomainEvent> = { id: true, type: true, orgId: true, timestamp: true, data: true };

export class SubscriptionStoreRepository implements SubscriptionRepository {
  private readonly records: RecordCollection<WebhookSubscription>;

  private constructor(records: RecordCollection<WebhookSubscription>) {
    this.records = records;
  }

  static async create(store: CollectionStore): Promise<SubscriptionStoreRepository> {
    return new SubscriptionStoreRepository(
      await RecordCollection.open<WebhookSubscription>(store, 'webhook_subscriptions', WEBHOOK_SUBSCRIPTION_FIELDS, [
        { name: 'org_active', keys: { orgId: 1, active: 1 } },
      ]),
    );
  }

  insert(subscription: WebhookSubscription): Promise<void> {
    return this.records.insert(subscription);
  }

  findById(orgId: string, id: string): Promise<WebhookSubscription | null> {
    return this.records.findById(orgId, id);
  }

  list(orgId: string, page: PageRequest): Promise<Page<WebhookSubscription>> {
    return this.records.page(orgId, {}, page);
  }

  activeFor(orgId: string, type: string): Promise<WebhookSubscription[]> {
    return this.records.findAll(orgId, { active: true, events: type });
  }

  async deactivate(orgId: string, id: string, at: Date): Promise<WebhookSubscription | null> {
    // Deactivating again answers the subscription unchanged: the first deactivation's time stays.
    const { from, to } = transition(SUBSCRIPTION_LIFECYCLE, 'deactivate');
    const guard = { active: { $in: from.map(isActiveStatus) } };
    return (await this.records.update(orgId, id, guard, { $set: { active: isActiveStatus(to), deactivatedAt: at } })) ?? this.records.findById(orgId, id);
  }
}

export class DeliveryLogStore implements DeliveryLog {
  private readonly records: RecordCollection<WebhookDelivery>;

  private constructor(records: RecordCollection<WebhookDelivery>) {
    this.records = records;
  }

  static async create(store: CollectionStore): Promise<DeliveryLogStore> {
    return new DeliveryLogStore(
      await RecordCollection.open<WebhookDelivery>(store, 'webhook_deliveries', WEBHOOK_DELIVERY_FIELDS, [
        { name: 'org_subscription', keys: { orgId: 1, subscriptionId: 1, _id: -1 } },
      ]),
    );
  }

  record(delivery: WebhookDelivery): Promise<void> {
    return this.records.insert(delivery);
  }

  list(orgId: string, subscriptionId: string, page: PageRequest): Promise<Page<WebhookDelivery>> {
    return this.records.page(orgId, { subscriptionId }, page);
  }

  find(orgId: string, subscriptionId: string, id: string): Promise<WebhookDelivery | null> {
    return this.records.findOne(orgId, { subscriptionId, $or: [{ _id: id }, { deliveryId: id }] });
  }
}

export class EventLogStore implements EventLog {
  private readonly records: RecordCollection<DomainEvent>;

  private constructor(records: RecordCollection<DomainEvent>) {
    this.records = records;
  }

  static async create(store: CollectionStore): Promise<EventLogStore> {
    return new EventLogStore(
      await RecordCollection.open<DomainEvent>(store, 'events', DOMAIN_EVENT_FIELDS, [
        { name: 'org_type', keys: { orgId: 1, type: 1, _id: -1 } },
        // The list without a type, newest first: read in order, never sorted.
        { name: 'org_newest', keys: { orgId: 1, _id: -1 } },
        { name: 'retention', keys: { timestamp: 1 }, expireAfterSeconds: EVENT_RETENTION_DAYS * 86_400 },
      ]),
    );
  }

  async store(event: DomainEvent): Promise<void> {
    await writeUnlessDuplicate(() => this.records.insert(event));
  }

  findById(orgId: string, id: string): Promise<DomainEvent | null> {
    return this.records.findById(orgId, id);
  }

  async list(orgId: string, filters: EventFilters, page: PageRequest): Promise<Page<DomainEvent>> {
    const timestamp = definedFields({ $gte: filters.createdFrom, $lte: filters.createdTo });
    const found = await this.records.page(
      orgId,
      { ...(filters.type ? { type: filters.type } : {}), ...(Object.keys(timestamp).length > 0 ? { timestamp } : {}) },
      page,
    );
    const { keptFrom } = filters;
    return keptFrom ? { ...found, data: found.data.filter((event) => event.timestamp >= keptFrom) } : found;
  }
}

interface AggregateWithOutbox extends StoredDocument {
  [OUTBOX_FIELD]?: DomainEvent[];
}

/**
 * Reads the events aggregates carry, in every collection that carries them
 * (`EVENT_CARRYING_COLLECTIONS`, or those given), and removes each once it is published.
 */
export class AggregateOutbox implements Outbox {
  private readonly store: CollectionStore;
  /** Which aggregate holds each event handed out by `pending`, so clearing it is a write by _id. */
  private readonly holders = new Map<string, { source: Collection<AggregateWithOutbox>; id: string }>();

  private readonly carriers: readonly string[];

  constructor(store: CollectionStore, carriers: readonly string[] = EVENT_CARRYING_COLLECTIONS) {
    this.store = store;
    this.carriers = carriers;
  }

  async pending(limit: number): Promise<DomainEvent[]> {
    const events: DomainEvent[] = [];
    for (const name of this.carriers) {
      const source = this.store.collection<AggregateWithOutbox>(name);
      for (const aggregate of await source.find({ [OUTBOX_FLAG]: true }, { limit })) {
        for (const event of aggregate[OUTBOX_FIELD] ?? []) {
          this.holders.set(event.id, { source, id: aggregate._id });
          events.push(event);
        }
      }
      if (events.length >= limit) break;
    }
    return events.slice(0, limit);
  }

  async oldestPending(): Promise<Date | null> {
    let oldest: Date | null = null;
    for (const name of this.carriers) {
      for (const aggregate of await this.store.collection<AggregateWithOutbox>(name).find({ [OUTBOX_FLAG]: true }, { limit: 100 })) {
        for (const event of aggregate[OUTBOX_FIELD] ?? []) if (!oldest || event.timestamp < oldest) oldest = new Date(event.timestamp);
      }
    }
    return oldest;
  }

  /**
   * Removes published events from their aggregates: one write for an aggregate whose outbox holds
   * exactly the events published (the usual case), else one pull per event and the flag lowered
   * once the outbox is empty. Writers only ever append, so an outbox of the same size holding
   * every published id holds nothing else.
   */
  async markPublished(events: readonly DomainEvent[]): Promise<void> {
    const byAggregate = new Map<Collection<AggregateWithOutbox>, Map<string, string[]>>();
    for (const event of events) {
      const holder = this.holders.get(event.id);
      if (!holder) continue;
      this.holders.delete(event.id);
      const aggregates = byAggregate.get(holder.source) ?? new Map<string, string[]>();
      aggregates.set(holder.id, [...(aggregates.get(holder.id) ?? []), event.id]);
      byAggregate.set(holder.source, aggregates);
    }
    await Promise.all([...byAggregate].flatMap(([source, aggregates]) => [...aggregates].map(([id, ids]) => this.clear(source, id, ids))));
  }

  private async clear(source: Collection<AggregateWithOutbox>, id: string, ids: readonly string[]): Promise<void> {
    const exactly = { _id: id, [OUTBOX_FIELD]: { $size: ids.length }, [`${OUTBOX_FIELD}.id`]: { $all: [...ids] } };
    if ((await source.updateOne(exactly, { $set: { [OUTBOX_FIELD]: [], [OUTBOX_FLAG]: false } })).matchedCount === 1) return;
    await source.updateOne({ _id: id }, { $pull: { [OUTBOX_FIELD]: { id: { $in: [...ids] } } } });
    await source.updateOne({ _id: id, [OUTBOX_FIELD]: { $size: 0 } }, { $set: { [OUTBOX_FLAG]: false } });
  }
}
