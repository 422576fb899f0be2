import { HmacPortalCookies } from '../adapters/security/portal-cookie.ts';
import { portalCallbackRoutes } from '../adapters/http/identity/portal-callback.routes.ts';
import { enterpriseSignInRoutes } from '../adapters/http/identity/enterprise-sign-in.routes.ts';
import { EnterpriseLoginStoreRepository } from '../adapters/persistence/identity/enterprise-login.store-repository.ts';
import { OidcEnterpriseProvider } from '../adapters/security/oidc-enterprise-provider.ts';
import { EnterpriseSignIn } from '../ports/identity/enterprise-sign-in.use-case.ts';
import type { Logger } from 'pino';
import { policyholderTokenRoutes } from '../adapters/http/identity/policyholder-token.routes.ts';
import { PolicyholderCodeStoreRepository } from '../adapters/persistence/identity/policyholder-code.store-repository.ts';
import { PolicyholderSignIn } from '../ports/identity/policyholder-sign-in.use-case.ts';
import { authServiceRoutes } from '../adapters/http/identity/auth-service.routes.ts';
import { apiKeyRoutes } from '../adapters/http/identity/api-keys.routes.ts';
import { tokenRoutes } from '../adapters/http/identity/token.routes.ts';
import { userRoutes } from '../adapters/http/identity/users.routes.ts';
import { ApiKeyStoreRepository } from '../adapters/persistence/identity/api-key.store-repository.ts';
import { EmailVerificationStoreRepository } from '../adapters/persistence/identity/email-verification.store-repository.ts';
import { SessionStoreRepository } from '../adapters/persistence/identity/session.store-repository.ts';
import { UserStoreRepository } from '../adapters/persistence/identity/user.store-repository.ts';
import { ApiKeys } from '../ports/identity/api-keys.use-case.ts';
import { AuthSessions } from '../ports/identity/auth-sessions.use-case.ts';
import { Authenticate } from '../ports/identity/authenticate.use-case.ts';
import { EmailVerifications } from '../ports/identity/email-verifications.use-case.ts';
import { SessionStatusCache } from '../ports/identity/session-status.cache.ts';
import { AccessChanges } from '../ports/shared/access-changes.ts';
import { Users } from '../ports/identity/users.use-case.ts';
import type { AppConfig } from './config.ts';
import { TOKENS } from './tokens.ts';
import { bindings, type ContextModule } from './wiring.ts';

