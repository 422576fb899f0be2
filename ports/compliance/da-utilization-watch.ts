import { DA_ALERT_THRESHOLD } from '../../core/compliance/deadlines.ts';
import { domainEvent } from '../../core/shared/events/domain-event.ts';
import type { Analytics } from '../analytics/analytics.use-case.ts';
import { eventOrigin } from '../shared/event-origin.ts';
import type { IdGenerator } from '../shared/id-generator.port.ts';
import type { OrganizationRepository } from '../tenancy/organization.repository.ts';
import type { DailyNotices } from './daily-notices.port.ts';
import type { TestClockRoster } from '../shared/clock.port.ts';
import { watchEveryOrganization, watchOneOrganization, type WatchOne } from './organizations-walk.ts';

export interface DaUtilizationWatchDeps {
  readonly organizations: OrganizationRepository;
  readonly analytics: Analytics;
  readonly notices: DailyNotices;
  readonly ids: IdGenerator;
  readonly roster: TestClockRoster;
}

/** `da.limit_approaching` for every program whose written premium this year is above 85 % of its cap, once per program and day. */
export class DaUtilizationWatch {
  private readonly deps: DaUtilizationWatchDeps;

  constructor(deps: DaUtilizationWatchDeps) {
    this.deps = deps;
  }

  /** The scheduled run: every organization in real time. */
  run(now: Date): Promise<string> {
    return watchEveryOrganization(this.deps, now, 'DA alerts', this.watch);
  }

  /** One organization's day (a test clock's advance): the alerts sent. */
  async runFor(orgId: string, now: Date): Promise<number> {
    return (await watchOneOrganization(this.deps, orgId, now, this.watch)).sent;
  }

  private readonly watch: WatchOne = async (orgId, now, send) => {
    for (const program of await this.deps.analytics.daUtilization(orgId)) {
      if (program.aggregateCap <= 0 || program.written / program.aggregateCap <= DA_ALERT_THRESHOLD) continue;
      const { programId, name: programName, year, aggregateCap, written, utilization } = program;
      const event = domainEvent(
        'da.limit_approaching',
        { programId, programName, year, aggregateCap, written, utilization },
        eventOrigin(this.deps, orgId, now),
      );
      await send(`da:${programId}:${year}`, event);
    }
  };
}
