import { Container, ContainerModule } from 'inversify';
import { AuditLogStore } from '../adapters/persistence/audit/audit-log.store.ts';
import { ApiKeyStoreRepository } from '../adapters/persistence/identity/api-key.store-repository.ts';
import { SessionStoreRepository } from '../adapters/persistence/identity/session.store-repository.ts';
import { UserStoreRepository } from '../adapters/persistence/identity/user.store-repository.ts';
import { MemoryWindowCounter } from '../adapters/persistence/rate-limit/window-counter.memory.ts';
import { StoreWindowCounter } from '../adapters/persistence/rate-limit/window-counter.store.ts';
import { OrganizationStoreRepository } from '../adapters/persistence/tenancy/organization.store-repository.ts';
import { Hs256TokenSigner } from '../adapters/security/hs256-token-signer.ts';
import { NodeSecretTools } from '../adapters/security/node-secret-tools.ts';
import { ScryptPasswordHasher } from '../adapters/security/scrypt-password-hasher.ts';
import { SystemClock } from '../adapters/system/system-clock.ts';
import { TimeOrderedIds } from '../adapters/system/time-ordered-ids.ts';
import type { AuditLog } from '../ports/audit/audit-log.port.ts';
import type { ApiKeyRepository } from '../ports/identity/api-key.repository.ts';
import { ApiKeys } from '../ports/identity/api-keys.use-cases.ts';
import { AuthSessions } from '../ports/identity/auth-sessions.use-cases.ts';
import { Authenticate } from '../ports/identity/authenticate.use-case.ts';
import type { PasswordHasher, SecretTools, TokenSigner } from '../ports/identity/credential-crypto.port.ts';
import type { SessionRepository } from '../ports/identity/session.repository.ts';
import type { UserRepository } from '../ports/identity/user.repository.ts';
import { Users } from '../ports/identity/users.use-cases.ts';
import { SessionStatusCache } from '../ports/identity/session-status.cache.ts';
import { EmailVerifications } from '../ports/identity/email-verifications.use-cases.ts';
import type { EmailVerificationRepository } from '../ports/identity/email-verification.repository.ts';
import { EmailVerificationStoreRepository } from '../adapters/persistence/identity/email-verification.store-repository.ts';
import type { Mailer } from '../ports/notifications/mailer.port.ts';
import type { DocumentStore } from '../ports/persistence/document-store.port.ts';
import { RateLimiter } from '../ports/rate-limit/rate-limiter.use-case.ts';
import type { WindowCounter } from '../ports/rate-limit/window-counter.port.ts';
import { AuditTrail } from '../ports/shared/audit-trail.ts';
import type { Clock } from '../ports/shared/clock.port.ts';
import type { IdGenerator } from '../ports/shared/id-generator.port.ts';
import type { OrganizationRepository } from '../ports/tenancy/organization.repository.ts';
import { Organizations } from '../ports/tenancy/organizations.use-cases.ts';
import { AppointmentStoreRepository, ProducerStoreRepository } from '../adapters/persistence/producers/producer.store-repositories.ts';
import type { AppointmentRepository, ProducerRepository } from '../ports/producers/producer.repositories.ts';
import { Producers } from '../ports/producers/producers.use-cases.ts';
import { TOKENS } from '../ports/tokens.ts';
import type { AppConfig } from './config.ts';
import { underwritingModule } from './underwriting.module.ts';
import { webhooksModule } from './webhooks.module.ts';
import { inboundModule } from './inbound.module.ts';
import { billingModule } from './billing.module.ts';
import type { Logger } from 'pino';

const infrastructure = (config: AppConfig, store: DocumentStore) =>
  new ContainerModule(({ bind }) => {
    bind<DocumentStore>(TOKENS.Store).toConstantValue(store);
    bind<Clock>(TOKENS.Clock).toConstantValue(new SystemClock());
    bind<IdGenerator>(TOKENS.Ids).toConstantValue(new TimeOrderedIds());
    bind<SecretTools>(TOKENS.SecretTools).toConstantValue(new NodeSecretTools());
    bind<PasswordHasher>(TOKENS.PasswordHasher).toResolvedValue(() => new ScryptPasswordHasher(config.passwordHashCost));
    bind<TokenSigner>(TOKENS.TokenSigner).toResolvedValue(() => new Hs256TokenSigner(config.secrets.jwtSecret));
  });