/** Users, sessions, API keys, e-mail verification and authentication of every request. */
export const identityModule = (config: AppConfig, logger: Logger): ContextModule => ({
  name: 'identity',
  bindings: bindings((wire) => {
    wire.factory(TOKENS.UserRepository, [TOKENS.Store], UserStoreRepository.create);
    wire.factory(TOKENS.SessionRepository, [TOKENS.Store], SessionStoreRepository.create);
    wire.factory(TOKENS.EmailVerificationRepository, [TOKENS.Store], EmailVerificationStoreRepository.create);
    wire.factory(TOKENS.ApiKeyRepository, [TOKENS.Store], ApiKeyStoreRepository.create);
    // Shared by sign-out (forgets a session) and authentication (remembers live ones briefly).
    wire.value(TOKENS.SessionStatus, new SessionStatusCache());
    // Shared by whatever changes access (sign-out, roles, keys, flags) and the deal-room sockets that re-check at once.
    wire.value(TOKENS.AccessChanges, new AccessChanges());
    wire.factory(
      TOKENS.Authenticate,
      [
        TOKENS.TokenSigner,
        TOKENS.SecretTools,
        TOKENS.ApiKeyRepository,
        TOKENS.UserRepository,
        TOKENS.OrganizationRepository,
        TOKENS.ProducerRepository,
        TOKENS.SessionRepository,
        TOKENS.SessionStatus,
        TOKENS.Clock,
      ],
      (tokens, secrets, apiKeys, users, organizations, producers, sessions, sessionStatus, clock) =>
        new Authenticate({
          machineSecret: config.secrets.apiSecret,
          environment: config.environment,
          tokens,
          secrets,
          apiKeys,
          users,
          organizations,
          producers,
          sessions,
          sessionStatus,
          clock,
        }),
    );
    wire.factory(
      TOKENS.AuthSessions,
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
        TOKENS.SessionStatus,
        TOKENS.AccessChanges,
      ],
      (users, sessions, organizations, passwords, tokens, secrets, attempts, ids, clock, audit, producers, verifications, sessionStatus, accessChanges) =>
        new AuthSessions({
          machineSecret: config.secrets.apiSecret,
          users,
          sessions,
          organizations,
          passwords,
          tokens,
          secrets,
          attempts,
          ids,
          clock,
          audit,
          producers,
          verifications,
          sessionStatus,
          accessChanges,
        }),
    );
    wire.factory(
      TOKENS.EmailVerifications,
      [TOKENS.UserRepository, TOKENS.EmailVerificationRepository, TOKENS.Mailer, TOKENS.SecretTools, TOKENS.SignInAttempts, TOKENS.Clock],
      (users, codes, mailer, secrets, mailWindows, clock) => new EmailVerifications({ users, codes, mailer, secrets, mailWindows, clock }),
    );
    wire.factory(TOKENS.EnterpriseLogins, [TOKENS.Store], EnterpriseLoginStoreRepository.create);
    wire.factory(
      TOKENS.EnterpriseSignIn,
      [
        TOKENS.EnterpriseLogins,
        TOKENS.UserRepository,
        TOKENS.OrganizationRepository,
        TOKENS.AuthSessions,
        TOKENS.SecretTools,
        TOKENS.AuditTrail,
        TOKENS.Ids,
        TOKENS.Clock,
      ],
      (pending, users, organizations, sessions, secrets, audit, ids, clock) =>
        config.sso
          ? new EnterpriseSignIn({
              provider: new OidcEnterpriseProvider(config.sso),
              pending,
              users,
              organizations,
              sessions,
              secrets,
              audit,
              ids,
              clock,
              tenantId: config.sso.tenantId,
              portalOrigins: config.sso.portalOrigins,
            })
          : null,
    );
    wire.factory(TOKENS.PolicyholderCodeRepository, [TOKENS.Store], PolicyholderCodeStoreRepository.create);
    wire.factory(
      TOKENS.PolicyholderSignIn,
      [TOKENS.PolicyRepository, TOKENS.PolicyholderCodeRepository, TOKENS.Mailer, TOKENS.SecretTools, TOKENS.TokenSigner, TOKENS.SignInAttempts, TOKENS.Clock],
      (policies, codes, mailer, secrets, tokens, requestWindows, clock) =>
        new PolicyholderSignIn({
          policies,
          codes,
          mailer,
          secrets,
          tokens,
          requestWindows,
          clock,
          reportFailure: (error) => logger.error({ err: error }, 'a policyholder sign-in code could not be issued'),
        }),
    );
    wire.factory(
      TOKENS.Users,
      [TOKENS.UserRepository, TOKENS.OrganizationRepository, TOKENS.PasswordHasher, TOKENS.Ids, TOKENS.Clock, TOKENS.AuditTrail, TOKENS.AccessChanges],
      (users, organizations, passwords, ids, clock, audit, accessChanges) => new Users({ users, organizations, passwords, ids, clock, audit, accessChanges }),
    );
    wire.factory(
      TOKENS.ApiKeys,
      [TOKENS.ApiKeyRepository, TOKENS.OrganizationRepository, TOKENS.SecretTools, TOKENS.Ids, TOKENS.Clock, TOKENS.AuditTrail, TOKENS.AccessChanges],
      (apiKeys, organizations, secrets, ids, clock, audit, accessChanges) =>
        new ApiKeys({ environment: config.environment, apiKeys, organizations, secrets, ids, clock, audit, accessChanges }),
    );
  }),
  routes: async (resolve) => [
    ...tokenRoutes(await resolve(TOKENS.AuthSessions)),
    ...policyholderTokenRoutes(await resolve(TOKENS.PolicyholderSignIn)),
    ...userRoutes(await resolve(TOKENS.Users)),
    ...apiKeyRoutes(await resolve(TOKENS.ApiKeys)),
  ],
  authRoutes: async (resolve) => [
    ...authServiceRoutes(await resolve(TOKENS.AuthSessions), await resolve(TOKENS.EmailVerifications), config.environment !== 'local'),
    ...enterpriseSignInRoutes(await resolve(TOKENS.EnterpriseSignIn), config.authBaseUrl, config.environment !== 'local'),
    ...portalCallbackRoutes(
      new HmacPortalCookies(config.portalCookieKeys),
      await resolve(TOKENS.TokenSigner),
      await resolve(TOKENS.Clock),
      config.environment !== 'local',
    ),
  ],
});
