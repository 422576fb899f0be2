import type { Logger } from 'pino';
import { apiKeyRoutes } from '../adapters/http/identity/api-keys.routes.ts';
import { authServiceRoutes } from '../adapters/http/identity/auth-service.routes.ts';
import { enterpriseSignInRoutes } from '../adapters/http/identity/enterprise-sign-in.routes.ts';
import { appCallbackRoutes } from '../adapters/http/identity/app-callback.routes.ts';
import { tokenRoutes } from '../adapters/http/identity/token.routes.ts';
import { userRoutes } from '../adapters/http/identity/users.routes.ts';
import { ApiKeyStoreRepository } from '../adapters/persistence/identity/api-key.store-repository.ts';
import { EmailVerificationStoreRepository } from '../adapters/persistence/identity/email-verification.store-repository.ts';
import { EnterpriseLoginStoreRepository } from '../adapters/persistence/identity/enterprise-login.store-repository.ts';
import { SessionStoreRepository } from '../adapters/persistence/identity/session.store-repository.ts';
import { UserStoreRepository } from '../adapters/persistence/identity/user.store-repository.ts';
import { Hs256TokenSigner } from '../adapters/security/hs256-token-signer.ts';
import { OidcEnterpriseProvider } from '../adapters/security/oidc-enterprise-provider.ts';
import { HmacAppCookies } from '../adapters/security/app-cookies.ts';
import { ScryptPasswordHasher } from '../adapters/security/scrypt-password-hasher.ts';
import { ActorPersons } from '../ports/identity/actor-persons.use-case.ts';
import { ApiKeys } from '../ports/identity/api-keys.use-case.ts';
import { AuthSessions } from '../ports/identity/auth-sessions.use-case.ts';
import { Authenticate } from '../ports/identity/authenticate.use-case.ts';
import { EmailVerifications } from '../ports/identity/email-verifications.use-case.ts';
import { EnterpriseSignIn } from '../ports/identity/enterprise-sign-in.use-case.ts';
import { SessionStatusCache } from '../ports/identity/session-status.cache.ts';
import { Users } from '../ports/identity/users.use-case.ts';
import { AccessChanges } from '../ports/shared/access-changes.ts';
import { AUDIT } from './audit.tokens.ts';
import type { AppConfig } from './config.ts';
import { IDENTITY } from './identity.tokens.ts';
import { PLATFORM } from './platform.tokens.ts';
import { PRODUCERS } from './producers.tokens.ts';
import { RATE_LIMIT } from './rate-limit.tokens.ts';
import { TENANCY } from './tenancy.tokens.ts';
import { bindings, type ContextModule } from './wiring.ts';

