import type { AccessChanges } from '../shared/access-changes.ts';
import { grantableScopes, viewApiKey, type ApiKey, type ApiKeyView } from '../../core/identity/api-key.ts';
import { API_KEY_PREFIX } from '../../core/identity/credentials.rules.ts';
import { API_KEY_SCOPES, type Permission } from '../../core/shared/access/permissions.ts';
import { describeActor, type Principal } from '../../core/shared/access/principal.ts';
import { DomainError, notFound, validationFailed } from '../../core/shared/domain-error.ts';
import type { Environment } from '../../core/tenancy/organization.ts';
import { mapPage, type Page, type PageRequest } from '../shared/persistence/page.ts';
import type { AuditTrail } from '../audit/audit-trail.use-case.ts';
import type { AtomicWrite } from '../shared/persistence/atomic-write.port.ts';
import type { Clock } from '../shared/clock.port.ts';
import type { IdGenerator } from '../shared/id-generator.port.ts';
import type { OrganizationRepository } from '../tenancy/organization.repository.ts';
import type { ApiKeyRepository } from './api-key.repository.ts';
import type { SecretTools } from './credential-crypto.port.ts';

export interface ApiKeysDeps {
  readonly environment: Environment;
  readonly apiKeys: ApiKeyRepository;
  readonly organizations: OrganizationRepository;
  readonly secrets: SecretTools;
  readonly ids: IdGenerator;
  readonly clock: Clock;
  readonly audit: AuditTrail;
  readonly atomic: AtomicWrite;
  /** Told of each revocation, so the key's open connections close at once. */
  readonly accessChanges?: AccessChanges;
}

interface NewApiKey {
  readonly name: string;
  readonly scopes: readonly string[];
  readonly expiresAt: Date | null;
}

export class ApiKeys {
  private readonly deps: ApiKeysDeps;

  constructor(deps: ApiKeysDeps) {
    this.deps = deps;
  }

  /** Issues a key; its value is returned here once and only its hash is kept. */
  async create(actor: Principal, orgId: string, input: NewApiKey): Promise<ApiKeyView & { key: string }> {
    if (actor.kind !== 'user') throw new DomainError('forbidden', 'API keys are created with an administrator token.');
    input.scopes.forEach((scope, index) => {
      if (!(API_KEY_SCOPES as readonly string[]).includes(scope)) {
        throw validationFailed(`scopes.${index}`, 'enum', `'${scope}' is not a scope an API key can carry.`);
      }
    });
    // A key acts for its creator: it carries nothing its creator's role could not do itself.
    const grantable = grantableScopes(actor.role);
    const beyond = input.scopes.find((scope) => !(grantable as readonly string[]).includes(scope));
    if (beyond !== undefined) {
      throw new DomainError('insufficient_scope', `Role '${actor.role}' may not grant the '${beyond}' scope it does not hold itself.`, {
        requiredScope: beyond,
      });
    }
    const now = this.deps.clock.now();
    if (input.expiresAt && input.expiresAt.getTime() <= now.getTime()) {
      throw validationFailed('expiresAt', 'future', "'expiresAt' must be in the future or null.");
    }
    if (!(await this.deps.organizations.findById(orgId))) throw notFound('Organization');
    const value = `${API_KEY_PREFIX[this.deps.environment]}${this.deps.secrets.randomToken(32)}`;
    const key: ApiKey = {
      id: this.deps.ids.next('key'),
      orgId,
      name: input.name.trim(),
      scopes: [...new Set(input.scopes)] as Permission[],
      keyHash: this.deps.secrets.digest(value),
      displayPrefix: value.slice(0, API_KEY_PREFIX[this.deps.environment].length + 4),
      environment: this.deps.environment,
      expiresAt: input.expiresAt,
      createdAt: now,
      createdBy: describeActor(actor),
      creator: { userId: actor.userId, orgId: actor.orgId, role: actor.role },
      revokedAt: null,
    };
    await this.deps.atomic.commit([
      this.deps.apiKeys.insertWrite(key),
      this.deps.audit.recordWrite(actor, orgId, 'api_key.created', { type: 'api_key', id: key.id }, { scopes: key.scopes }),
    ]);
    return { ...viewApiKey(key), key: value };
  }

  async list(orgId: string, page: PageRequest): Promise<Page<ApiKeyView>> {
    return mapPage(await this.deps.apiKeys.list(orgId, page), viewApiKey);
  }

  async get(orgId: string, id: string): Promise<ApiKeyView> {
    const key = await this.deps.apiKeys.findById(orgId, id);
    if (!key) throw notFound('API key');
    return viewApiKey(key);
  }

  async revoke(actor: Principal, orgId: string, id: string): Promise<void> {
    if (!(await this.deps.apiKeys.findById(orgId, id))) throw notFound('API key');
    await this.deps.atomic.commit([
      this.deps.apiKeys.revokeWrite(orgId, id, this.deps.clock.now()),
      this.deps.audit.recordWrite(actor, orgId, 'api_key.revoked', { type: 'api_key', id }),
    ]);
    this.deps.accessChanges?.changed(orgId);
  }
}
