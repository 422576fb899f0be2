import type { Commission } from '../../core/billing/commission.ts';
import { postedCommission } from '../../core/billing/premium-account.ts';
import { everyRecord } from '../shared/persistence/page.ts';
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

  /** From `from` included to `before` excluded. */
  async between(orgId: string, from: Date, before: Date): Promise<CommissionChange[]> {
    return this.changesOf(orgId, { recordedFrom: from, recordedBefore: before }, { postedFrom: from, postedBefore: before });
  }

  /** Those of a batch of policies, from `from` included to `before` excluded (read through the policy indexes). */
  async ofPolicies(orgId: string, policyIds: readonly string[], from: Date, before: Date): Promise<CommissionChange[]> {
    if (policyIds.length === 0) return [];
    return this.changesOf(orgId, { policyIds, recordedFrom: from, recordedBefore: before }, { policyIds, postedFrom: from, postedBefore: before });
  }

  private async changesOf(
    orgId: string,
    recordedWhere: { policyIds?: readonly string[]; recordedFrom: Date; recordedBefore: Date },
    postedWhere: { policyIds?: readonly string[]; postedFrom: Date; postedBefore: Date },
  ): Promise<CommissionChange[]> {
    const recorded = await everyRecord((page) => this.deps.commissions.list(orgId, recordedWhere, page));
    const posted = await everyRecord((page) => this.deps.ledger.list(orgId, postedWhere, page));
    const withRecord = new Set(recorded.map((commission) => commission.sourceKey));
    // Postings that move no premium (billing, a write-off) move no commission either.
    const direct = posted
      .filter((entry) => !withRecord.has(entry.sourceKey))
      .map((entry) => ({ policyId: entry.policyId, createdAt: entry.postedAt, ...postedCommission(entry) }))
      .filter((change) => change.grossPremium !== 0);
    return [...recorded, ...direct];
  }
}
