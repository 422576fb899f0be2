import type { Logger } from 'pino';
import { join } from 'node:path';
import { healthRoutes } from '../adapters/http/platform/health.routes.ts';
import { jobRoutes } from '../adapters/http/platform/jobs.routes.ts';
import { metricsRoute } from '../adapters/http/platform/metrics.routes.ts';
import { AgendaJobRunner } from '../adapters/jobs/agenda-job-runner.ts';
import { OutboxFileMailer } from '../adapters/notifications/outbox-file-mailer.ts';
import { StoreIdempotencyKeys } from '../adapters/persistence/platform/idempotency-key.store.ts';
import { StoreJobRunLog } from '../adapters/persistence/platform/job-run-log.store.ts';
import { StoreSequenceGenerator } from '../adapters/persistence/shared/sequence-generator.store.ts';
import { ScopedRequestWrites } from '../adapters/shared/request-writes.ts';
import { NodeSecretTools } from '../adapters/security/node-secret-tools.ts';
import { OrganizationClocks } from '../adapters/system/organization-clocks.ts';
import { TimeOrderedIds } from '../adapters/system/time-ordered-ids.ts';
import { ScheduledJobs } from '../ports/platform/scheduled-jobs.use-case.ts';
import type { CollectionStore } from '../ports/shared/persistence/collection-store.port.ts';
import type { ServiceMetrics } from '../ports/shared/metrics.port.ts';
import type { AppConfig } from './config.ts';
import { agendaBackendFor } from './job-backend.ts';
import { PLATFORM } from './platform.tokens.ts';
import { allOf, bindings, type ContextModule } from './wiring.ts';

/** What every context uses: the store, time, ids, secrets, numbering, idempotency, mail, metrics and the jobs. */
export const platformModule = (config: AppConfig, store: CollectionStore, logger: Logger, metrics: ServiceMetrics): ContextModule => ({
  name: 'platform',
  bindings: bindings((wire) => {
    // A request's audit entry joins the first group its command commits, whichever repository commits it.
    const requestWrites = new ScopedRequestWrites();
    const grouped = requestWrites.joining(store);
    wire.value(PLATFORM.RequestWrites, requestWrites);
    wire.value(PLATFORM.Store, grouped);
    wire.value(PLATFORM.AtomicWrite, { commit: (writes) => grouped.writeTogether(writes) });
    wire.value(PLATFORM.Metrics, metrics);
    const clocks = new OrganizationClocks();
    wire.value(PLATFORM.Clock, clocks);
    wire.value(PLATFORM.TestClockRoster, clocks);
    wire.value(PLATFORM.OrganizationTimes, clocks);
    wire.value(PLATFORM.Ids, new TimeOrderedIds());
    wire.value(PLATFORM.SecretTools, new NodeSecretTools());
    wire.factory(PLATFORM.Sequences, { store: PLATFORM.Store }, ({ store }) => new StoreSequenceGenerator(store));
    wire.factory(PLATFORM.IdempotencyKeys, { store: PLATFORM.Store }, ({ store }) => StoreIdempotencyKeys.create(store));
    // Mail goes to the SMTP server when one is configured (production requires it);
    // local and sandbox otherwise write it as files in DATA_DIR/outbox.
    // nodemailer is loaded only when an SMTP server is configured.
    wire.factory(PLATFORM.Mailer, {}, async () =>
      config.smtp
        ? new (await import('../adapters/notifications/smtp-mailer.ts')).SmtpMailer(config.smtp)
        : new OutboxFileMailer(join(config.dataDir, 'outbox')),
    );
    wire.factory(
      PLATFORM.JobRunner,
      { store: PLATFORM.Store },
      async ({ store }) => new AgendaJobRunner(await agendaBackendFor(store), logger, { lockLifetimeMs: config.jobLockLifetimeMs, metrics }),
    );
    wire.factory(
      PLATFORM.ScheduledJobs,
      { jobs: allOf(PLATFORM.ScheduledJob), store: PLATFORM.Store, runner: PLATFORM.JobRunner, ids: PLATFORM.Ids, clock: PLATFORM.Clock },
      ({ jobs, store, runner, ids, clock }) => new ScheduledJobs({ jobs, log: new StoreJobRunLog(store), queue: runner, schedule: runner, ids, clock }),
    );
  }),
  routes: async (resolve) => [
    ...healthRoutes(await resolve(PLATFORM.Store)),
    ...jobRoutes(await resolve(PLATFORM.ScheduledJobs)),
    metricsRoute(metrics, [config.secrets.apiSecret, ...(config.metricsToken ? [config.metricsToken] : [])]),
  ],
  jobs: async (resolve) => (await resolve(PLATFORM.ScheduledJobs)).definitions(),
});
