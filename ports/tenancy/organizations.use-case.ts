import type { Principal } from '../../core/shared/access/principal.ts';
import { notFound } from '../../core/shared/domain-error.ts';
import { centsToDollars } from '../../core/shared/money.ts';
import { normalizeDomain, type Organization, type Tier } from '../../core/tenancy/organization.ts';
import { mapPage, type Page, type PageRequest } from '../shared/persistence/page.ts';
import type { AuditTrail } from '../audit/audit-trail.use-case.ts';
import type { AtomicWrite } from '../shared/persistence/atomic-write.port.ts';
import { RequiredWriteUnmatched } from '../shared/persistence/collection-store.port.ts';
import type { Clock } from '../shared/clock.port.ts';
import type { IdGenerator } from '../shared/id-generator.port.ts';
import type { OrganizationChanges, OrganizationRepository } from './organization.repository.ts';
import { isoInstant } from '../../core/shared/iso-instant.ts';

export interface OrganizationsDeps {
  readonly organizations: OrganizationRepository;
  readonly ids: IdGenerator;
  readonly clock: Clock;
  readonly audit: AuditTrail;
  readonly atomic: AtomicWrite;
}

interface OrganizationView {
  readonly id: string;
  readonly name: string;
  readonly tier: Tier;
  readonly allowedDomains: readonly string[];
  readonly rateLimitPerMinute: number | null;
  /** Dollars; null: the default. */
  readonly claimsSupervisorAuthority: number | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

const viewOrganization = (organization: Organization): OrganizationView => ({
  id: organization.id,
  name: organization.name,
  tier: organization.tier,
  allowedDomains: organization.allowedDomains,
  rateLimitPerMinute: organization.rateLimitPerMinute,
  // Organizations stored before the setting existed have none.
  claimsSupervisorAuthority: organization.claimsSupervisorAuthority ? centsToDollars(organization.claimsSupervisorAuthority) : null,
  createdAt: isoInstant(organization.createdAt),
  updatedAt: isoInstant(organization.updatedAt),
});

const cleanDomains = (domains: readonly string[]): string[] => [...new Set(domains.map(normalizeDomain))];

export class Organizations {
  private readonly deps: OrganizationsDeps;

  constructor(deps: OrganizationsDeps) {
    this.deps = deps;
  }

  /** A new organization; `createdAt` is the time of the test clock it is created on, if any. */
  async create(actor: Principal, input: { name: string; tier?: Tier; allowedDomains?: readonly string[] }, createdAt?: Date): Promise<OrganizationView> {
    const now = createdAt ?? this.deps.clock.now();
    const organization: Organization = {
      id: this.deps.ids.next('org'),
      name: input.name.trim(),
      tier: input.tier ?? 'standard',
      allowedDomains: cleanDomains(input.allowedDomains ?? []),
      rateLimitPerMinute: null,
      claimsSupervisorAuthority: null,
      createdAt: now,
      updatedAt: now,
    };
    await this.deps.atomic.commit([
      this.deps.organizations.insertWrite(organization),
      this.deps.audit.recordWrite(actor, organization.id, 'organization.created', { type: 'organization', id: organization.id }),
    ]);
    return viewOrganization(organization);
  }

  async get(id: string): Promise<OrganizationView> {
    const organization = await this.deps.organizations.findById(id);
    if (!organization) throw notFound('Organization');
    return viewOrganization(organization);
  }

  async list(page: PageRequest): Promise<Page<OrganizationView>> {
    return mapPage(await this.deps.organizations.list(page), viewOrganization);
  }

  async update(actor: Principal, id: string, changes: OrganizationChanges): Promise<OrganizationView> {
    const cleaned: OrganizationChanges = {
      ...changes,
      ...(changes.name !== undefined ? { name: changes.name.trim() } : {}),
      ...(changes.allowedDomains ? { allowedDomains: cleanDomains(changes.allowedDomains) } : {}),
    };
    const existing = await this.deps.organizations.findById(id);
    if (!existing) throw notFound('Organization');
    const at = this.deps.clock.now();
    const { claimsSupervisorAuthority, ...details } = cleaned;
    try {
      await this.deps.atomic.commit([
        this.deps.organizations.updateWrite(id, cleaned, at),
        this.deps.audit.recordWrite(
          actor,
          id,
          'organization.updated',
          { type: 'organization', id },
          { ...details, ...(claimsSupervisorAuthority === null ? { claimsSupervisorAuthority: null } : {}) },
          claimsSupervisorAuthority ? { claimsSupervisorAuthority } : {},
        ),
      ]);
    } catch (error) {
      if (error instanceof RequiredWriteUnmatched) throw notFound('Organization');
      throw error;
    }
    const given = Object.fromEntries(Object.entries(cleaned).filter(([, value]) => value !== undefined));
    return viewOrganization({ ...existing, ...given, updatedAt: at });
  }
}
