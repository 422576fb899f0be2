import type { DomainEvent } from '../../core/shared/events/domain-event.ts';
import { today, type CalendarDate } from '../../core/shared/calendar-date.ts';
import type { TestClockRoster } from '../shared/clock.port.ts';
import { forEachRecord } from '../shared/persistence/page.ts';
import type { OrganizationRepository } from '../tenancy/organization.repository.ts';
import type { DailyNotices } from './daily-notices.port.ts';

/** Sends an item's event unless it was sent today (or, given `once`, on that day's key: once ever for the item). */
export type SendOnce = (itemKey: string, event: DomainEvent, once?: CalendarDate) => Promise<void>;

/** What a watch looks at one organization with: its id, the moment of its run, and the door its events go through. */
export type WatchOne = (orgId: string, now: Date, send: SendOnce) => Promise<void>;

interface WalkDeps {
  readonly organizations: OrganizationRepository;
  readonly notices: DailyNotices;
  readonly roster: TestClockRoster;
}

/** A watch's look at one organization on `now`'s date: answers how many of its events went out. */
export const watchOneOrganization = async (
  deps: Pick<WalkDeps, 'notices'>,
  orgId: string,
  now: Date,
  each: WatchOne,
): Promise<{ sent: number; already: number }> => {
  const counts = { sent: 0, already: 0 };
  await each(orgId, now, async (itemKey, event, once) => {
    if (await deps.notices.sendOnce(orgId, itemKey, once ?? today(now), event)) counts.sent += 1;
    else counts.already += 1;
  });
  return counts;
};

/**
 * A watch's scheduled run over every organization in real time (those on a test clock are
 * watched when their clock is advanced); answers the run's summary line.
 */
export const watchEveryOrganization = async (deps: WalkDeps, now: Date, what: string, each: WatchOne): Promise<string> => {
  let [organizations, sent, already] = [0, 0, 0];
  await forEachRecord(
    (page) => deps.organizations.list(page),
    async (organization) => {
      if (deps.roster.onTestClock(organization.id)) return;
      organizations += 1;
      const counts = await watchOneOrganization(deps, organization.id, now, each);
      sent += counts.sent;
      already += counts.already;
    },
  );
  return `${sent} ${what} sent, ${already} already sent today, over ${organizations} organizations`;
};
