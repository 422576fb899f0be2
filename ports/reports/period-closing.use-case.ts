import { isClosed, lastDayOf, laterMonth, monthOfDate, nextMonth, type AccountingMonth } from '../../core/billing/accounting-period.ts';
import { describeActor, type Principal } from '../../core/shared/access/principal.ts';
import { compareDates, today } from '../../core/shared/calendar-date.ts';
import type { AuditTrail } from '../audit/audit-trail.use-case.ts';
import type { AccountingPeriods } from '../billing/accounting-periods.use-case.ts';
import type { Clock } from '../shared/clock.port.ts';
import type { Bordereaux } from './bordereaux.use-case.ts';
import type { ClosedMonth, ClosedMonthRepository } from './closed-months.repository.ts';

export interface PeriodClosingDeps {
  readonly periods: AccountingPeriods;
  readonly closedMonths: ClosedMonthRepository;
  readonly bordereaux: Bordereaux;
  readonly audit: AuditTrail;
  readonly clock: Clock;
}

/** A month of the organization's books: open, or closed with when and by whom. */
export interface AccountingPeriod {
  readonly month: AccountingMonth;
  readonly status: 'open' | 'closed';
  /** The month has ended on the organization's date: it may close once the months before it have. */
  readonly ended: boolean;
  readonly closedAt: Date | null;
  readonly closedBy: string | null;
}

/**
 * Month-end close: a month that has ended closes after the months before it. Closing keeps the
 * month's bordereaux as they stand and records the ledger's trial balance; from then on nothing
 * is booked into it (late changes land in the first open month) and its bordereaux never change.
 * Only the latest closed month reopens, with a reason, recorded in the audit log.
 */
export class PeriodClosing {
  private readonly deps: PeriodClosingDeps;

  constructor(deps: PeriodClosingDeps) {
    this.deps = deps;
  }

  /** Every month from the first one booked through the current one (or a later one already booked or closed). */
  async list(orgId: string): Promise<AccountingPeriod[]> {
    const [book, closes] = await Promise.all([this.deps.periods.book(orgId), this.deps.closedMonths.list(orgId)]);
    if (book.firstMonth === null) return [];
    const date = today(this.deps.clock.now(orgId));
    const current = monthOfDate(date);
    const last = [current, book.firstMonth, book.closedThrough ?? current].reduce(laterMonth);
    const closedOn = new Map(closes.map((closed) => [closed.month, closed]));
    const periods: AccountingPeriod[] = [];
    for (let month = book.firstMonth; month <= last; month = nextMonth(month)) {
      const closed = isClosed(book, month) ? closedOn.get(month) : undefined;
      periods.push({
        month,
        status: isClosed(book, month) ? 'closed' : 'open',
        ended: compareDates(lastDayOf(month), date) < 0,
        closedAt: closed?.closedAt ?? null,
        closedBy: closed?.closedBy ?? null,
      });
    }
    return periods;
  }

  /**
   * Closes `month` and answers its trial balance. A month whose close was interrupted after it was
   * marked closed is finished by closing it again.
   */
  async close(actor: Principal, orgId: string, month: AccountingMonth): Promise<ClosedMonth> {
    const book = await this.deps.periods.book(orgId);
    const unfinished = book.closedThrough === month && (await this.deps.closedMonths.find(orgId, month)) === null;
    if (!unfinished) await this.deps.periods.close(orgId, month);
    await this.deps.bordereaux.keep(orgId, month);
    const closed: ClosedMonth = {
      orgId,
      month,
      closedAt: this.deps.clock.now(orgId),
      closedBy: describeActor(actor),
      trialBalance: await this.deps.periods.trialBalance(orgId, month),
    };
    await this.deps.closedMonths.save(closed);
    await this.deps.audit.record(
      actor,
      orgId,
      'accounting_period.closed',
      { type: 'accounting_period', id: month },
      {},
      {
        debits: closed.trialBalance.totals.debits,
        credits: closed.trialBalance.totals.credits,
      },
    );
    return closed;
  }

  /** Reopens the latest closed month: its kept reports are dropped and it follows the records again. */
  async reopen(actor: Principal, orgId: string, month: AccountingMonth, reason: string): Promise<AccountingPeriod> {
    await this.deps.periods.reopen(orgId, month);
    await this.deps.closedMonths.remove(orgId, month);
    await this.deps.audit.record(actor, orgId, 'accounting_period.reopened', { type: 'accounting_period', id: month }, { reason });
    return { month, status: 'open', ended: true, closedAt: null, closedBy: null };
  }
}
