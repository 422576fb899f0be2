import type { Cents } from '../../core/shared/money.ts';
import type { Organization, Tier } from '../../core/tenancy/organization.ts';
import type { GroupedWrite } from '../shared/persistence/collection-store.port.ts';
import type { Page, PageRequest } from '../shared/persistence/page.ts';

export interface OrganizationChanges {
  readonly name?: string;
  readonly tier?: Tier;
  readonly allowedDomains?: readonly string[];
  readonly rateLimitPerMinute?: number | null;
  readonly claimsSupervisorAuthority?: Cents | null;
}

export interface OrganizationRepository {
  /** A new organization, for the write that creates it. */
  insertWrite(organization: Organization): GroupedWrite;
  findById(id: string): Promise<Organization | null>;
  /** The organizations whose `allowedDomains` hold this (lowercase) domain. */
  withAllowedDomain(domain: string): Promise<Organization[]>;
  list(page: PageRequest): Promise<Page<Organization>>;
  /** A change of its settings, for the write that makes it: guard `organization_gone` fails it when the organization is not there. */
  updateWrite(id: string, changes: OrganizationChanges, at: Date): GroupedWrite;
}
