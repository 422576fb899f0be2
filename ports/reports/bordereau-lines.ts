import { type AccountingMonth } from '../../core/billing/accounting-period.ts';
import { premiumTermOf, type Policy } from '../../core/policy/policy.ts';
import type { PremiumTransaction } from '../../core/policy/premium.ts';
import { activeInMonth, claimActiveInMonth, claimLine, monthOf, premiumRow } from '../../core/reports/bordereau.ts';
import { addDays } from '../../core/shared/calendar-date.ts';
import { cents, type Cents } from '../../core/shared/money.ts';
import type { CommissionChange, CommissionChanges } from '../billing/commission-changes.use-case.ts';
import type { ClaimRepository } from '../claims/claim.repository.ts';
import type { PolicyRepository } from '../policy/policy.repositories.ts';

/** Records read from the number indexes at a time: a report streams in batches of this many. */
export const LINE_BATCH = 200;

/** What the rows of a closed month reported of a policy through it: earned premium, and how many of its premium transactions they had seen. */
export interface Reported {
  readonly earned: Cents;
  readonly seen: number;
}

/** One line of a bordereau: its program, its key (the policy or claim number it is ordered by) and its cells. */
export interface ProgramLine {
  readonly programId: string;
  readonly key: string;
  readonly cells: readonly (string | number)[];
}

/** A premium line with what it reports through its month (kept at a close for the next month). */
export interface PremiumLine extends ProgramLine {
  readonly policyId: string;
  readonly reported: Reported;
}

/** The policy with its premium transactions after the first `seen` that are booked before `month` moved into it (the first open month). */
const withLateBookings = (policy: Policy, month: AccountingMonth, seen: number): Policy => {
  const transactions = premiumTermOf(policy).transactions;
  // Transactions stored before months were recorded were never booked late.
  const late = (transaction: PremiumTransaction, index: number) =>
    index >= seen && transaction.accountingMonth !== undefined && transaction.accountingMonth < month;
  if (!transactions.some(late)) return policy;
  return {
    ...policy,
    premium: transactions.map((transaction, index) => (late(transaction, index) ? { ...transaction, accountingMonth: month } : transaction)),
  };
};

/**
 * An open month's premium lines in policy number order, after `after`: the policies are read from
 * the number's index a batch at a time, with the batch's commission changes of the month, so
 * memory stays flat whatever the book. `reported`: what was reported per policy through the month
 * before, when that month is closed (this month is then the first open one, and takes the
 * transactions booked in a closed month after its rows were kept: every change is reported once).
 */
export async function* openPremiumLines(
  deps: { readonly policies: PolicyRepository; readonly commissions: CommissionChanges },
  orgId: string,
  month: AccountingMonth,
  reported: ReadonlyMap<string, Reported> | null,
  after: string | null,
): AsyncGenerator<PremiumLine> {
  const period = monthOf(month);
  const from = new Date(`${period.first}T00:00:00Z`);
  const before = new Date(`${addDays(period.last, 1)}T00:00:00Z`);
  for (let cursor = after; ;) {
    const batch = await deps.policies.inNumberOrder(orgId, cursor, LINE_BATCH);
    const policies = batch
      .map((stored) => (reported ? withLateBookings(stored, month, reported.get(stored.id)?.seen ?? 0) : stored))
      .filter((policy) => activeInMonth(policy, period));
    const changes = await deps.commissions.ofPolicies(
      orgId,
      policies.map((policy) => policy.id),
      from,
      before,
    );
    const byPolicy = new Map<string, CommissionChange[]>();
    for (const change of changes) byPolicy.set(change.policyId, [...(byPolicy.get(change.policyId) ?? []), change]);
    for (const policy of policies) {
      const row = premiumRow(policy, period, byPolicy.get(policy.id) ?? [], reported ? (reported.get(policy.id)?.earned ?? cents(0)) : null);
      const seen = premiumTermOf(policy).transactions.length;
      yield { programId: policy.programId, key: policy.policyNumber, cells: row.cells, policyId: policy.id, reported: { earned: row.earnedToDate, seen } };
    }
    if (batch.length < LINE_BATCH) return;
    cursor = (batch.at(-1) as Policy).policyNumber;
  }
}

/** An open month's claims lines in claim number order, after `after`, read from the number's index a batch at a time. */
export async function* openClaimLines(
  deps: { readonly policies: PolicyRepository; readonly claims: ClaimRepository },
  orgId: string,
  month: AccountingMonth,
  after: string | null,
): AsyncGenerator<ProgramLine> {
  const period = monthOf(month);
  for (let cursor = after; ;) {
    const batch = await deps.claims.inNumberOrder(orgId, cursor, LINE_BATCH);
    for (const claim of batch.filter((candidate) => claimActiveInMonth(candidate, period))) {
      const policy = await deps.policies.findById(orgId, claim.policyId);
      yield { programId: policy?.programId ?? '', key: claim.claimNumber, cells: claimLine(claim, policy?.risk.insuredName ?? '') };
    }
    if (batch.length < LINE_BATCH) return;
    cursor = batch.at(-1)?.claimNumber ?? null;
  }
}
