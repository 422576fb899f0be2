import { isClosed, previousMonth, type AccountingMonth } from '../../core/billing/accounting-period.ts';
import { CLAIM_COLUMNS, monthOf, PREMIUM_COLUMNS, PREMIUM_COLUMNS_BEFORE_PAYEES } from '../../core/reports/bordereau.ts';
import { today } from '../../core/shared/calendar-date.ts';
import { cents } from '../../core/shared/money.ts';
import type { AccountingPeriods } from '../billing/accounting-periods.use-case.ts';
import type { CommissionChanges } from '../billing/commission-changes.use-case.ts';
import type { ClaimRepository } from '../claims/claim.repository.ts';
import type { PolicyRepository } from '../policy/policy.repositories.ts';
import type { Clock } from '../shared/clock.port.ts';
import { openClaimLines, openPremiumLines, type ProgramLine, type Reported } from './bordereau-lines.ts';
import type { ClosedMonthRepository, ClosedRow, ClosedRowsKind } from './closed-months.repository.ts';

export interface BordereauxDeps {
  readonly policies: PolicyRepository;
  readonly claims: ClaimRepository;
  readonly commissions: CommissionChanges;
  readonly periods: AccountingPeriods;
  readonly closedMonths: ClosedMonthRepository;
  readonly clock: Clock;
}

/** One line of a bordereau: the number it is ordered by (its first cell) and its cells. */
export interface BordereauLine {
  readonly key: string;
  readonly cells: readonly (string | number)[];
}

/** A bordereau: its columns, when its month closed (null while open), and its lines in number order. */
export interface Bordereau {
  readonly columns: readonly string[];
  /** A closed month's lines never change: its bordereau is the same every time. */
  readonly closedAt: Date | null;
  /** The lines after the one keyed `after` (a policy or claim number; null: from the first), streamed. */
  lines(after: string | null): AsyncGenerator<BordereauLine>;
}

const KEPT_KINDS: readonly ClosedRowsKind[] = ['premium', 'claims', 'earned'];

/** The lines of a month that provably has none. */
async function* noLines(): AsyncGenerator<BordereauLine> {}

/** A program's lines (all programs' when none is named), after a key. */
async function* ofProgram(lines: AsyncIterable<ProgramLine>, programId: string | undefined): AsyncGenerator<BordereauLine> {
  for await (const line of lines) if (!programId || line.programId === programId) yield { key: line.key, cells: line.cells };
}

/** The rows kept at a close as lines (each kept row starts with its program), after `after`. */
async function* keptLines(chunks: AsyncIterable<readonly ClosedRow[]>, after: string | null): AsyncGenerator<ProgramLine> {
  for await (const chunk of chunks) {
    for (const [programId, ...cells] of chunk) {
      const key = String(cells[0]);
      if (after === null || key > after) yield { programId: String(programId), key, cells };
    }
  }
}

/**
 * Monthly bordereaux for the carrier, per program: premium (one line per policy in force in the
 * month or with premium booked in it) and claims (one line per claim open in it), in policy and
 * claim number order. An open month follows the records, read from the number indexes a batch at
 * a time; a closed month is served from the rows kept when it closed, so it never changes. Either
 * way the lines stream: memory stays flat whatever the size of the book.
 */
export class Bordereaux {
  private readonly deps: BordereauxDeps;

  constructor(deps: BordereauxDeps) {
    this.deps = deps;
  }

  async premium(orgId: string, month: AccountingMonth, programId?: string): Promise<Bordereau> {
    const closedAt = await this.keptIfClosed(orgId, month);
    if (closedAt) {
      const kept = await this.deps.closedMonths.rows(orgId, month, 'premium-columns');
      return {
        columns: kept?.[0]?.map(String) ?? PREMIUM_COLUMNS_BEFORE_PAYEES,
        closedAt,
        lines: (after) => ofProgram(keptLines(this.deps.closedMonths.chunksOf(orgId, month, 'premium'), after), programId),
      };
    }
    if (await this.outsideTheBook(orgId, month, programId, 'premium')) return { columns: PREMIUM_COLUMNS, closedAt: null, lines: noLines };
    const reported = await this.reportedThrough(orgId, previousMonth(month));
    return { columns: PREMIUM_COLUMNS, closedAt: null, lines: (after) => ofProgram(openPremiumLines(this.deps, orgId, month, reported, after), programId) };
  }

