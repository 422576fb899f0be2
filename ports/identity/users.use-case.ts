import type { AccessChanges } from '../shared/access-changes.ts';
import { assertPasswordAcceptable, normalizeEmail } from '../../core/identity/credentials.rules.ts';
import { actsAcrossOrganizations, type Principal } from '../../core/shared/access/principal.ts';
import { PLATFORM_ROLES, type Role } from '../../core/shared/access/roles.ts';
import { viewUser, type User, type UserView } from '../../core/identity/user.ts';
import { DomainError, notFound } from '../../core/shared/domain-error.ts';
import { mapPage, type Page, type PageRequest } from '../shared/persistence/page.ts';
import type { AuditTrail } from '../audit/audit-trail.use-case.ts';
import type { AtomicWrite } from '../shared/persistence/atomic-write.port.ts';
import { RequiredWriteUnmatched } from '../shared/persistence/collection-store.port.ts';
import type { Clock } from '../shared/clock.port.ts';
import type { IdGenerator } from '../shared/id-generator.port.ts';
import type { OrganizationRepository } from '../tenancy/organization.repository.ts';
import type { PasswordHasher } from './credential-crypto.port.ts';
import type { UserRepository } from './user.repository.ts';

export interface UsersDeps {
  readonly users: UserRepository;
  readonly organizations: OrganizationRepository;
  readonly passwords: PasswordHasher;
  readonly ids: IdGenerator;
  readonly clock: Clock;
  readonly audit: AuditTrail;
  readonly atomic: AtomicWrite;
  /** Told of each role change, so the user's open connections are checked again at once. */
  readonly accessChanges?: AccessChanges;
}

interface NewUser {
  readonly email: string;
  readonly password: string;
  readonly role: Role;
  readonly name: string;
}

/** Platform roles are granted only by the platform itself, never by a tenant administrator. */
const assertMayGrant = (actor: Principal, role: Role): void => {
  if (PLATFORM_ROLES.includes(role) && !actsAcrossOrganizations(actor)) {
    throw new DomainError('forbidden', `Only the platform may grant the '${role}' role.`);
  }
};

export class Users {
  private readonly deps: UsersDeps;

  constructor(deps: UsersDeps) {
    this.deps = deps;
  }

  async create(actor: Principal, orgId: string, input: NewUser): Promise<UserView> {
    assertPasswordAcceptable(input.password);
    assertMayGrant(actor, input.role);
    if (!(await this.deps.organizations.findById(orgId))) throw notFound('Organization');
    const now = this.deps.clock.now();
    const user: User = {
      id: this.deps.ids.next('usr'),
      orgId,
      email: normalizeEmail(input.email),
      name: input.name.trim(),
      role: input.role,
      passwordHash: await this.deps.passwords.hash(input.password),
      // An administrator vouches for the address of the accounts they create.
      emailVerifiedAt: now,
      createdAt: now,
      updatedAt: now,
    };
    await this.deps.atomic.commit([
      this.deps.users.insertWrite(user),
      this.deps.audit.recordWrite(actor, orgId, 'user.created', { type: 'user', id: user.id }, { role: user.role }),
    ]);
    return viewUser(user);
  }

  async get(orgId: string, id: string): Promise<UserView> {
    const user = await this.deps.users.findById(orgId, id);
    if (!user) throw notFound('User');
    return viewUser(user);
  }

  async list(orgId: string, page: PageRequest): Promise<Page<UserView>> {
    return mapPage(await this.deps.users.list(orgId, page), viewUser);
  }

  async update(actor: Principal, orgId: string, id: string, changes: { role?: Role; name?: string }): Promise<UserView> {
    if (changes.role) assertMayGrant(actor, changes.role);
    const existing = await this.deps.users.findById(orgId, id);
    if (!existing) throw notFound('User');
    if (PLATFORM_ROLES.includes(existing.role)) assertMayGrant(actor, existing.role);
    const at = this.deps.clock.now();
    try {
      await this.deps.atomic.commit([
        this.deps.users.updateWrite(orgId, id, changes, at),
        this.deps.audit.recordWrite(actor, orgId, 'user.updated', { type: 'user', id }, { ...changes, previousRole: existing.role }),
      ]);
    } catch (error) {
      if (error instanceof RequiredWriteUnmatched) throw notFound('User');
      throw error;
    }
    this.deps.accessChanges?.changed(orgId);
    return viewUser({ ...existing, ...Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)), updatedAt: at });
  }
}
