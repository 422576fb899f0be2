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
    const recorded = await everyRecord((page) => this.deps.commissions.list(orgId, { recordedFrom: from, recordedBefore: before }, page));
    const posted = await everyRecord((page) => this.deps.ledger.list(orgId, { postedFrom: from, postedBefore: before }, page));
    const withRecord = new Set(recorded.map((commission) => commission.sourceKey));
    // Postings that move no premium (billing, a write-off) move no commission either.
    const direct = posted
      .filter((entry) => !withRecord.has(entry.sourceKey))
      .map((entry) => ({ policyId: entry.policyId, createdAt: entry.postedAt, ...postedCommission(entry) }))
      .filter((change) => change.grossPremium !== 0);
    return [...recorded, ...direct];
  }
}