  async claims(orgId: string, month: AccountingMonth, programId?: string): Promise<Bordereau> {
    const closedAt = await this.keptIfClosed(orgId, month);
    if (!closedAt && (await this.outsideTheBook(orgId, month, programId, 'claims'))) return { columns: CLAIM_COLUMNS, closedAt, lines: noLines };
    const lines = (after: string | null) =>
      closedAt ? keptLines(this.deps.closedMonths.chunksOf(orgId, month, 'claims'), after) : openClaimLines(this.deps, orgId, month, after);
    return { columns: CLAIM_COLUMNS, closedAt, lines: (after) => ofProgram(lines(after), programId) };
  }

  /**
   * Whether an open month (of a program) provably has no line, from the span of the terms, without
   * reading the book: no term at all (of the program); a month before the first term (nothing in
   * force, nothing booked: a booking's month is never before its term's, and no claim is reported
   * before its policy begins); or, for premium, a month after today's and after every term has
   * ended (a booking in a month to come is effective in it, so within a term). Any other month is
   * read from the number index, as it may have lines.
   */
  private async outsideTheBook(orgId: string, month: AccountingMonth, programId: string | undefined, kind: 'premium' | 'claims'): Promise<boolean> {
    const book = await this.deps.policies.termSpan(orgId);
    const span = programId === undefined ? book : await this.deps.policies.termSpan(orgId, programId);
    if (book === null || span === null) return true;
    const period = monthOf(month);
    if (book.firstEffective !== null && book.firstEffective > period.last) return true;
    if (kind === 'claims') return false;
    return month > today(this.deps.clock.now(orgId)).slice(0, 7) && span.lastExpiration <= period.first;
  }

  /**
   * Keeps what a closing month's reports are now, with the earned premium reported per policy
   * through it. Called by the close; a closed month found without its rows (a close interrupted
   * before it kept them) is kept on its first read.
   */
  async keep(orgId: string, month: AccountingMonth): Promise<void> {
    const before = await this.reportedThrough(orgId, previousMonth(month));
    const reported = new Map(before ?? []);
    const premium: ClosedRow[] = [];
    for await (const line of openPremiumLines(this.deps, orgId, month, before, null)) {
      premium.push([line.programId, ...line.cells]);
      reported.set(line.policyId, line.reported);
    }
    const claims: ClosedRow[] = [];
    for await (const line of openClaimLines(this.deps, orgId, month, null)) claims.push([line.programId, ...line.cells]);
    const earned = [...reported].map(([policyId, through]): ClosedRow => [policyId, through.earned, through.seen]);
    await this.deps.closedMonths.saveRows(orgId, month, 'premium-columns', [[...PREMIUM_COLUMNS]]);
    await this.deps.closedMonths.saveRows(orgId, month, 'premium', premium);
    await this.deps.closedMonths.saveRows(orgId, month, 'claims', claims);
    await this.deps.closedMonths.saveRows(orgId, month, 'earned', earned);
  }

  /** When the month closed, its rows kept (kept now when the close did not finish keeping them); null while it is open. */
  private async keptIfClosed(orgId: string, month: AccountingMonth): Promise<Date | null> {
    if (!isClosed(await this.deps.periods.book(orgId), month)) return null;
    const complete = await Promise.all(KEPT_KINDS.map((kind) => this.deps.closedMonths.complete(orgId, month, kind)));
    if (!complete.every(Boolean)) await this.keep(orgId, month);
    return (await this.deps.closedMonths.find(orgId, month))?.closedAt ?? new Date(0);
  }

  /** What was reported per policy through `month` when it is closed (its kept rows); null while it is open. */
  private async reportedThrough(orgId: string, month: AccountingMonth): Promise<Map<string, Reported> | null> {
    if ((await this.keptIfClosed(orgId, month)) === null) return null;
    const reported = new Map<string, Reported>();
    for await (const chunk of this.deps.closedMonths.chunksOf(orgId, month, 'earned')) {
      for (const [policyId, earned, seen] of chunk) reported.set(String(policyId), { earned: cents(Number(earned)), seen: Number(seen ?? 0) });
    }
    return reported;
  }
}
