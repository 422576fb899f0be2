import { DA_ALERT_THRESHOLD } from '../../core/compliance/deadlines.ts';
import { domainEvent } from '../../core/events/domain-event.ts';
import { today } from '../../core/shared/calendar-date.ts';
import type { Analytics } from '../analytics/analytics.use-case.ts';
import { eventOrigin } from '../shared/event-origin.ts';
import type { IdGenerator } from '../shared/id-generator.port.ts';
import type { OrganizationRepository } from '../tenancy/organization.repository.ts';
import type { DailyNotices } from './daily-notices.port.ts';
import { everyPage, NoticeCount } from './organizations-walk.ts';

export interface DaUtilizationWatchDeps {
  readonly organizations: OrganizationRepository;
  readonly analytics: Analytics;
  readonly notices: DailyNotices;
  readonly ids: IdGenerator;
}

/** `da.limit_approaching` for every program whose written premium this year is above 85 % of its cap, once per program and day. */
export class DaUtilizationWatch {
  private readonly deps: DaUtilizationWatchDeps;

  constructor(deps: DaUtilizationWatchDeps) {
    this.deps = deps;
  }

  async run(now: Date): Promise<string> {
    const on = today(now);
    const count = new NoticeCount();
    let organizations = 0;
    await everyPage(
      (page) => this.deps.organizations.list(page),
      async (organization) => {
        organizations += 1;
        for (const program of await this.deps.analytics.daUtilization(organization.id)) {
          if (program.aggregateCap <= 0 || program.written / program.aggregateCap <= DA_ALERT_THRESHOLD) continue;
          const event = domainEvent(
            'da.limit_approaching',
            {
              programId: program.programId,
              programName: program.name,
              year: program.year,
              aggregateCap: program.aggregateCap,
              written: program.written,
              utilization: program.utilization,
            },
            eventOrigin(this.deps, organization.id, now),
          );
          count.add(await this.deps.notices.sendOnce(organization.id, `da:${program.programId}:${program.year}`, on, event));
        }
      },
    );
    return count.summary('DA alerts', organizations);
  }
}
