import { join } from 'node:path';
import type { Logger } from 'pino';
import { auditRoutes } from '../adapters/http/audit/audit.routes.ts';
import { healthRoutes } from '../adapters/http/platform/health.routes.ts';
import { metricsRoute } from '../adapters/http/platform/metrics.routes.ts';
import type { PromMetrics } from '../adapters/metrics/prom-metrics.ts';
import { AgendaJobRunner } from '../adapters/jobs/agenda-job-runner.ts';
import { agendaBackendFor } from './job-backend.ts';
import { OutboxFileMailer } from '../adapters/notifications/outbox-file-mailer.ts';
import { SmtpMailer } from '../adapters/notifications/smtp-mailer.ts';
import { AuditLogStore } from '../adapters/persistence/audit/audit-log.store.ts';
import { StoreIdempotencyKeys } from '../adapters/persistence/platform/idempotency-key.store.ts';
import { MemoryWindowCounter } from '../adapters/persistence/rate-limit/window-counter.memory.ts';
import { StoreWindowCounter } from '../adapters/persistence/rate-limit/window-counter.store.ts';
import { Hs256TokenSigner } from '../adapters/security/hs256-token-signer.ts';
import { NodeSecretTools } from '../adapters/security/node-secret-tools.ts';
import { ScryptPasswordHasher } from '../adapters/security/scrypt-password-hasher.ts';
import { SystemClock } from '../adapters/system/system-clock.ts';
import { TimeOrderedIds } from '../adapters/system/time-ordered-ids.ts';
import type { CollectionStore } from '../ports/shared/persistence/collection-store.port.ts';
import { RateLimiter } from '../ports/rate-limit/rate-limiter.use-case.ts';
import { AuditTrail } from '../ports/shared/audit-trail.ts';
import type { AppConfig } from './config.ts';
import { TOKENS } from './tokens.ts';
import { bindings, type ContextModule } from './wiring.ts';

/** What every context uses: the store, time, ids, crypto, the audit log, rate limits, mail and the job runner. */
export const platformModule = (config: AppConfig, store: CollectionStore, logger: Logger, metrics: PromMetrics): ContextModule => ({
  name: 'platform',
  bindings: bindings((wire) => {
    wire.value(TOKENS.Store, store);
    wire.value(TOKENS.Metrics, metrics);
    wire.value(TOKENS.Clock, new SystemClock());
    wire.value(TOKENS.Ids, new TimeOrderedIds());
    wire.value(TOKENS.SecretTools, new NodeSecretTools());
    wire.factory(TOKENS.PasswordHasher, [], () => new ScryptPasswordHasher(config.passwordHashCost));
    wire.factory(TOKENS.TokenSigner, [], () => new Hs256TokenSigner(config.secrets.jwtSecret));
    wire.factory(TOKENS.AuditLog, [TOKENS.Store], AuditLogStore.create);
    wire.factory(TOKENS.IdempotencyKeys, [TOKENS.Store], StoreIdempotencyKeys.create);
    wire.factory(TOKENS.AuditTrail, [TOKENS.AuditLog, TOKENS.Ids, TOKENS.Clock], (log, ids, clock) => new AuditTrail(log, ids, clock));
    // Rate windows may be lost on a crash without harm; sign-in lockouts may not. With the embedded
    // engine one process owns the data, so its memory is the shared store for rate windows.
    wire.factory(TOKENS.RateWindows, [TOKENS.Store], (store) =>
      store.engine === 'mongodb' ? StoreWindowCounter.create(store, 'rate_windows', { volatile: true }) : new MemoryWindowCounter(),
    );
    wire.factory(TOKENS.SignInAttempts, [TOKENS.Store], (store) => StoreWindowCounter.create(store, 'sign_in_attempts', { volatile: false }));
    wire.factory(
      TOKENS.RateLimiter,
      [TOKENS.RateWindows, TOKENS.Clock],
      (windows, clock) => new RateLimiter(config.environment, config.defaultRateLimit, windows, clock),
    );
    // Mail goes to the SMTP server when one is configured (production requires it);
    // local and sandbox otherwise write it as files in DATA_DIR/outbox.
    wire.value(TOKENS.Mailer, config.smtp ? new SmtpMailer(config.smtp) : new OutboxFileMailer(join(config.dataDir, 'outbox')));
    wire.factory(
      TOKENS.JobRunner,
      [TOKENS.Store],
      (store) => new AgendaJobRunner(agendaBackendFor(store), logger, { lockLifetimeMs: config.jobLockLifetimeMs, metrics }),
    );
  }),
  routes: async (resolve) => [
    ...healthRoutes(await resolve(TOKENS.Store)),
    ...auditRoutes(await resolve(TOKENS.AuditLog)),
    metricsRoute(metrics, [config.secrets.apiSecret, ...(config.metricsToken ? [config.metricsToken] : [])]),
  ],
});
