import type { AccessChanges } from '../shared/access-changes.ts';
import {
  DEMO_JWT_TTL_SECONDS,
  normalizeEmail,
  SERVICE_JWT_TTL_SECONDS,
  SESSION_TTL_MS,
  assertPasswordAcceptable,
} from '../../core/identity/credentials.rules.ts';
import { PLATFORM_ORG } from '../../core/shared/access/principal.ts';
import { DEMO_SUBJECT_PREFIX, issueClaims } from '../../core/identity/service-claims.ts';
import { sessionActive, type Session } from '../../core/identity/session.ts';
import { lockoutKey, signInAllowed, SIGN_IN_WINDOW_MS } from '../../core/identity/sign-in-lockout.rules.ts';
import { viewUser, type User, type UserView } from '../../core/identity/user.ts';
import { DomainError, notFound } from '../../core/shared/domain-error.ts';
import { domainAllowed } from '../../core/tenancy/organization.ts';
import { identityVerificationLink } from '../../core/producers/identity-verification-link.ts';
import type { WindowCounter } from '../rate-limit/window-counter.port.ts';
import type { Producers } from '../producers/producers.use-case.ts';
import type { EmailVerifications } from './email-verifications.use-case.ts';
import type { SessionStatusCache } from './session-status.cache.ts';
import type { AtomicWrite } from '../shared/persistence/atomic-write.port.ts';
import type { AuditTrail } from '../audit/audit-trail.use-case.ts';
import type { Clock } from '../shared/clock.port.ts';
import type { IdGenerator } from '../shared/id-generator.port.ts';
import type { OrganizationRepository } from '../tenancy/organization.repository.ts';
import type { PasswordHasher, SecretTools, TokenSigner } from './credential-crypto.port.ts';
import type { SessionRepository } from './session.repository.ts';
import type { UserRepository } from './user.repository.ts';
import { isoInstant } from '../../core/shared/iso-instant.ts';

export interface AuthSessionsDeps {
  readonly machineSecret: string;
  readonly users: UserRepository;
  readonly sessions: SessionRepository;
  readonly organizations: OrganizationRepository;
  readonly passwords: PasswordHasher;
  readonly tokens: TokenSigner;
  readonly secrets: SecretTools;
  readonly attempts: WindowCounter;
  readonly ids: IdGenerator;
  readonly clock: Clock;
  readonly audit: AuditTrail;
  readonly atomic: AtomicWrite;
  readonly producers: Producers;
  readonly verifications: EmailVerifications;
  readonly sessionStatus: SessionStatusCache;
  /** Told of each sign-out, so the session's open connections close at once. */
  readonly accessChanges?: AccessChanges;
  /** The identity provider's hosted verification flow (`IDENTITY_VERIFICATION_URL`); null: verification is started elsewhere. */
  readonly identityVerificationUrl?: string | null;
}

interface SignedIn {
  readonly user: Pick<UserView, 'id' | 'email' | 'role'>;
  readonly session: { readonly id: string; readonly expiresAt: string };
  readonly token: string;
  /** The opaque session token for the cookie; only its hash is stored. */
  readonly sessionToken: string;
}

interface SignUpInput {
  readonly email: string;
  readonly password: string;
  readonly name: string;
  readonly orgId: string;
}

/** Sign-up, sign-in, sessions and the tokens exchanged for them. */
export class AuthSessions {
  private readonly deps: AuthSessionsDeps;

  constructor(deps: AuthSessionsDeps) {
    this.deps = deps;
  }

  /**
   * A self-service account: role `producer`, with a producer record pending identity verification,
   * and a code mailed to the address. The account signs in once the code is confirmed. With a
   * hosted verification flow configured, the answer says where the producer verifies their identity.
   */
  async signUp(input: SignUpInput): Promise<UserView & { producerId: string; verification?: { url: string } }> {
    assertPasswordAcceptable(input.password);
    const organization = await this.deps.organizations.findById(input.orgId);
    if (!organization) throw notFound('Organization');
    const email = normalizeEmail(input.email);
    if (!domainAllowed(organization, email)) {
      throw new DomainError('domain_not_allowed', `The domain of '${email}' is not allowed for this organization.`);
    }
    const now = this.deps.clock.now();
    const user: User = {
      id: this.deps.ids.next('usr'),
      orgId: organization.id,
      email,
      name: input.name.trim(),
      role: 'producer',
      passwordHash: await this.deps.passwords.hash(input.password),
      emailVerifiedAt: null,
      createdAt: now,
      updatedAt: now,
    };
    const { producer, writes } = await this.deps.producers.registration(user.orgId, user);
    await this.deps.atomic.commit([
      this.deps.users.insertWrite(user),
      ...writes,
      this.deps.audit.recordWrite(`user:${user.id}`, user.orgId, 'user.signed_up', { type: 'user', id: user.id }, { producerId: producer.id }),
    ]);
    // The code is mailed once the account is kept; a code lost on the way is asked for again (resend).
    await this.deps.verifications.issue(user);
    const verification = identityVerificationLink(this.deps.identityVerificationUrl ?? null, producer.id);
    return { ...viewUser(user), producerId: producer.id, ...(verification ? { verification } : {}) };
  }