const persistence = new ContainerModule(({ bind }) => {
  bind<UserRepository>(TOKENS.UserRepository).toResolvedValue(UserStoreRepository.create, [TOKENS.Store]);
  bind<SessionRepository>(TOKENS.SessionRepository).toResolvedValue(SessionStoreRepository.create, [TOKENS.Store]);
  bind<EmailVerificationRepository>(TOKENS.EmailVerificationRepository).toResolvedValue(EmailVerificationStoreRepository.create, [TOKENS.Store]);
  bind<ApiKeyRepository>(TOKENS.ApiKeyRepository).toResolvedValue(ApiKeyStoreRepository.create, [TOKENS.Store]);
  bind<OrganizationRepository>(TOKENS.OrganizationRepository).toResolvedValue(OrganizationStoreRepository.create, [TOKENS.Store]);
  bind<AuditLog>(TOKENS.AuditLog).toResolvedValue(AuditLogStore.create, [TOKENS.Store]);
  // Rate windows may be lost on a crash without harm; sign-in lockouts may not. With the embedded
  // engines one process owns the data, so its memory is the shared store for rate windows.
  bind<WindowCounter>(TOKENS.RateWindows).toResolvedValue(
    (store: DocumentStore) =>
      store.engine === 'mongodb' ? StoreWindowCounter.create(store, 'rate_windows', { volatile: true }) : new MemoryWindowCounter(),
    [TOKENS.Store],
  );
  bind<WindowCounter>(TOKENS.SignInAttempts).toResolvedValue(
    (store: DocumentStore) => StoreWindowCounter.create(store, 'sign_in_attempts', { volatile: false }),
    [TOKENS.Store],
  );
});

