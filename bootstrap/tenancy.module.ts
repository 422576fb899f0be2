import type { Logger } from 'pino';
import { organizationRoutes } from '../adapters/http/tenancy/organizations.routes.ts';
import { testClockRoutes } from '../adapters/http/tenancy/test-clocks.routes.ts';
import { OrganizationStoreRepository } from '../adapters/persistence/tenancy/organization.store-repository.ts';
import { TestClockStoreRepository } from '../adapters/persistence/tenancy/test-clock.store-repository.ts';
import { dailyWorkJob } from '../jobs/tenancy/daily-work.job.ts';
import { Organizations } from '../ports/tenancy/organizations.use-case.ts';
import { TestClocks } from '../ports/tenancy/test-clocks.use-case.ts';
import { AUDIT } from './audit.tokens.ts';
import type { AppConfig } from './config.ts';
import { DOCUMENTS } from './documents.tokens.ts';
import { PLATFORM } from './platform.tokens.ts';
import { TENANCY } from './tenancy.tokens.ts';
import { allOf, bindings, type ContextModule } from './wiring.ts';

/** Organizations (tenants), their test clocks (local and sandbox), and the day's scheduled work for those in real time. */
export const tenancyModule = (config: AppConfig, logger: Logger): ContextModule => {
  const withClocks = config.environment !== 'production';
  return {
    name: 'tenancy',
    bindings: bindings((wire) => {
      wire.factory(TENANCY.OrganizationRepository, { store: PLATFORM.Store }, ({ store }) => OrganizationStoreRepository.create(store));
      wire.factory(
        TENANCY.Organizations,
        { organizations: TENANCY.OrganizationRepository, ids: PLATFORM.Ids, clock: PLATFORM.Clock, audit: AUDIT.AuditTrail, atomic: PLATFORM.AtomicWrite },
        (deps) => new Organizations(deps),
      );
      wire.factory(TENANCY.TestClockRepository, { store: PLATFORM.Store }, ({ store }) => TestClockStoreRepository.create(store));
      wire.factory(
        TENANCY.TestClocks,
        {
          clocks: TENANCY.TestClockRepository,
          times: PLATFORM.OrganizationTimes,
          work: allOf(PLATFORM.DailyWork),
          holdings: allOf(TENANCY.PolicyHoldings),
          ids: PLATFORM.Ids,
          clock: PLATFORM.Clock,
          audit: AUDIT.AuditTrail,
          atomic: PLATFORM.AtomicWrite,
        },
        ({ holdings, ...deps }) =>
          new TestClocks({
            ...deps,
            hasPolicies: async (orgId) => (await Promise.all(holdings.map((holding) => holding.hasPolicies(orgId)))).some(Boolean),
            answerWithinMs: config.testClockAnswerMs,
            log: (message, fields) => logger.warn(fields, message),
          }),
      );
      wire.contribute(
        PLATFORM.ScheduledJob,
        { work: allOf(PLATFORM.DailyWork), organizations: TENANCY.OrganizationRepository, roster: PLATFORM.TestClockRoster, clock: PLATFORM.Clock },
        (deps) => dailyWorkJob(deps),
      );
    }),
    routes: async (resolve) => {
      const clocks = withClocks ? await resolve(TENANCY.TestClocks) : null;
      return [
        ...organizationRoutes(await resolve(TENANCY.Organizations), await resolve(DOCUMENTS.DocumentLibrary), clocks),
        ...(clocks ? testClockRoutes(clocks) : []),
      ];
    },
    jobs: async (resolve) => {
      if (!withClocks) return [];
      const clocks = await resolve(TENANCY.TestClocks);
      return [{ name: 'test-clock-resume', every: '5 seconds', run: async () => void (await clocks.resumeStalled()) }];
    },
  };
};