  async signIn(emailInput: string, password: string): Promise<SignedIn> {
    const email = normalizeEmail(emailInput);
    const key = lockoutKey(email);
    const now = this.deps.clock.now();
    const attempt = await this.deps.attempts.hit(key, SIGN_IN_WINDOW_MS, now);
    if (!signInAllowed(attempt.count)) {
      const retryAfter = Math.max(1, Math.ceil((attempt.windowEndsAt.getTime() - now.getTime()) / 1000));
      throw new DomainError('too_many_attempts', 'Too many failed sign-in attempts for this account.', { retryAfter });
    }
    const user = await this.deps.users.findByEmail(email);
    const valid = user ? await this.deps.passwords.verify(password, user.passwordHash) : await this.deps.passwords.verifyNothing(password);
    if (!user || !valid) throw new DomainError('invalid_credentials');
    await this.deps.attempts.reset(key);
    // Told only to whoever knows the password, so it reveals nothing about which accounts exist.
    if (user.emailVerifiedAt === null) throw new DomainError('email_not_verified', 'Confirm your e-mail address with the code mailed at sign-up first.');
    return this.openSession(user);
  }

  /** The session behind an opaque token, with a fresh service JWT. */
  async current(sessionToken: string): Promise<Omit<SignedIn, 'sessionToken'>> {
    const { session, user } = await this.activeSession(sessionToken);
    return {
      user: { id: user.id, email: user.email, role: user.role },
      session: { id: session.id, expiresAt: isoInstant(session.expiresAt) },
      token: this.serviceToken(user, session.id),
    };
  }

  async signOut(sessionToken: string): Promise<void> {
    const session = await this.deps.sessions.findByTokenHash(this.deps.secrets.digest(sessionToken));
    if (session && session.revokedAt === null) {
      await this.deps.sessions.revoke(session.orgId, session.id, this.deps.clock.now());
      this.deps.sessionStatus.forget(session.id);
      this.deps.accessChanges?.changed(session.orgId);
    }
  }

  async exchange(sessionToken: string): Promise<{ token: string }> {
    const { session, user } = await this.activeSession(sessionToken);
    return { token: this.serviceToken(user, session.id) };
  }

  /** A short-lived token for the holder of the machine secret. */
  async demo(secret: string, orgId: string | undefined): Promise<{ token: string; expiresAt: string }> {
    if (!this.deps.secrets.same(secret, this.deps.machineSecret)) throw new DomainError('unauthenticated', 'The secret is not valid.');
    if (orgId !== undefined && !(await this.deps.organizations.findById(orgId))) throw notFound('Organization');
    const claims = issueClaims(
      orgId === undefined
        ? { sub: `${DEMO_SUBJECT_PREFIX}${this.deps.secrets.randomToken(9)}`, org: PLATFORM_ORG, role: 'superadmin' }
        : { sub: `${DEMO_SUBJECT_PREFIX}${this.deps.secrets.randomToken(9)}`, org: orgId, role: 'org_admin' },
      this.deps.clock.now().getTime(),
      DEMO_JWT_TTL_SECONDS,
    );
    return { token: this.deps.tokens.sign(claims), expiresAt: isoInstant(new Date(claims.exp * 1000)) };
  }

  /** A session for a user the enterprise identity provider vouched for (no password involved). */
  signedInElsewhere(user: User): Promise<SignedIn> {
    return this.openSession(user);
  }

  private async openSession(user: User): Promise<SignedIn> {
    const now = this.deps.clock.now();
    const sessionToken = this.deps.secrets.randomToken(32);
    const session: Session = {
      id: this.deps.ids.next('ses'),
      orgId: user.orgId,
      userId: user.id,
      tokenHash: this.deps.secrets.digest(sessionToken),
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
      createdAt: now,
      revokedAt: null,
    };
    await this.deps.sessions.insert(session);
    return {
      user: { id: user.id, email: user.email, role: user.role },
      session: { id: session.id, expiresAt: isoInstant(session.expiresAt) },
      token: this.serviceToken(user, session.id),
      sessionToken,
    };
  }

  private async activeSession(sessionToken: string): Promise<{ session: Session; user: User }> {
    const session = await this.deps.sessions.findByTokenHash(this.deps.secrets.digest(sessionToken));
    if (!session || !sessionActive(session, this.deps.clock.now())) {
      throw new DomainError('unauthenticated', 'The session is not valid or has ended.');
    }
    const user = await this.deps.users.findById(session.orgId, session.userId);
    if (!user) throw new DomainError('unauthenticated', 'The session is not valid or has ended.');
    return { session, user };
  }

  /** A JWT tied to its session (`sid`): it stops working when the session is signed out. */
  private serviceToken(user: User, sessionId: string): string {
    return this.deps.tokens.sign(
      issueClaims({ sub: user.id, org: user.orgId, role: user.role, sid: sessionId }, this.deps.clock.now().getTime(), SERVICE_JWT_TTL_SECONDS),
    );
  }
}
