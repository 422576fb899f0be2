import type { DomainEvent } from '../../../core/shared/events/domain-event.ts';
import type { IndexSpec, UpdateDocument } from '../../../ports/shared/persistence/collection-store.port.ts';

/**
 * The outbox every event-carrying aggregate uses: its unpublished events ride in the aggregate's
 * own document, so a change and its events are one write. Writes only ever push events and raise
 * the flag; the relay alone lowers it, once it has published every event it saw.
 */
export const OUTBOX_FIELD = 'pendingEvents';
export const OUTBOX_FLAG = 'hasPendingEvents';

/**
 * The index the relay reads by; part of every carrying collection's indexes. Partial: only the
 * records with events waiting are in it, a handful, where a whole index held one entry a record.
 */
export const OUTBOX_INDEX: IndexSpec = {
  name: 'outbox',
  keys: { [OUTBOX_FLAG]: 1 },
  partialFilterExpression: { [OUTBOX_FLAG]: true },
};

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

/**
 * The collections whose records carry events in their outbox: the relay reads exactly these. A
 * repository names its collection by this type, so a new carrier is added here, where the relay
 * sees it from the first run whatever order the service starts its parts in.
 */
export const EVENT_CARRYING_COLLECTIONS = ['policies', 'invoices', 'claims', 'daily_notices'] as const;
export type EventCarryingCollection = (typeof EVENT_CARRYING_COLLECTIONS)[number];
