import { addDays, addMonths, compareDates, type CalendarDate } from '../shared/calendar-date.ts';
import { DomainError } from '../shared/domain-error.ts';

/** A calendar month, `YYYY-MM`. */
export type AccountingMonth = string;

export const monthOfDate = (date: CalendarDate): AccountingMonth => date.slice(0, 7);

export const nextMonth = (month: AccountingMonth): AccountingMonth => monthOfDate(addMonths(`${month}-01`, 1));

export const previousMonth = (month: AccountingMonth): AccountingMonth => monthOfDate(addMonths(`${month}-01`, -1));

export const lastDayOf = (month: AccountingMonth): CalendarDate => addDays(addMonths(`${month}-01`, 1), -1);

/** The larger of two months. */
export const laterMonth = (a: AccountingMonth, b: AccountingMonth): AccountingMonth => (a > b ? a : b);

/**
 * An organization's accounting periods. They begin at the earliest month anything was booked in,
 * and are closed in order: every month through `closedThrough` is closed, every later one open.
 */
export interface PeriodBook {
  readonly orgId: string;
  readonly firstMonth: AccountingMonth | null;
  readonly closedThrough: AccountingMonth | null;
}

export const emptyPeriodBook = (orgId: string): PeriodBook => ({ orgId, firstMonth: null, closedThrough: null });

/** A period that is closed: from the first month through the last closed one (earlier months are no period: nothing is booked in them). */
export const isClosed = (book: PeriodBook, month: AccountingMonth): boolean =>
  book.closedThrough !== null && book.firstMonth !== null && month >= book.firstMonth && month <= book.closedThrough;

/**
 * The month a record effective on `effectiveDate` is booked in: its effective month while that
 * month is open, else the first open month. Nothing is ever booked into a closed month; a late
 * change lands in the first open one.
 */
export const accountingMonthFor = (book: PeriodBook, effectiveDate: CalendarDate): AccountingMonth => {
  const month = monthOfDate(effectiveDate);
  return book.closedThrough !== null && month <= book.closedThrough ? nextMonth(book.closedThrough) : month;
};

/** The one month that may close next: the month after the last closed one, else the first booked. */
export const nextToClose = (book: PeriodBook): AccountingMonth | null => (book.closedThrough !== null ? nextMonth(book.closedThrough) : book.firstMonth);

/**
 * Refuses a close that is not the next month in order (`period_order`), a month already closed, or
 * a month that has not ended on `today`.
 */
export const assertClosable = (book: PeriodBook, month: AccountingMonth, today: CalendarDate): void => {
  if (book.closedThrough !== null && month <= book.closedThrough)
    throw new DomainError('invalid_transition', `${month} is already closed.`, { month, closedThrough: book.closedThrough });
  if (compareDates(lastDayOf(month), today) >= 0)
    throw new DomainError('invalid_transition', `${month} has not ended: a month closes from its next day on.`, { month, today });
  const expected = nextToClose(book);
  if (expected !== null && month !== expected) {
    throw new DomainError('period_order', `Close ${expected} first: months close in order, and ${expected} is the first one open.`, {
      month,
      firstOpenMonth: expected,
    });
  }
};

/** Only the latest closed month reopens. */
export const assertReopenable = (book: PeriodBook, month: AccountingMonth): void => {
  if (book.closedThrough !== month) {
    throw new DomainError('period_order', 'Only the latest closed month can be reopened.', { month, latestClosed: book.closedThrough });
  }
};

/** The book after `month` closes: it becomes the first period when nothing was booked before it. */
export const afterClose = (book: PeriodBook, month: AccountingMonth): PeriodBook => ({
  ...book,
  firstMonth: book.firstMonth ?? month,
  closedThrough: month,
});

/** The book after its latest closed month reopens. */
export const afterReopen = (book: PeriodBook, month: AccountingMonth): PeriodBook => ({
  ...book,
  closedThrough: book.firstMonth !== null && month > book.firstMonth ? previousMonth(month) : null,
});
