import { writeUnlessDuplicate } from '../../../core/shared/domain-error.ts';
import type { EmailEventQueue, QueuedEmailEvent } from '../../../ports/inbound/email-events.handler.ts';
import type { Collection, CollectionStore, StoredDocument } from '../../../ports/shared/persistence/collection-store.port.ts';

/** The e-mail event queue in the store, so nothing acknowledged is lost; the message id is its key. */
export class StoreEmailEventQueue implements EmailEventQueue {
  private readonly events: Collection<StoredDocument>;

  constructor(store: CollectionStore) {
    this.events = store.collection('email_events');
  }

  enqueue(event: QueuedEmailEvent): Promise<boolean> {
    return writeUnlessDuplicate(() => this.events.insertOne({ _id: event.messageId, ...event, processedAt: null }));
  }
}
