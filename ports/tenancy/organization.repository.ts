import type { Cents } from '../../core/shared/money.ts';
import type { Organization, Tier } from '../../core/tenancy/organization.ts';
import type { Page, PageRequest } from '../shared/persistence/page.ts';

export interface OrganizationChanges {
  readonly name?: string;
  readonly tier?: Tier;
  readonly allowedDomains?: readonly string[];
  readonly rateLimitPerMinute?: number | null;
  readonly claimsSupervisorAuthority?: Cents | null;
}

export interface OrganizationRepository {
  insert(organization: Organization): Promise<void>;
  findById(id: string): Promise<Organization | null>;
  /** The organizations whose `allowedDomains` hold this (lowercase) domain. */
  withAllowedDomain(domain: string): Promise<Organization[]>;
  list(page: PageRequest): Promise<Page<Organization>>;
  update(id: string, changes: OrganizationChanges, at: Date): Promise<Organization | null>;
}
