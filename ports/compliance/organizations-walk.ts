import type { DomainEvent } from '../../core/shared/events/domain-event.ts';
import type { CalendarDate } from '../../core/shared/calendar-date.ts';
import { forEachRecord } from '../shared/persistence/page.ts';
import type { OrganizationRepository } from '../tenancy/organization.repository.ts';
import type { DailyNotices } from './daily-notices.port.ts';

/** Sends an item's event unless it was sent today (or, given `once`, on that day's key: once ever for the item). */
type SendOnce = (itemKey: string, event: DomainEvent, once?: CalendarDate) => Promise<void>;

/**
 * A watch's run: `each` looks at one organization and sends what it finds through `send`, which
 * lets each item through once a day. Answers the run's summary line.
 */
export const watchEveryOrganization = async (
  deps: { readonly organizations: OrganizationRepository; readonly notices: DailyNotices },
  on: CalendarDate,
  what: string,
  each: (orgId: string, send: SendOnce) => Promise<void>,
): Promise<string> => {
  let [organizations, sent, already] = [0, 0, 0];
  await forEachRecord(
    (page) => deps.organizations.list(page),
    async (organization) => {
      organizations += 1;
      await each(organization.id, async (itemKey, event, once) => {
        if (await deps.notices.sendOnce(organization.id, itemKey, once ?? on, event)) sent += 1;
        else already += 1;
      });
    },
  );
  return `${sent} ${what} sent, ${already} already sent today, over ${organizations} organizations`;
};
