import { daysBetween, today, type CalendarDate } from '../shared/calendar-date.ts';
import { cents, type Cents } from '../shared/money.ts';
import type { Invoice } from './invoice.ts';
import { isCash, type Payment } from './payment.ts';

/** What is still owed on open charges, by how long past their due date. */
export interface Aging {
  readonly current: Cents;
  readonly days1to30: Cents;
  readonly days31to60: Cents;
  readonly days61to90: Cents;
  readonly over90: Cents;
}

/**
 * A policy's account with the insured on a date: what was charged and credited (return premium),
 * what the insured paid and was given back. `balance` is what the insured owes (negative: what is
 * owed to the insured); `unapplied` is cash held beyond what the charges ask.
 */
export interface PolicyAccount {
  readonly charges: Cents;
  readonly credits: Cents;
  readonly payments: Cents;
  readonly refunds: Cents;
  /** What was given up of the charges as uncollectible (invoice write-offs). */
  readonly writtenOff: Cents;
  readonly unapplied: Cents;
  readonly balance: Cents;
  readonly aging: Aging;
}

const sum = (amounts: readonly number[]): Cents => cents(amounts.reduce((total, amount) => total + amount, 0));

/** Sums by bucket, added up in plain numbers, as cents. */
export const agingOf = (sums: Record<keyof Aging, number>): Aging => ({
  current: cents(sums.current),
  days1to30: cents(sums.days1to30),
  days31to60: cents(sums.days31to60),
  days61to90: cents(sums.days61to90),
  over90: cents(sums.over90),
});

/** Days past due into the aging bucket they fall in. */
export const bucketOf = (daysPastDue: number): keyof Aging =>
  daysPastDue <= 0 ? 'current' : daysPastDue <= 30 ? 'days1to30' : daysPastDue <= 60 ? 'days31to60' : daysPastDue <= 90 ? 'days61to90' : 'over90';

/**
 * The account as of the end of `asOf`, from the policy's invoices and every row on them: invoices
 * issued by then and not void, rows received by then. Credits moved between the policy's invoices
 * are not payments: they reduce the charges they were applied to.
 */
export const accountOf = (invoices: readonly Invoice[], rows: readonly Payment[], asOf: CalendarDate): PolicyAccount => {
  const issued = invoices.filter((invoice) => invoice.status !== 'void' && today(invoice.createdAt) <= asOf);
  const received = rows.filter((row) => today(row.receivedAt) <= asOf);
  const charges = sum(issued.filter((invoice) => invoice.amount > 0).map((invoice) => invoice.amount));
  const credits = sum(issued.filter((invoice) => invoice.amount < 0).map((invoice) => -invoice.amount));
  const cash = received.filter(isCash);
  const payments = sum(cash.filter((row) => row.amount > 0).map((row) => row.amount));
  const refunds = sum(cash.filter((row) => row.amount < 0).map((row) => -row.amount));
  const writeOffs = issued.flatMap((invoice) => (invoice.writeOff && invoice.writeOff.bookedOn <= asOf ? [invoice.writeOff] : []));
  // A write-off takes off what the insured owes, never more: return premium later credited on a
  // written-off charge reduces what was given up instead of being owed back (as in the ledger).
  const owed = charges - credits - payments + refunds;
  const writtenOff = cents(Math.min(sum(writeOffs.map((writeOff) => writeOff.amount)), Math.max(0, owed)));
  const balance = cents(owed - writtenOff);
  const aging: Record<keyof Aging, number> = { current: 0, days1to30: 0, days31to60: 0, days61to90: 0, over90: 0 };
  for (const invoice of issued.filter((candidate) => candidate.amount > 0)) {
    const settled = sum(received.filter((row) => row.invoiceId === invoice.id).map((row) => row.amount));
    const givenUp = invoice.writeOff && invoice.writeOff.bookedOn <= asOf ? invoice.writeOff.amount : 0;
    const outstanding = invoice.amount - settled - givenUp;
    if (outstanding > 0) aging[bucketOf(daysBetween(invoice.dueDate, asOf))] += outstanding;
  }
  return {
    charges,
    credits,
    payments,
    refunds,
    writtenOff,
    unapplied: cents(Math.max(0, payments - refunds - (charges - credits - writtenOff))),
    balance,
    aging: agingOf(aging),
  };
};

const ZERO_AGING: Aging = { current: cents(0), days1to30: cents(0), days31to60: cents(0), days61to90: cents(0), over90: cents(0) };
const ZERO_ACCOUNT: PolicyAccount = {
  charges: cents(0),
  credits: cents(0),
  payments: cents(0),
  refunds: cents(0),
  writtenOff: cents(0),
  unapplied: cents(0),
  balance: cents(0),
  aging: ZERO_AGING,
};

/** `a` plus `sign` times `b`, field by field. */
export const addAccounts = (a: PolicyAccount, b: PolicyAccount, sign: 1 | -1 = 1): PolicyAccount => {
  const plus = (x: number, y: number) => cents(x + sign * y);
  return {
    charges: plus(a.charges, b.charges),
    credits: plus(a.credits, b.credits),
    payments: plus(a.payments, b.payments),
    refunds: plus(a.refunds, b.refunds),
    writtenOff: plus(a.writtenOff, b.writtenOff),
    unapplied: plus(a.unapplied, b.unapplied),
    balance: plus(a.balance, b.balance),
    aging: {
      current: plus(a.aging.current, b.aging.current),
      days1to30: plus(a.aging.days1to30, b.aging.days1to30),
      days31to60: plus(a.aging.days31to60, b.aging.days31to60),
      days61to90: plus(a.aging.days61to90, b.aging.days61to90),
      over90: plus(a.aging.over90, b.aging.over90),
    },
  };
};

/** Accounts added up, field by field (the receivables of an organization). */
export const sumAccounts = (accounts: readonly PolicyAccount[]): PolicyAccount =>
  accounts.reduce<PolicyAccount>((total, account) => addAccounts(total, account), ZERO_ACCOUNT);
