import type { OrganizationRepository } from '../ports/tenancy/organization.repository.ts';
import type { Organizations } from '../ports/tenancy/organizations.use-case.ts';
import { token } from './wiring.ts';

/** Organizations. Each key is typed by the port bound to it in `tenancy.module.ts`. */
export const TENANCY = {
  OrganizationRepository: token<OrganizationRepository>('OrganizationRepository'),
  Organizations: token<Organizations>('Organizations'),
} as const;
