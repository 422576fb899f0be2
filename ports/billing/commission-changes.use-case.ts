import type { Commission } from '../../core/billing/commission.ts';
import type { LedgerEntry } from '../../core/billing/ledger.ts';
import { postedCommission } from '../../core/billing/premium-account.ts';
import type { CommissionRepository, LedgerRepository } from './commission.repositories.ts';

/** A change of commission in a period: a producer's, as recorded, or the MGA's on direct business, from its ledger posting. */
export type CommissionChange = Pick<Commission, 'policyId' | 'createdAt' | 'grossPremium' | 'agentCommission' | 'mgaCommission' | 'carrierNet'>;

/**
 * Commission as the ledger has it: the commission records of producer business (one per posting),
 * and for each posting without one (direct business, no producer) the split that posting moved,
 * so reports reconcile to the ledger to the cent.
 */
export class CommissionChanges {
  private readonly deps: { readonly commissions: CommissionRepository; readonly ledger: LedgerRepository };

  constructor(deps: { readonly commissions: CommissionRepository; readonly ledger: LedgerRepository }) {
    this.deps = deps;
  }

  /**
   * From `from` included to `before` excluded: one read of each in the order of its date index
   * (paging newest first made each page sort the whole period again).
   */
  async between(orgId: string, from: Date, before: Date): Promise<CommissionChange[]> {
    return changesFrom(await this.deps.commissions.recordedBetween(orgId, from, before), await this.deps.ledger.postedBetween(orgId, from, before));
  }

  /**
   * Those of a batch of policies, from `from` included to `before` excluded: every record of the
   * batch's policies is read through the policy indexes (a few dozen a policy, one read each) and
   * the period picked here, so the read never walks a whole month of the book.
   */
  async ofPolicies(orgId: string, policyIds: readonly string[], from: Date, before: Date): Promise<CommissionChange[]> {
    if (policyIds.length === 0) return [];
    const within = (at: Date) => at >= from && at < before;
    return changesFrom(
      (await this.deps.commissions.forPolicies(orgId, policyIds)).filter((commission) => within(commission.createdAt)),
      (await this.deps.ledger.forPolicies(orgId, policyIds)).filter((entry) => within(entry.postedAt)),
    );
  }
}

/** The recorded commissions, and the split of each posting without one that moves premium. */
const changesFrom = (recorded: readonly Commission[], posted: readonly LedgerEntry[]): CommissionChange[] => {
  const withRecord = new Set(recorded.map((commission) => commission.sourceKey));
  // Postings that move no premium (billing, a write-off) move no commission either.
  const direct = posted
    .filter((entry) => !withRecord.has(entry.sourceKey))
    .map((entry) => ({ policyId: entry.policyId, createdAt: entry.postedAt, ...postedCommission(entry) }))
    .filter((change) => change.grossPremium !== 0);
  return [...recorded, ...direct];
};
