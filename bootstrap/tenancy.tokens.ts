import type { OrganizationRepository } from '../ports/tenancy/organization.repository.ts';
import type { Organizations } from '../ports/tenancy/organizations.use-case.ts';
import type { TestClockRepository } from '../ports/tenancy/test-clock.repository.ts';
import type { PolicyHoldings, TestClocks } from '../ports/tenancy/test-clocks.use-case.ts';
import { token } from './wiring.ts';

/** Organizations and their test clocks. Each key is typed by the port bound to it in `tenancy.module.ts`. */
export const TENANCY = {
  OrganizationRepository: token<OrganizationRepository>('OrganizationRepository'),
  Organizations: token<Organizations>('Organizations'),
  TestClockRepository: token<TestClockRepository>('TestClockRepository'),
  TestClocks: token<TestClocks>('TestClocks'),
  /** Whether an organization has bound a policy, told by the policy context (`wire.contribute`): tenancy asks nothing of it. */
  PolicyHoldings: token<PolicyHoldings>('PolicyHoldings'),
} as const;
