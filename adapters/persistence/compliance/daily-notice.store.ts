import type { DomainEvent } from '../../../core/shared/events/domain-event.ts';
import type { CalendarDate } from '../../../core/shared/calendar-date.ts';
import { writeUnlessDuplicate } from '../../../core/shared/domain-error.ts';
import type { Collection, CollectionStore, StoredDocument } from '../../../ports/shared/persistence/collection-store.port.ts';
import type { DailyNotices } from '../../../ports/compliance/daily-notices.port.ts';
import { newOutbox, OUTBOX_INDEX, type EventCarryingCollection } from '../shared/outbox.ts';

/** Its records carry events (the relay reads this collection). */
const DAILY_NOTICES: EventCarryingCollection = 'daily_notices';

interface NoticeDocument extends StoredDocument {
  readonly orgId: string;
  readonly itemKey: string;
  readonly on: CalendarDate;
  readonly eventType: string;
  readonly createdAt: Date;
}

/**
 * One document per organization, item and day (`<org>|<item>|<day>` is its _id): the first
 * process to insert it sends the event (carried in its outbox); any other gets `duplicate`.
 */
export class StoreDailyNotices implements DailyNotices {
  private readonly notices: Collection<NoticeDocument>;

  private constructor(store: CollectionStore) {
    this.notices = store.collection<NoticeDocument>(DAILY_NOTICES);
  }

  static async create(store: CollectionStore): Promise<StoreDailyNotices> {
    await store.ensureIndexes(DAILY_NOTICES, [{ name: 'org_day', keys: { orgId: 1, on: 1 } }, OUTBOX_INDEX]);
    return new StoreDailyNotices(store);
  }

  async sendOnce(orgId: string, itemKey: string, on: CalendarDate, event: DomainEvent): Promise<boolean> {
    return writeUnlessDuplicate(() =>
      this.notices.insertOne({
        _id: `${orgId}|${itemKey}|${on}`,
        orgId,
        itemKey,
        on,
        eventType: event.type,
        createdAt: event.timestamp,
        ...newOutbox([event]),
      }),
    );
  }
}
