import type { Policy } from '../../core/policy/policy.ts';
import { activeInMonth, CLAIM_COLUMNS, claimActiveInMonth, claimLine, monthOf, PREMIUM_COLUMNS, premiumLine } from '../../core/reports/bordereau.ts';
import { addDays } from '../../core/shared/calendar-date.ts';
import { toCsv } from '../../core/shared/csv.ts';
import type { CommissionChange, CommissionChanges } from '../billing/commission-changes.use-case.ts';
import type { ClaimRepository } from '../claims/claim.repository.ts';
import { everyRecord } from '../shared/persistence/page.ts';
import type { PolicyRepository } from '../policy/policy.repositories.ts';

export interface BordereauxDeps {
  readonly policies: PolicyRepository;
  readonly claims: ClaimRepository;
  readonly commissions: CommissionChanges;
}

/**
 * Monthly bordereaux for the carrier, per program: premium (one line per policy active in the
 * month) and claims (one line per claim open in it), as CSV in policy and claim number order.
 */
export class Bordereaux {
  private readonly deps: BordereauxDeps;

  constructor(deps: BordereauxDeps) {
    this.deps = deps;
  }

  async premium(orgId: string, month: string, programId?: string): Promise<string> {
    const period = monthOf(month);
    const policies = (await this.policies(orgId, programId)).filter((policy) => activeInMonth(policy, period));
    const { first, last } = period;
    const recorded = await this.deps.commissions.between(orgId, new Date(`${first}T00:00:00Z`), new Date(`${addDays(last, 1)}T00:00:00Z`));
    const byPolicy = new Map<string, CommissionChange[]>();
    for (const row of recorded) byPolicy.set(row.policyId, [...(byPolicy.get(row.policyId) ?? []), row]);
    const lines = policies.map((policy) => premiumLine(policy, period, byPolicy.get(policy.id) ?? []));
    return toCsv(PREMIUM_COLUMNS, lines);
  }

  async claims(orgId: string, month: string, programId?: string): Promise<string> {
    const period = monthOf(month);
    const policies = new Map((await this.policies(orgId, programId)).map((policy) => [policy.id, policy]));
    const claims = (await everyRecord((page) => this.deps.claims.list(orgId, {}, page)))
      .filter((claim) => policies.has(claim.policyId) && claimActiveInMonth(claim, period))
      .sort((a, b) => a.claimNumber.localeCompare(b.claimNumber));
    return toCsv(
      CLAIM_COLUMNS,
      claims.map((claim) => claimLine(claim, policies.get(claim.policyId)?.risk.insuredName ?? '')),
    );
  }

  private async policies(orgId: string, programId?: string): Promise<Policy[]> {
    const all = await everyRecord((page) => this.deps.policies.list(orgId, {}, page));
    return all.filter((policy) => !programId || policy.programId === programId).sort((a, b) => a.policyNumber.localeCompare(b.policyNumber));
  }
}
