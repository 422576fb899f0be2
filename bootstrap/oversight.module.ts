import { analyticsRoutes } from '../adapters/http/analytics/analytics.routes.ts';
import { jobRoutes } from '../adapters/http/platform/jobs.routes.ts';
import { bordereauxRoutes } from '../adapters/http/reports/bordereaux.routes.ts';
import { Bordereaux } from '../ports/reports/bordereaux.use-case.ts';
import { StoreDailyNotices } from '../adapters/persistence/compliance/daily-notice.store.ts';
import { StoreJobRunLog } from '../adapters/persistence/platform/job-run-log.store.ts';
import { loadComplianceCalendar } from '../adapters/reference-data/compliance-calendar.ts';
import { Analytics } from '../ports/analytics/analytics.use-case.ts';
import { ScheduledJobs } from '../ports/platform/scheduled-jobs.use-case.ts';
import { ComplianceWatch } from '../ports/compliance/compliance-watch.ts';
import { DaUtilizationWatch } from '../ports/compliance/da-utilization-watch.ts';
import { TOKENS } from './tokens.ts';
import { bindings, type ContextModule } from './wiring.ts';

/** Oversight: the organization's figures (analytics, bordereaux) and the scheduled watches that send deadline and DA alerts. */
export const oversightModule = (): ContextModule => ({
  name: 'oversight',
  bindings: bindings((wire) => {
    wire.factory(
      TOKENS.Analytics,
      [
        TOKENS.PolicyRepository,
        TOKENS.ClaimRepository,
        TOKENS.CommissionRepository,
        TOKENS.ProgramRepository,
        TOKENS.ReferenceData,
        TOKENS.WrittenPremiumCounter,
        TOKENS.Clock,
      ],
      (policies, claims, commissions, programs, reference, writtenPremium, clock) =>
        new Analytics({ policies, claims, commissions, programs, reference, writtenPremium, clock }),
    );
    wire.factory(TOKENS.DailyNotices, [TOKENS.Store], StoreDailyNotices.create);
    wire.factory(
      TOKENS.ScheduledJobs,
      [
        TOKENS.Store,
        TOKENS.JobRunner,
        TOKENS.OrganizationRepository,
        TOKENS.ProducerRepository,
        TOKENS.AppointmentRepository,
        TOKENS.PolicyRepository,
        TOKENS.Analytics,
        TOKENS.DailyNotices,
        TOKENS.Ids,
        TOKENS.Clock,
      ],
      (store, runner, organizations, producers, appointments, policies, analytics, notices, ids, clock) => {
        const compliance = new ComplianceWatch({ organizations, producers, appointments, policies, calendar: loadComplianceCalendar(), notices, ids });
        const utilization = new DaUtilizationWatch({ organizations, analytics, notices, ids });
        return new ScheduledJobs({
          jobs: [
            {
              name: 'compliance-deadlines',
              cron: '0 6 * * *',
              description:
                'Licence expiries, appointment renewals and state filings due within 30 days: compliance.deadline_approaching, once per item and day.',
              run: (now) => compliance.run(now),
            },
            {
              name: 'da-utilization',
              cron: '0 * * * *',
              description: 'Programs whose written premium this year is above 85 % of the aggregate cap: da.limit_approaching, once per program and day.',
              run: (now) => utilization.run(now),
            },
          ],
          log: new StoreJobRunLog(store),
          queue: runner,
          schedule: runner,
          ids,
          clock,
        });
      },
    );
  }),
  routes: async (resolve) => [
    ...analyticsRoutes(await resolve(TOKENS.Analytics)),
    ...jobRoutes(await resolve(TOKENS.ScheduledJobs)),
    ...bordereauxRoutes(
      new Bordereaux({
        policies: await resolve(TOKENS.PolicyRepository),
        claims: await resolve(TOKENS.ClaimRepository),
        commissions: await resolve(TOKENS.CommissionRepository),
      }),
    ),
  ],
  jobs: async (resolve) => (await resolve(TOKENS.ScheduledJobs)).definitions(),
});
