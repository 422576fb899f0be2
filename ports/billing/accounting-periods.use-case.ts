import {
  accountingMonthFor,
  afterClose,
  afterReopen,
  assertClosable,
  assertReopenable,
  monthOfDate,
  type AccountingMonth,
  type PeriodBook,
} from '../../core/billing/accounting-period.ts';
import { changedMeanwhile } from '../../core/shared/domain-error.ts';
import type { LedgerEntry } from '../../core/billing/ledger.ts';
import { trialBalanceOf, type BookedLines, type TrialBalance } from '../../core/billing/trial-balance.ts';
import { today, type CalendarDate } from '../../core/shared/calendar-date.ts';
import type { Clock } from '../shared/clock.port.ts';
import { forEachRecord } from '../shared/persistence/page.ts';
import type { LedgerRepository } from './commission.repositories.ts';
import type { PeriodBookRepository } from './period-book.repository.ts';
import type { JournalRepository } from './producer-payouts.repository.ts';

/** When a record was booked (the organization's date) and the accounting month it belongs to. */
export interface Booking {
  readonly bookedOn: CalendarDate;
  readonly accountingMonth: AccountingMonth;
}

export interface AccountingPeriodsDeps {
  readonly books: PeriodBookRepository;
  readonly ledger: LedgerRepository;
  /** Postings that belong to no policy (payouts to producers). */
  readonly journal: JournalRepository;
  readonly clock: Clock;
}

/** The month a posting is booked in; postings stored before months were recorded belong to the month they were posted. */
export const postingMonth = (entry: Pick<LedgerEntry, 'accountingMonth' | 'postedAt'>): AccountingMonth =>
  entry.accountingMonth ?? monthOfDate(today(entry.postedAt));

/**
 * The organization's accounting periods as every context books by them: the month a premium
 * transaction, payment or posting belongs to, and the ledger's trial balance of a month.
 */
export class AccountingPeriods {
  private readonly deps: AccountingPeriodsDeps;

  constructor(deps: AccountingPeriodsDeps) {
    this.deps = deps;
  }

  book(orgId: string): Promise<PeriodBook> {
    return this.deps.books.find(orgId);
  }

  /** Books a record effective on `effectiveDate` today: in its effective month while open, else the first open month. */
  async booking(orgId: string, effectiveDate: CalendarDate): Promise<Booking> {
    const book = await this.deps.books.find(orgId);
    const accountingMonth = accountingMonthFor(book, effectiveDate);
    if (book.firstMonth === null || accountingMonth < book.firstMonth) await this.deps.books.includeMonth(orgId, accountingMonth);
    return { bookedOn: today(this.deps.clock.now(orgId)), accountingMonth };
  }

  /** Closes `month`: the next month in order, once it has ended. A close or reopen that lands first wins (409). */
  async close(orgId: string, month: AccountingMonth): Promise<PeriodBook> {
    const book = await this.deps.books.find(orgId);
    assertClosable(book, month, today(this.deps.clock.now(orgId)));
    const closed = afterClose(book, month);
    if (!(await this.deps.books.moveClosedThrough(orgId, book.closedThrough, closed.closedThrough, closed.firstMonth)))
      throw changedMeanwhile('accounting periods');
    return closed;
  }

  /** Reopens the latest closed month. */
  async reopen(orgId: string, month: AccountingMonth): Promise<PeriodBook> {
    const book = await this.deps.books.find(orgId);
    assertReopenable(book, month);
    const reopened = afterReopen(book, month);
    if (!(await this.deps.books.moveClosedThrough(orgId, month, reopened.closedThrough, null))) throw changedMeanwhile('accounting periods');
    return reopened;
  }

  /** Every ledger posting booked through `month` (the policies' and the journal's), summed by account (read page by page, once per close). */
  async trialBalance(orgId: string, month: AccountingMonth): Promise<TrialBalance> {
    const postings: BookedLines[] = [];
    await forEachRecord(
      (page) => this.deps.ledger.list(orgId, {}, page),
      (entry) => {
        const booked = postingMonth(entry);
        if (booked <= month) postings.push({ accountingMonth: booked, lines: entry.lines });
      },
    );
    await forEachRecord(
      (page) => this.deps.journal.list(orgId, page),
      (entry) => {
        if (entry.accountingMonth <= month) postings.push({ accountingMonth: entry.accountingMonth, lines: entry.lines });
      },
    );
    return trialBalanceOf(month, postings);
  }
}
