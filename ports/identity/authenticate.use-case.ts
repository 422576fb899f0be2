import { apiKeyUsable, creatorOf, effectiveScopes, type ApiKey } from '../../core/identity/api-key.ts';
import type { Role } from '../../core/shared/access/roles.ts';
import { looksLikeApiKey, API_KEY_PREFIX } from '../../core/identity/credentials.rules.ts';
import type { CredentialRef, Principal } from '../../core/shared/access/principal.ts';
import { DEMO_SUBJECT_PREFIX } from '../../core/identity/service-claims.ts';
import { PLATFORM_ORG } from '../../core/shared/access/principal.ts';
import { DomainError } from '../../core/shared/domain-error.ts';
import type { Environment, Organization } from '../../core/tenancy/organization.ts';
import type { OrganizationRepository } from '../tenancy/organization.repository.ts';
import type { Clock } from '../shared/clock.port.ts';
import type { ApiKeyRepository } from './api-key.repository.ts';
import type { SecretTools, TokenSigner } from './credential-crypto.port.ts';
import type { UserRepository } from './user.repository.ts';
import type { ProducerRepository } from '../producers/producer.repositories.ts';
import type { SessionRepository } from './session.repository.ts';
import type { SessionStatusCache } from './session-status.cache.ts';
import { sessionActive } from '../../core/identity/session.ts';
import type { User } from '../../core/identity/user.ts';

export interface PresentedCredential {
  readonly bearer?: string;
  readonly apiKey?: string;
}

export type Authentication =
  | { readonly outcome: 'anonymous' }
  | { readonly outcome: 'authenticated'; readonly principal: Principal; readonly organization: Organization | null }
  | { readonly outcome: 'rejected'; readonly error: DomainError };

export interface AuthenticateDeps {
  readonly machineSecret: string;
  readonly environment: Environment;
  readonly tokens: TokenSigner;
  readonly secrets: SecretTools;
  readonly apiKeys: ApiKeyRepository;
  readonly users: UserRepository;
  readonly organizations: OrganizationRepository;
  readonly producers: ProducerRepository;
  readonly sessions: SessionRepository;
  readonly sessionStatus: SessionStatusCache;
  readonly clock: Clock;
}

const rejected = (message: string): Authentication => ({ outcome: 'rejected', error: new DomainError('unauthenticated', message) });

/** Turns whatever credential a request carries into a principal, or says why it cannot. */
export class Authenticate {
  private readonly deps: AuthenticateDeps;

  constructor(deps: AuthenticateDeps) {
    this.deps = deps;
  }

  /** Not itself async: the lookup's own promise is handed back, with no extra step on every request's path. */
  identify(credential: PresentedCredential): Promise<Authentication> {
    // An API key header wins over Authorization, unless it repeats the bearer token: a generated
    // client that fills every security scheme of an operation sends one credential twice.
    if (credential.apiKey !== undefined && credential.apiKey !== credential.bearer) return this.byApiKey(credential.apiKey);
    const bearer = credential.bearer;
    if (bearer === undefined) return Promise.resolve({ outcome: 'anonymous' });
    if (this.deps.secrets.same(bearer, this.deps.machineSecret)) {
      return Promise.resolve({ outcome: 'authenticated', principal: { kind: 'machine' }, organization: null });
    }
    if (looksLikeApiKey(bearer)) return this.byApiKey(bearer);
    return this.byJwt(bearer);
  }

  private async byApiKey(value: string): Promise<Authentication> {
    if (!value.startsWith(API_KEY_PREFIX[this.deps.environment])) return rejected('The API key is not valid in this environment.');
    const key = await this.deps.apiKeys.findByHash(this.deps.secrets.digest(value));
    if (!key) return rejected('The API key is not valid.');
    const now = this.deps.clock.now();
    if (!apiKeyUsable(key, now)) return rejected(key.revokedAt ? 'The API key has been revoked.' : 'The API key has expired.');
    const organization = await this.deps.organizations.findById(key.orgId);
    if (!organization) return rejected('The API key is not valid.');
    return {
      outcome: 'authenticated',
      principal: await this.keyPrincipal(key),
      organization,
    };
  }

