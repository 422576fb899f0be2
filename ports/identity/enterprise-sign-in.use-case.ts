import { ENTERPRISE_LOGIN_TTL_MS, enterpriseRole, isAppCallback, withToken, type PendingEnterpriseLogin } from '../../core/identity/enterprise-sign-in.ts';
import { normalizeEmail } from '../../core/identity/credentials.rules.ts';
import type { User } from '../../core/identity/user.ts';
import { DomainError, validationFailed } from '../../core/shared/domain-error.ts';
import type { OrganizationRepository } from '../tenancy/organization.repository.ts';
import type { AtomicWrite } from '../shared/persistence/atomic-write.port.ts';
import type { AuditTrail } from '../audit/audit-trail.use-case.ts';
import type { Clock } from '../shared/clock.port.ts';
import type { IdGenerator } from '../shared/id-generator.port.ts';
import type { AuthSessions } from './auth-sessions.use-case.ts';
import type { SecretTools } from './credential-crypto.port.ts';
import type { EnterpriseIdentityProvider } from './enterprise-identity.port.ts';
import type { UserRepository } from './user.repository.ts';

export interface PendingEnterpriseLogins {
  save(login: PendingEnterpriseLogin): Promise<void>;
  /** The login under way with this state, removed so that it is used once; null when unknown or expired. */
  take(state: string, now: Date): Promise<PendingEnterpriseLogin | null>;
}

export interface EnterpriseSignInDeps {
  readonly provider: EnterpriseIdentityProvider;
  readonly pending: PendingEnterpriseLogins;
  readonly users: UserRepository;
  readonly organizations: Pick<OrganizationRepository, 'withAllowedDomain'>;
  readonly sessions: AuthSessions;
  readonly secrets: SecretTools;
  readonly audit: AuditTrail;
  readonly atomic: AtomicWrite;
  readonly ids: IdGenerator;
  readonly clock: Clock;
  readonly tenantId: string;
  readonly appOrigins: readonly string[];
}

/** Stored in place of a password hash: no password ever matches it, the account signs in through its provider. */
const NO_PASSWORD = '!enterprise-sign-in';

const refused = (message: string) => new DomainError('forbidden', message);

/**
 * Enterprise single sign-on: the browser leaves for the provider with state, nonce and PKCE, and
 * comes back with a code that is exchanged and checked here. Only the configured tenant's users
 * come in: a known user as administrator of their organization, a newcomer of an allowlisted
 * domain as auditor; anyone else is refused and never gets a token.
 */
export class EnterpriseSignIn {
  private readonly deps: EnterpriseSignInDeps;

  constructor(deps: EnterpriseSignInDeps) {
    this.deps = deps;
  }

  /** The provider's address to send the browser to, and the state to pin to the browser (cookie). */
  async start(callbackURL: string): Promise<{ location: string; state: string }> {
    if (!isAppCallback(callbackURL, this.deps.appOrigins)) {
      throw validationFailed('callbackURL', 'app', "'callbackURL' must be a URL on one of the configured app origins (PORTAL_URLS).");
    }
    const login: PendingEnterpriseLogin = {
      id: this.deps.secrets.randomToken(24),
      nonce: this.deps.secrets.randomToken(24),
      codeVerifier: this.deps.secrets.randomToken(48),
      callbackURL,
      expiresAt: new Date(this.deps.clock.now().getTime() + ENTERPRISE_LOGIN_TTL_MS),
    };
    await this.deps.pending.save(login);
    return { location: await this.deps.provider.authorizationUrl({ state: login.id, nonce: login.nonce, codeVerifier: login.codeVerifier }), state: login.id };
  }

  /** Where the browser goes next: the app's callback with a service JWT. */
  async finish(callbackUrl: string, browserState: string | undefined): Promise<string> {
    const state = new URL(callbackUrl).searchParams.get('state') ?? '';
    // The state must be the one this browser left with: a link from someone else's sign-in does not work here.
    if (!state || !browserState || !this.deps.secrets.same(state, browserState)) throw refused('The sign-in could not be verified; start it again.');
    const login = await this.deps.pending.take(state, this.deps.clock.now());
    if (!login) throw refused('The sign-in has expired or was already used; start it again.');
    let identity;
    try {
      identity = await this.deps.provider.identify(callbackUrl, { state: login.id, nonce: login.nonce, codeVerifier: login.codeVerifier });
    } catch {
      throw refused("The identity provider's answer could not be verified.");
    }
    if (identity.tenantId !== this.deps.tenantId) throw refused('This identity belongs to another tenant of the identity provider.');
    if (!identity.email || !identity.emailVerified) throw refused('The identity provider did not vouch for an e-mail address.');
    const user = await this.userFor(normalizeEmail(identity.email), identity.subject);
    const { token } = await this.deps.sessions.signedInElsewhere(user);
    return withToken(login.callbackURL, token);
  }

  private async userFor(email: string, subject: string): Promise<User> {
    const now = this.deps.clock.now();
    const known = await this.deps.users.findByEmail(email);
    if (known) {
      if (known.role === enterpriseRole(true)) return known;
      await this.deps.atomic.commit([
        this.deps.users.updateWrite(known.orgId, known.id, { role: enterpriseRole(true) }, now),
        this.deps.audit.recordWrite(
          `sso:${subject}`,
          known.orgId,
          'user.role_changed',
          { type: 'user', id: known.id },
          { before: { role: known.role }, after: { role: enterpriseRole(true) }, via: 'enterprise_sign_in' },
        ),
      ]);
      return { ...known, role: enterpriseRole(true), updatedAt: now };
    }
    const domain = email.slice(email.lastIndexOf('@') + 1);
    const organizations = await this.deps.organizations.withAllowedDomain(domain);
    if (organizations.length !== 1) throw refused('No account matches this e-mail, and its domain is not allowed to join an organization.');
    const [organization] = organizations as [(typeof organizations)[number]];
    const user: User = {
      id: this.deps.ids.next('usr'),
      orgId: organization.id,
      email,
      name: email.slice(0, email.indexOf('@')),
      role: enterpriseRole(false),
      passwordHash: NO_PASSWORD,
      emailVerifiedAt: now,
      createdAt: now,
      updatedAt: now,
    };
    await this.deps.atomic.commit([
      this.deps.users.insertWrite(user),
      this.deps.audit.recordWrite(
        `sso:${subject}`,
        organization.id,
        'user.created',
        { type: 'user', id: user.id },
        { email, role: user.role, via: 'enterprise_sign_in' },
      ),
    ]);
    return user;
  }
}