const identity = (config: AppConfig) =>
  new ContainerModule(({ bind }) => {
    // Shared by sign-out (forgets a session) and authentication (remembers live ones briefly).
    const sessionStatus = new SessionStatusCache();
    bind<ProducerRepository>(TOKENS.ProducerRepository).toResolvedValue(ProducerStoreRepository.create, [TOKENS.Store]);
    bind<AppointmentRepository>(TOKENS.AppointmentRepository).toResolvedValue(AppointmentStoreRepository.create, [TOKENS.Store]);
    bind<Producers>(TOKENS.Producers).toResolvedValue(
      (producers: ProducerRepository, appointments: AppointmentRepository, ids: IdGenerator, clock: Clock) => new Producers({ producers, appointments, ids, clock }),
      [TOKENS.ProducerRepository, TOKENS.AppointmentRepository, TOKENS.Ids, TOKENS.Clock],
    );
    bind<AuditTrail>(TOKENS.AuditTrail).toResolvedValue(
      (log: AuditLog, ids: IdGenerator, clock: Clock) => new AuditTrail(log, ids, clock),
      [TOKENS.AuditLog, TOKENS.Ids, TOKENS.Clock],
    );
    bind<Authenticate>(TOKENS.Authenticate).toResolvedValue(
      (tokens: TokenSigner, secrets: SecretTools, apiKeys: ApiKeyRepository, users: UserRepository, organizations: OrganizationRepository, producers: ProducerRepository, sessions: SessionRepository, clock: Clock) =>
        new Authenticate({ machineSecret: config.secrets.apiSecret, environment: config.environment, tokens, secrets, apiKeys, users, organizations, producers, sessions, sessionStatus, clock }),
      [TOKENS.TokenSigner, TOKENS.SecretTools, TOKENS.ApiKeyRepository, TOKENS.UserRepository, TOKENS.OrganizationRepository, TOKENS.ProducerRepository, TOKENS.SessionRepository, TOKENS.Clock],
    );
    bind<AuthSessions>(TOKENS.AuthSessions).toResolvedValue(
      (
        users: UserRepository,
        sessions: SessionRepository,
        organizations: OrganizationRepository,
        passwords: PasswordHasher,
        tokens: TokenSigner,
        secrets: SecretTools,
        attempts: WindowCounter,
        ids: IdGenerator,
        clock: Clock,
        audit: AuditTrail,
        producers: Producers,
        verifications: EmailVerifications,
      ) => new AuthSessions({ machineSecret: config.secrets.apiSecret, users, sessions, organizations, passwords, tokens, secrets, attempts, ids, clock, audit, producers, verifications, sessionStatus }),
      [
        TOKENS.UserRepository,
        TOKENS.SessionRepository,
        TOKENS.OrganizationRepository,
        TOKENS.PasswordHasher,
        TOKENS.TokenSigner,
        TOKENS.SecretTools,
        TOKENS.SignInAttempts,
        TOKENS.Ids,
        TOKENS.Clock,
        TOKENS.AuditTrail,
        TOKENS.Producers,
        TOKENS.EmailVerifications,
      ],
    );
    bind<EmailVerifications>(TOKENS.EmailVerifications).toResolvedValue(
      (users: UserRepository, codes: EmailVerificationRepository, mailer: Mailer, secrets: SecretTools, mailWindows: WindowCounter, clock: Clock) =>
        new EmailVerifications({ users, codes, mailer, secrets, mailWindows, clock }),
      [TOKENS.UserRepository, TOKENS.EmailVerificationRepository, TOKENS.Mailer, TOKENS.SecretTools, TOKENS.SignInAttempts, TOKENS.Clock],
    );
    bind<Users>(TOKENS.Users).toResolvedValue(
      (users: UserRepository, organizations: OrganizationRepository, passwords: PasswordHasher, ids: IdGenerator, clock: Clock, audit: AuditTrail) =>
        new Users({ users, organizations, passwords, ids, clock, audit }),
      [TOKENS.UserRepository, TOKENS.OrganizationRepository, TOKENS.PasswordHasher, TOKENS.Ids, TOKENS.Clock, TOKENS.AuditTrail],
    );
    bind<ApiKeys>(TOKENS.ApiKeys).toResolvedValue(
      (apiKeys: ApiKeyRepository, organizations: OrganizationRepository, secrets: SecretTools, ids: IdGenerator, clock: Clock, audit: AuditTrail) =>
        new ApiKeys({ environment: config.environment, apiKeys, organizations, secrets, ids, clock, audit }),
      [TOKENS.ApiKeyRepository, TOKENS.OrganizationRepository, TOKENS.SecretTools, TOKENS.Ids, TOKENS.Clock, TOKENS.AuditTrail],
    );
  });

const tenancy = new ContainerModule(({ bind }) => {
  bind<Organizations>(TOKENS.Organizations).toResolvedValue(
    (organizations: OrganizationRepository, ids: IdGenerator, clock: Clock, audit: AuditTrail) => new Organizations({ organizations, ids, clock, audit }),
    [TOKENS.OrganizationRepository, TOKENS.Ids, TOKENS.Clock, TOKENS.AuditTrail],
  );
});

const rateLimits = (config: AppConfig) =>
  new ContainerModule(({ bind }) => {
    bind<RateLimiter>(TOKENS.RateLimiter).toResolvedValue(
      (windows: WindowCounter, clock: Clock) => new RateLimiter(config.environment, config.defaultRateLimit, windows, clock),
      [TOKENS.RateWindows, TOKENS.Clock],
    );
  });

/** The composition root: one module per adapter family and per bounded context. */
export const buildContainer = async (config: AppConfig, store: DocumentStore, logger: Logger): Promise<Container> => {
  const container = new Container({ defaultScope: 'Singleton' });
  await container.load(infrastructure(config, store), persistence, identity(config), tenancy, rateLimits(config), underwritingModule(config), webhooksModule(config, logger), billingModule(config, logger), inboundModule(config));
  return container;
};
