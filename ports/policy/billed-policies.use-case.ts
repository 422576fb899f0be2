import { chargesOwed } from '../../core/policy/policy-charges.ts';
import { premiumTermOf, type Policy } from '../../core/policy/policy.ts';
import type { BilledPolicy, PolicyLookup } from '../billing/premium-books.use-case.ts';
import type { PolicyRepository } from './policy.repositories.ts';

/** A policy as billing reads it: its producer, line and what it owes by kind. */
export const billedPolicy = (policy: Policy): BilledPolicy => ({
  id: policy.id,
  orgId: policy.orgId,
  policyNumber: policy.policyNumber,
  producerId: policy.producerId,
  lineOfBusiness: policy.risk.lineOfBusiness,
  owed: chargesOwed(premiumTermOf(policy)),
});

/** Billing's lookup of policies, answered from the policy store. */
export class BilledPolicies implements PolicyLookup {
  private readonly policies: PolicyRepository;

  constructor(policies: PolicyRepository) {
    this.policies = policies;
  }

  async findById(orgId: string, id: string): Promise<BilledPolicy | null> {
    const policy = await this.policies.findById(orgId, id);
    return policy ? billedPolicy(policy) : null;
  }
}