  /**
   * A key acts for its creator, with the creator's role as stored now: a demoted creator's keys
   * lose what the creator lost (scopes here, records in RecordAccess), a removed creator's keys
   * everything. A demonstration token's subject is no stored user: its role at creation stands.
   */
  private async keyPrincipal(key: ApiKey): Promise<Principal> {
    const creator = creatorOf(key);
    const role: Role | null = creator.userId.startsWith(DEMO_SUBJECT_PREFIX)
      ? (creator.role ?? 'org_admin')
      : ((await this.deps.users.findById(creator.orgId, creator.userId))?.role ?? null);
    return { kind: 'api_key', keyId: key.id, orgId: key.orgId, scopes: effectiveScopes(key, role), creator: { userId: creator.userId, role } };
  }

  private async byJwt(token: string): Promise<Authentication> {
    let claims;
    try {
      claims = this.deps.tokens.verify(token, this.deps.clock.now().getTime());
    } catch (error) {
      if (error instanceof DomainError) return { outcome: 'rejected', error };
      throw error;
    }
    const organization = claims.org === PLATFORM_ORG ? null : await this.deps.organizations.findById(claims.org);
    if (claims.org !== PLATFORM_ORG && !organization) return rejected('The token names an unknown organization.');
    if (claims.typ === 'insured') {
      if (!claims.policyNumber) return rejected('The token is not valid.');
      return {
        outcome: 'authenticated',
        principal: { kind: 'policyholder', policyId: claims.sub, orgId: claims.org, policyNumber: claims.policyNumber },
        organization,
      };
    }
    if (claims.sub.startsWith(DEMO_SUBJECT_PREFIX)) {
      return {
        outcome: 'authenticated',
        principal: { kind: 'user', userId: claims.sub, orgId: claims.org, role: claims.role, via: 'jwt' },
        organization,
      };
    }
    // The stored user decides: a removed account or a changed role takes effect at once.
    const user = await this.deps.users.findById(claims.org, claims.sub);
    if (!user) return rejected('The token names an unknown user.');
    if (claims.sid !== undefined && !(await this.sessionLive(claims.org, claims.sid))) return rejected('The session of this token has ended.');
    return { outcome: 'authenticated', principal: await this.userPrincipal(user, claims.sid), organization };
  }

  /**
   * The principal a credential seen earlier stands for now, or null when it no longer holds: the
   * user removed or its session signed out, the key revoked or expired. A user's role and a key's
   * scopes are as stored now. A demonstration token's subject is no stored user: the machine
   * secret that issued it stands behind it.
   */
  async recheck(orgId: string, credential: CredentialRef): Promise<Principal | null> {
    switch (credential.kind) {
      case 'machine':
        return { kind: 'machine' };
      case 'api_key': {
        const key = await this.deps.apiKeys.findById(orgId, credential.keyId);
        if (!key || !apiKeyUsable(key, this.deps.clock.now())) return null;
        return this.keyPrincipal(key);
      }
      case 'user': {
        if (credential.userId.startsWith(DEMO_SUBJECT_PREFIX)) return { kind: 'machine' };
        const user = await this.deps.users.findById(orgId, credential.userId);
        if (!user) return null;
        if (credential.sessionId !== undefined && !(await this.sessionLive(orgId, credential.sessionId))) return null;
        return this.userPrincipal(user, credential.sessionId);
      }
    }
  }

  /** A stored user as a principal: its role as stored now, and the session its token came from. */
  private async userPrincipal(user: User, sessionId: string | undefined): Promise<Principal> {
    return {
      kind: 'user',
      userId: user.id,
      orgId: user.orgId,
      role: user.role,
      via: 'jwt',
      ...(sessionId !== undefined ? { sessionId } : {}),
      ...((await this.pendingProducer(user)) ? { pendingProducer: true } : {}),
    };
  }

  /** A token obtained from a session lives no longer than the session: signing out ends it. */
  private async sessionLive(orgId: string, sessionId: string): Promise<boolean> {
    const now = this.deps.clock.now();
    const known = this.deps.sessionStatus.get(sessionId, now.getTime());
    if (known !== undefined) return known;
    const session = await this.deps.sessions.findById(orgId, sessionId);
    const live = session !== null && sessionActive(session, now);
    this.deps.sessionStatus.set(sessionId, live, now.getTime());
    return live;
  }

  /**
   * A producer is an outside agent: until identity verification makes its producer record
   * `active` (and without one at all), the account may sign in but sees no data.
   */
  private async pendingProducer(user: User): Promise<boolean> {
    if (user.role !== 'producer') return false;
    const producer = await this.deps.producers.findByUserId(user.orgId, user.id);
    return producer?.status !== 'active';
  }
}
