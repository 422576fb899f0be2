import type { DomainEvent } from '../../core/shared/events/domain-event.ts';
import type { CalendarDate } from '../../core/shared/calendar-date.ts';

/**
 * Events a watch sends at most once per item and day, however many processes run it: the store
 * keeps one notice per organization, item and day (a unique key), and the notice carries its
 * event to the outbox in the same write.
 */
export interface DailyNotices {
  /** False when the notice for this item and day was already sent. */
  sendOnce(orgId: string, itemKey: string, on: CalendarDate, event: DomainEvent): Promise<boolean>;
}
