import { isClosed, previousMonth, type AccountingMonth } from '../../core/billing/accounting-period.ts';
import { premiumTermOf, type Policy } from '../../core/policy/policy.ts';
import type { PremiumTransaction } from '../../core/policy/premium.ts';
import {
  activeInMonth,
  CLAIM_COLUMNS,
  claimActiveInMonth,
  claimLine,
  monthOf,
  PREMIUM_COLUMNS,
  PREMIUM_COLUMNS_BEFORE_PAYEES,
  premiumRow,
} from '../../core/reports/bordereau.ts';
import { addDays } from '../../core/shared/calendar-date.ts';
import { toCsv } from '../../core/shared/csv.ts';
import { cents, type Cents } from '../../core/shared/money.ts';
import type { AccountingPeriods } from '../billing/accounting-periods.use-case.ts';
import type { CommissionChange, CommissionChanges } from '../billing/commission-changes.use-case.ts';
import type { ClaimRepository } from '../claims/claim.repository.ts';
import { everyRecord } from '../shared/persistence/page.ts';
import type { PolicyRepository } from '../policy/policy.repositories.ts';
import type { ClosedMonthRepository, ClosedRow } from './closed-months.repository.ts';

export interface BordereauxDeps {
  readonly policies: PolicyRepository;
  readonly claims: ClaimRepository;
  readonly commissions: CommissionChanges;
  readonly periods: AccountingPeriods;
  readonly closedMonths: ClosedMonthRepository;
}

/** A bordereau as CSV, and whether its month is closed (then the same bytes every time). */
export interface Bordereau {
  readonly csv: string;
  readonly closed: boolean;
}

/**
 * A closed month's rows as kept: premium and claims rows (program first), and per policy the
 * earned premium reported through it and how many of its premium transactions the rows had seen.
 */
export interface KeptMonth {
  readonly premium: ClosedRow[];
  readonly claims: ClosedRow[];
  readonly earned: ClosedRow[];
  /** The premium bordereau's header when the month closed; null for months closed before it was kept. */
  readonly premiumColumns: ClosedRow[] | null;
}

/** What the kept rows reported of a policy through a closed month: earned premium, and how many of its premium transactions they had seen. */
interface Reported {
  readonly earned: Cents;
  readonly seen: number;
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

/** Rows of one program (each kept row starts with its program), without the program. */
const ofProgram = (rows: readonly ClosedRow[], programId: string | undefined): ClosedRow[] =>
  rows.filter((row) => !programId || row[0] === programId).map((row) => row.slice(1));

/**
 * Monthly bordereaux for the carrier, per program: premium (one line per policy in force in the
 * month or with premium booked in it) and claims (one line per claim open in it), as CSV in policy
 * and claim number order. An open month follows the records; a closed month is served from the
 * rows kept when it closed, so it never changes.
 */
export class Bordereaux {
  private readonly deps: BordereauxDeps;

  constructor(deps: BordereauxDeps) {
    this.deps = deps;
  }

  async premium(orgId: string, month: AccountingMonth, programId?: string): Promise<Bordereau> {
    const kept = await this.keptIfClosed(orgId, month);
    const rows = kept
      ? kept.premium
      : (await this.premiumRows(orgId, month, await this.policies(orgId), await this.reportedThrough(orgId, previousMonth(month)))).rows;
    const columns = kept ? (kept.premiumColumns?.[0]?.map(String) ?? PREMIUM_COLUMNS_BEFORE_PAYEES) : PREMIUM_COLUMNS;
    return { csv: toCsv(columns, ofProgram(rows, programId)), closed: kept !== null };
  }

  async claims(orgId: string, month: AccountingMonth, programId?: string): Promise<Bordereau> {
    const kept = await this.keptIfClosed(orgId, month);
    const rows = kept ? kept.claims : await this.claimRows(orgId, month, await this.policies(orgId));
    return { csv: toCsv(CLAIM_COLUMNS, ofProgram(rows, programId)), closed: kept !== null };
  }

