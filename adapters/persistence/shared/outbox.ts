import type { DomainEvent } from '../../../core/events/domain-event.ts';
import type { CollectionStore, IndexSpec, UpdateDocument } from '../../../ports/persistence/collection-store.port.ts';

/**
 * The outbox every event-carrying aggregate uses: its unpublished events ride in the aggregate's
 * own document, so a change and its events are one write. Writes only ever push events and raise
 * the flag; the relay alone lowers it, once it has published every event it saw.
 */
export const OUTBOX_FIELD = 'pendingEvents';
export const OUTBOX_FLAG = 'hasPendingEvents';

/** The index the relay reads by; part of every carrying collection's indexes. */
export const OUTBOX_INDEX: IndexSpec = { name: 'outbox', keys: { [OUTBOX_FLAG]: 1 } };

/** An aggregate's update with its events added (unchanged when there are none). */
export const withEvents = (update: UpdateDocument, events: readonly DomainEvent[]): UpdateDocument =>
  events.length === 0
    ? update
    : {
        ...update,
        $push: { ...update.$push, [OUTBOX_FIELD]: { $each: [...events] } },
        $set: { ...update.$set, [OUTBOX_FLAG]: true },
      };

/** The outbox fields of a new aggregate document. */
export const newOutbox = (events: readonly DomainEvent[]): Record<string, unknown> => ({ [OUTBOX_FIELD]: [...events], [OUTBOX_FLAG]: events.length > 0 });

const carriers = new WeakMap<CollectionStore, Set<string>>();

/** Declares that a collection of this store carries events; the relay reads every declared collection. */
export const carriesEvents = (store: CollectionStore, collection: string): void => {
  const known = carriers.get(store) ?? new Set<string>();
  known.add(collection);
  carriers.set(store, known);
};

/** The collections of this store whose aggregates carry events, in the order they were declared. */
export const eventCarriers = (store: CollectionStore): string[] => [...(carriers.get(store) ?? [])];