/** Users, sessions, API keys, e-mail verification, enterprise sign-in, and authentication of every request. */
export const identityModule = (config: AppConfig, logger: Logger): ContextModule => ({
  name: 'identity',
  bindings: bindings((wire) => {
    const store = { store: PLATFORM.Store };
    wire.factory(IDENTITY.PasswordHasher, {}, () => new ScryptPasswordHasher(config.passwordHashCost));
    wire.factory(IDENTITY.TokenSigner, {}, () => new Hs256TokenSigner(config.secrets.jwtSecret));
    wire.factory(IDENTITY.UserRepository, store, ({ store }) => UserStoreRepository.create(store));
    wire.factory(IDENTITY.SessionRepository, store, ({ store }) => SessionStoreRepository.create(store));
    wire.factory(IDENTITY.EmailVerificationRepository, store, ({ store }) => EmailVerificationStoreRepository.create(store));
    wire.factory(IDENTITY.ApiKeyRepository, store, ({ store }) => ApiKeyStoreRepository.create(store));
    wire.factory(IDENTITY.ActorPersons, { apiKeys: IDENTITY.ApiKeyRepository }, ({ apiKeys }) => new ActorPersons(apiKeys));
    wire.factory(IDENTITY.EnterpriseLogins, store, ({ store }) => EnterpriseLoginStoreRepository.create(store));
    // Shared by sign-out (forgets a session) and authentication (remembers live ones briefly).
    wire.value(IDENTITY.SessionStatus, new SessionStatusCache());
    // Shared by whatever changes access (sign-out, roles, keys, flags) and the deal-room sockets that re-check at once.
    wire.value(IDENTITY.AccessChanges, new AccessChanges());
    const accounts = {
      users: IDENTITY.UserRepository,
      organizations: TENANCY.OrganizationRepository,
      secrets: PLATFORM.SecretTools,
      clock: PLATFORM.Clock,
    } as const;
    wire.factory(
      IDENTITY.Authenticate,
      {
        ...accounts,
        tokens: IDENTITY.TokenSigner,
        apiKeys: IDENTITY.ApiKeyRepository,
        producers: PRODUCERS.ProducerRepository,
        sessions: IDENTITY.SessionRepository,
        sessionStatus: IDENTITY.SessionStatus,
      },
      (deps) => new Authenticate({ ...deps, machineSecret: config.secrets.apiSecret, environment: config.environment }),
    );
    wire.factory(
      IDENTITY.AuthSessions,
      {
        ...accounts,
        sessions: IDENTITY.SessionRepository,
        passwords: IDENTITY.PasswordHasher,
        tokens: IDENTITY.TokenSigner,
        attempts: RATE_LIMIT.SignInAttempts,
        ids: PLATFORM.Ids,
        audit: AUDIT.AuditTrail,
        atomic: PLATFORM.AtomicWrite,
        producers: PRODUCERS.Producers,
        verifications: IDENTITY.EmailVerifications,
        sessionStatus: IDENTITY.SessionStatus,
        accessChanges: IDENTITY.AccessChanges,
      },
      (deps) => new AuthSessions({ ...deps, machineSecret: config.secrets.apiSecret, identityVerificationUrl: config.identityVerificationUrl }),
    );
    wire.factory(
      IDENTITY.EmailVerifications,
      {
        users: IDENTITY.UserRepository,
        codes: IDENTITY.EmailVerificationRepository,
        mailer: PLATFORM.Mailer,
        secrets: PLATFORM.SecretTools,
        mailWindows: RATE_LIMIT.SignInAttempts,
        clock: PLATFORM.Clock,
      },
      (deps) => new EmailVerifications(deps),
    );
    wire.factory(
      IDENTITY.EnterpriseSignIn,
      {
        ...accounts,
        pending: IDENTITY.EnterpriseLogins,
        sessions: IDENTITY.AuthSessions,
        audit: AUDIT.AuditTrail,
        atomic: PLATFORM.AtomicWrite,
        ids: PLATFORM.Ids,
      },
      (deps) =>
        config.sso
          ? new EnterpriseSignIn({
              ...deps,
              provider: new OidcEnterpriseProvider(config.sso),
              tenantId: config.sso.tenantId,
              appOrigins: config.sso.appOrigins,
            })
          : null,
    );
    const accessChange = {
      ids: PLATFORM.Ids,
      clock: PLATFORM.Clock,
      audit: AUDIT.AuditTrail,
      atomic: PLATFORM.AtomicWrite,
      accessChanges: IDENTITY.AccessChanges,
    } as const;
    wire.factory(
      IDENTITY.Users,
      { ...accessChange, users: IDENTITY.UserRepository, organizations: TENANCY.OrganizationRepository, passwords: IDENTITY.PasswordHasher },
      (deps) => new Users(deps),
    );
    wire.factory(
      IDENTITY.ApiKeys,
      { ...accessChange, apiKeys: IDENTITY.ApiKeyRepository, organizations: TENANCY.OrganizationRepository, secrets: PLATFORM.SecretTools },
      (deps) => new ApiKeys({ ...deps, environment: config.environment }),
    );
  }),
  routes: async (resolve) => [
    ...tokenRoutes(await resolve(IDENTITY.AuthSessions)),
    ...userRoutes(await resolve(IDENTITY.Users)),
    ...apiKeyRoutes(await resolve(IDENTITY.ApiKeys)),
  ],
  authRoutes: async (resolve) => [
    ...authServiceRoutes(await resolve(IDENTITY.AuthSessions), await resolve(IDENTITY.EmailVerifications), config.environment !== 'local'),
    ...enterpriseSignInRoutes(await resolve(IDENTITY.EnterpriseSignIn), config.authBaseUrl, config.environment !== 'local'),
    ...appCallbackRoutes(
      new HmacAppCookies(config.appCookieKeys),
      await resolve(IDENTITY.TokenSigner),
      await resolve(PLATFORM.Clock),
      config.environment !== 'local',
    ),
  ],
});