  /**
   * Keeps what a closing month's reports are now. Called by the close; a closed month found
   * without its rows (a close interrupted before it kept them) is kept on its first read.
   */
  async keep(orgId: string, month: AccountingMonth): Promise<KeptMonth> {
    const before = await this.reportedThrough(orgId, previousMonth(month));
    const policies = await this.policies(orgId);
    const [{ rows: premium, earnedToDate }, claims] = await Promise.all([
      this.premiumRows(orgId, month, policies, before),
      this.claimRows(orgId, month, policies),
    ]);
    const reported = new Map(before ?? []);
    for (const [policyId, through] of earnedToDate) reported.set(policyId, through);
    const kept = {
      premium,
      claims,
      earned: [...reported].map(([policyId, through]): ClosedRow => [policyId, through.earned, through.seen]),
      premiumColumns: [[...PREMIUM_COLUMNS]],
    };
    await this.deps.closedMonths.saveRows(orgId, month, 'premium-columns', kept.premiumColumns);
    await this.deps.closedMonths.saveRows(orgId, month, 'premium', kept.premium);
    await this.deps.closedMonths.saveRows(orgId, month, 'claims', kept.claims);
    await this.deps.closedMonths.saveRows(orgId, month, 'earned', kept.earned);
    return kept;
  }

  private async keptIfClosed(orgId: string, month: AccountingMonth): Promise<KeptMonth | null> {
    if (!isClosed(await this.deps.periods.book(orgId), month)) return null;
    const [premium, claims, earned, premiumColumns] = await Promise.all(
      (['premium', 'claims', 'earned', 'premium-columns'] as const).map((kind) => this.deps.closedMonths.rows(orgId, month, kind)),
    );
    return premium && claims && earned ? { premium, claims, earned, premiumColumns: premiumColumns ?? null } : this.keep(orgId, month);
  }

  /** What was reported per policy through `month` when it is closed (its kept rows); null while it is open. */
  private async reportedThrough(orgId: string, month: AccountingMonth): Promise<Map<string, Reported> | null> {
    const kept = await this.keptIfClosed(orgId, month);
    return kept ? new Map(kept.earned.map(([policyId, earned, seen]) => [String(policyId), { earned: cents(Number(earned)), seen: Number(seen ?? 0) }])) : null;
  }

  /**
   * `reported`: what was reported per policy through the month before, when that month is closed.
   * The month is then the first open one, and it also takes the transactions booked in a closed
   * month after its rows were kept (recorded while it closed): every change is reported once.
   */
  private async premiumRows(
    orgId: string,
    month: AccountingMonth,
    policies: readonly Policy[],
    reported: Map<string, Reported> | null,
  ): Promise<{ rows: ClosedRow[]; earnedToDate: Map<string, Reported> }> {
    const period = monthOf(month);
    const recorded = await this.deps.commissions.between(orgId, new Date(`${period.first}T00:00:00Z`), new Date(`${addDays(period.last, 1)}T00:00:00Z`));
    const byPolicy = new Map<string, CommissionChange[]>();
    for (const row of recorded) byPolicy.set(row.policyId, [...(byPolicy.get(row.policyId) ?? []), row]);
    const rows: ClosedRow[] = [];
    const earnedToDate = new Map<string, Reported>();
    for (const stored of policies) {
      const before = reported?.get(stored.id);
      const policy = reported ? withLateBookings(stored, month, before?.seen ?? 0) : stored;
      if (!activeInMonth(policy, period)) continue;
      const row = premiumRow(policy, period, byPolicy.get(policy.id) ?? [], reported ? (before?.earned ?? cents(0)) : null);
      rows.push([policy.programId, ...row.cells]);
      earnedToDate.set(policy.id, { earned: row.earnedToDate, seen: premiumTermOf(policy).transactions.length });
    }
    return { rows, earnedToDate };
  }

  /** `book`: every policy of the organization, in policy number order. */
  private async claimRows(orgId: string, month: AccountingMonth, book: readonly Policy[]): Promise<ClosedRow[]> {
    const period = monthOf(month);
    const policies = new Map(book.map((policy) => [policy.id, policy]));
    const claims = (await everyRecord((page) => this.deps.claims.list(orgId, {}, page)))
      .filter((claim) => policies.has(claim.policyId) && claimActiveInMonth(claim, period))
      .sort((a, b) => a.claimNumber.localeCompare(b.claimNumber));
    return claims.map((claim) => {
      const policy = policies.get(claim.policyId);
      return [policy?.programId ?? '', ...claimLine(claim, policy?.risk.insuredName ?? '')];
    });
  }

  private async policies(orgId: string): Promise<Policy[]> {
    const all = await everyRecord((page) => this.deps.policies.list(orgId, {}, page));
    return all.sort((a, b) => a.policyNumber.localeCompare(b.policyNumber));
  }
}
