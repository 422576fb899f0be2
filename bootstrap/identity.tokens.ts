import type { ActorPersons } from '../ports/identity/actor-persons.use-case.ts';
import type { ApiKeyRepository } from '../ports/identity/api-key.repository.ts';
import type { ApiKeys } from '../ports/identity/api-keys.use-case.ts';
import type { AuthSessions } from '../ports/identity/auth-sessions.use-case.ts';
import type { Authenticate } from '../ports/identity/authenticate.use-case.ts';
import type { PasswordHasher, TokenSigner } from '../ports/identity/credential-crypto.port.ts';
import type { EmailVerificationRepository } from '../ports/identity/email-verification.repository.ts';
import type { EmailVerifications } from '../ports/identity/email-verifications.use-case.ts';
import type { EnterpriseSignIn, PendingEnterpriseLogins } from '../ports/identity/enterprise-sign-in.use-case.ts';
import type { SessionStatusCache } from '../ports/identity/session-status.cache.ts';
import type { SessionRepository } from '../ports/identity/session.repository.ts';
import type { UserRepository } from '../ports/identity/user.repository.ts';
import type { Users } from '../ports/identity/users.use-case.ts';
import type { AccessChanges } from '../ports/shared/access-changes.ts';
import { token } from './wiring.ts';

/** Users, sessions, credentials, API keys, e-mail verification, enterprise sign-in. Each key is typed by the port bound to it in `identity.module.ts`. */
export const IDENTITY = {
  PasswordHasher: token<PasswordHasher>('PasswordHasher'),
  TokenSigner: token<TokenSigner>('TokenSigner'),
  UserRepository: token<UserRepository>('UserRepository'),
  SessionRepository: token<SessionRepository>('SessionRepository'),
  SessionStatus: token<SessionStatusCache>('SessionStatusCache'),
  AccessChanges: token<AccessChanges>('AccessChanges'),
  ApiKeyRepository: token<ApiKeyRepository>('ApiKeyRepository'),
  EmailVerificationRepository: token<EmailVerificationRepository>('EmailVerificationRepository'),
  Authenticate: token<Authenticate>('Authenticate'),
  AuthSessions: token<AuthSessions>('AuthSessions'),
  EnterpriseLogins: token<PendingEnterpriseLogins>('EnterpriseLogins'),
  EnterpriseSignIn: token<EnterpriseSignIn | null>('EnterpriseSignIn'),
  EmailVerifications: token<EmailVerifications>('EmailVerifications'),
  Users: token<Users>('Users'),
  ApiKeys: token<ApiKeys>('ApiKeys'),
  ActorPersons: token<ActorPersons>('ActorPersons'),
} as const;
