import { StoreDailyNotices } from '../adapters/persistence/compliance/daily-notice.store.ts';
import { loadComplianceCalendar } from '../adapters/reference-data/compliance-calendar.ts';
import { complianceDeadlinesJob } from '../jobs/compliance/compliance-deadlines.job.ts';
import { daUtilizationJob } from '../jobs/compliance/da-utilization.job.ts';
import { ComplianceWatch } from '../ports/compliance/compliance-watch.ts';
import { DaUtilizationWatch } from '../ports/compliance/da-utilization-watch.ts';
import { dailyWork } from '../ports/shared/daily-work.port.ts';
import { ANALYTICS } from './analytics.tokens.ts';
import { COMPLIANCE } from './compliance.tokens.ts';
import { PLATFORM } from './platform.tokens.ts';
import { POLICY } from './policy.tokens.ts';
import { PRODUCERS } from './producers.tokens.ts';
import { TENANCY } from './tenancy.tokens.ts';
import { bindings, type ContextModule } from './wiring.ts';

/**
 * The watches that announce what falls due (licences, appointments, state filings) and delegated
 * authority running out: on their schedules for organizations in real time, and as part of each
 * day a test clock's advance runs.
 */
export const complianceModule = (): ContextModule => ({
  name: 'compliance',
  bindings: bindings((wire) => {
    wire.factory(COMPLIANCE.DailyNotices, { store: PLATFORM.Store }, ({ store }) => StoreDailyNotices.create(store));
    const watched = {
      organizations: TENANCY.OrganizationRepository,
      notices: COMPLIANCE.DailyNotices,
      ids: PLATFORM.Ids,
      roster: PLATFORM.TestClockRoster,
    } as const;
    wire.factory(
      COMPLIANCE.ComplianceWatch,
      { ...watched, producers: PRODUCERS.ProducerRepository, appointments: PRODUCERS.AppointmentRepository, policies: POLICY.PolicyRepository },
      (deps) => new ComplianceWatch({ ...deps, calendar: loadComplianceCalendar() }),
    );
    wire.factory(COMPLIANCE.DaUtilizationWatch, { ...watched, analytics: ANALYTICS.Analytics }, (deps) => new DaUtilizationWatch(deps));
    wire.contribute(PLATFORM.ScheduledJob, { watch: COMPLIANCE.ComplianceWatch }, ({ watch }) => complianceDeadlinesJob(watch));
    wire.contribute(PLATFORM.ScheduledJob, { watch: COMPLIANCE.DaUtilizationWatch }, ({ watch }) => daUtilizationJob(watch));
    wire.contribute(PLATFORM.DailyWork, { watch: COMPLIANCE.ComplianceWatch }, ({ watch }) =>
      dailyWork('compliance-deadlines', (orgId, now) => watch.runFor(orgId, now)),
    );
    wire.contribute(PLATFORM.DailyWork, { watch: COMPLIANCE.DaUtilizationWatch }, ({ watch }) =>
      dailyWork('da-alerts', (orgId, now) => watch.runFor(orgId, now)),
    );
  }),
});
