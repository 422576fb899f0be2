import { StoreDailyNotices } from '../adapters/persistence/compliance/daily-notice.store.ts';
import { loadComplianceCalendar } from '../adapters/reference-data/compliance-calendar.ts';
import { complianceDeadlinesJob } from '../jobs/compliance/compliance-deadlines.job.ts';
import { daUtilizationJob } from '../jobs/compliance/da-utilization.job.ts';
import { ComplianceWatch } from '../ports/compliance/compliance-watch.ts';
import { DaUtilizationWatch } from '../ports/compliance/da-utilization-watch.ts';
import { ANALYTICS } from './analytics.tokens.ts';
import { COMPLIANCE } from './compliance.tokens.ts';
import { PLATFORM } from './platform.tokens.ts';
import { POLICY } from './policy.tokens.ts';
import { PRODUCERS } from './producers.tokens.ts';
import { TENANCY } from './tenancy.tokens.ts';
import { bindings, type ContextModule } from './wiring.ts';

/** The watches that announce what falls due (licences, appointments, state filings) and delegated authority running out. */
export const complianceModule = (): ContextModule => ({
  name: 'compliance',
  bindings: bindings((wire) => {
    wire.factory(COMPLIANCE.DailyNotices, { store: PLATFORM.Store }, ({ store }) => StoreDailyNotices.create(store));
    const watched = { organizations: TENANCY.OrganizationRepository, notices: COMPLIANCE.DailyNotices, ids: PLATFORM.Ids } as const;
    wire.contribute(
      PLATFORM.ScheduledJob,
      { ...watched, producers: PRODUCERS.ProducerRepository, appointments: PRODUCERS.AppointmentRepository, policies: POLICY.PolicyRepository },
      (deps) => complianceDeadlinesJob(new ComplianceWatch({ ...deps, calendar: loadComplianceCalendar() })),
    );
    wire.contribute(PLATFORM.ScheduledJob, { ...watched, analytics: ANALYTICS.Analytics }, (deps) => daUtilizationJob(new DaUtilizationWatch(deps)));
  }),
});
