import { daysBetween, today, type CalendarDate } from '../shared/calendar-date.ts';
import { cents } from '../shared/money.ts';
import type { Invoice } from './invoice.ts';
import { isCash, type Payment } from './payment.ts';
import { accountOf, addAccounts, agingOf, bucketOf, type Aging, type PolicyAccount } from './policy-account.ts';

/**
 * The receivables of an organization kept as sums by day, so its aging on any date is read from
 * a few rows whatever the size of the book. Each figure moves on the day a record says it moved
 * (an invoice's creation, a row's receipt, a write-off's booking):
 * - `charges`, `credits`, `payments`, `refunds`, `writeOffs`: the gross amounts;
 * - `due:YYYY-MM-DD`: what is outstanding on the charges due that day (their amounts, less every
 *   row on them and what was written off), which the date asked for ages.
 *
 * These sums are each policy's account without its two floors: what is written off counts only
 * up to what is owed, and cash beyond the charges is unapplied rather than a negative balance. A
 * policy meets a floor only once something on it is owed back (a credit, an overpaid or a voided
 * charge): such a policy is marked from that day (`ReceivableChanges.owedBackSince`), and the
 * organization's totals are the kept sums corrected by the exact accounts of the marked policies
 * (`correctedTotals`), a few of the book.
 */
export interface ReceivableChange {
  readonly day: CalendarDate;
  readonly figure: string;
  readonly amount: number;
}

/** What a record's write moves: the figures, and the day from which its policy needs its exact account (null: not marked). */
export interface ReceivableChanges {
  readonly changes: readonly ReceivableChange[];
  readonly owedBackSince: CalendarDate | null;
}

const NOTHING: ReceivableChanges = { changes: [], owedBackSince: null };

const DUE_PREFIX = 'due:';
export const dueFigure = (dueDate: CalendarDate): string => `${DUE_PREFIX}${dueDate}`;

/** An invoice's issue, counted (`sign` 1) or taken back as if never issued (-1, a void). */
const issuance = (invoice: Invoice, sign: 1 | -1): ReceivableChange[] => {
  const day = today(invoice.createdAt);
  if (invoice.amount > 0) {
    return [
      { day, figure: 'charges', amount: sign * invoice.amount },
      { day, figure: dueFigure(invoice.dueDate), amount: sign * invoice.amount },
    ];
  }
  return invoice.amount < 0 ? [{ day, figure: 'credits', amount: sign * -invoice.amount }] : [];
};

/** What an invoice stored for the first time (`before` null) or changed moves. */
export const invoiceChanges = (after: Invoice, before: Invoice | null): ReceivableChanges => {
  if (!before) {
    if (after.status === 'void') return NOTHING;
    // A credit is owed back from the day it is issued.
    return { changes: issuance(after, 1), owedBackSince: after.amount < 0 ? today(after.createdAt) : null };
  }
  // A voided invoice counts in no account, whatever it received before: its policy is exact from its issue.
  if (before.status !== 'void' && after.status === 'void') return { changes: issuance(before, -1), owedBackSince: today(before.createdAt) };
  if (!before.writeOff && after.writeOff) {
    const { amount, bookedOn } = after.writeOff;
    return {
      changes: [
        { day: bookedOn, figure: 'writeOffs', amount },
        ...(after.amount > 0 ? [{ day: bookedOn, figure: dueFigure(after.dueDate), amount: -amount }] : []),
      ],
      owedBackSince: null,
    };
  }
  return NOTHING;
};

/**
 * What a payment or refund row moves, given its invoice as the row leaves it: cash received or
 * given back, and what is outstanding on a charge. A row on a voided invoice, or one that leaves
 * a charge paid beyond its amount, marks its policy.
 */
export const rowChanges = (row: Payment, invoice: Pick<Invoice, 'amount' | 'dueDate' | 'status' | 'paidAmount'>): ReceivableChanges => {
  const day = today(row.receivedAt);
  const changes: ReceivableChange[] = [];
  if (isCash(row) && row.amount !== 0) changes.push({ day, figure: row.amount > 0 ? 'payments' : 'refunds', amount: Math.abs(row.amount) });
  if (invoice.amount > 0) changes.push({ day, figure: dueFigure(invoice.dueDate), amount: -row.amount });
  const owedBack = invoice.status === 'void' || (invoice.amount > 0 && invoice.paidAmount > invoice.amount);
  return { changes, owedBackSince: owedBack ? day : null };
};

/** A kept figure's sum through a date. */
export interface KeptFigure {
  readonly figure: string;
  readonly amount: number;
}

/** The organization's account as the kept sums give it on `asOf`: no floors, nothing unapplied. */
export const keptAccount = (figures: readonly KeptFigure[], asOf: CalendarDate): PolicyAccount => {
  const totals = new Map<string, number>();
  const aging: Record<keyof Aging, number> = { current: 0, days1to30: 0, days31to60: 0, days61to90: 0, over90: 0 };
  for (const { figure, amount } of figures) {
    if (figure.startsWith(DUE_PREFIX)) aging[bucketOf(daysBetween(figure.slice(DUE_PREFIX.length), asOf))] += amount;
    else totals.set(figure, (totals.get(figure) ?? 0) + amount);
  }
  const sum = (name: string): number => totals.get(name) ?? 0;
  const [charges, credits, payments, refunds, writeOffs] = [sum('charges'), sum('credits'), sum('payments'), sum('refunds'), sum('writeOffs')];
  return {
    charges: cents(charges),
    credits: cents(credits),
    payments: cents(payments),
    refunds: cents(refunds),
    writtenOff: cents(writeOffs),
    unapplied: cents(0),
    balance: cents(charges - credits - payments + refunds - writeOffs),
    aging: agingOf(aging),
  };
};

/** Every change the kept sums hold of one policy, from its invoices and rows. */
const keptChangesOf = (invoices: readonly Invoice[], rows: readonly Payment[]): ReceivableChange[] => {
  const byInvoice = new Map(invoices.map((invoice) => [invoice.id, invoice]));
  const changes: ReceivableChange[] = [];
  for (const invoice of invoices) {
    changes.push(...issuance(invoice, 1));
    if (invoice.status === 'void') changes.push(...issuance(invoice, -1));
    else if (invoice.writeOff) changes.push(...invoiceChanges(invoice, { ...invoice, writeOff: undefined }).changes);
  }
  for (const row of rows) {
    const invoice = byInvoice.get(row.invoiceId);
    if (invoice) changes.push(...rowChanges(row, invoice).changes);
  }
  return changes;
};

/** What the kept sums count of one policy on `asOf` (its part of `keptAccount`), from its invoices and rows. */
export const keptPartOf = (invoices: readonly Invoice[], rows: readonly Payment[], asOf: CalendarDate): PolicyAccount =>
  keptAccount(
    keptChangesOf(invoices, rows).filter((change) => change.day <= asOf),
    asOf,
  );

/**
 * Whether the kept sums count a marked policy exactly on `day` and on every day after it, for as
 * long as nothing on it changes: every record is dated by then, its exact account is its kept
 * part, and what is outstanding falls due on the same days in both (no charge paid over, no row
 * on a voided charge left in the sums), so the two age alike on any later date. Such a policy
 * needs no correction from that day on; what it still owes ages in the kept sums.
 */
export const keptExactlyFrom = (invoices: readonly Invoice[], rows: readonly Payment[], day: CalendarDate): boolean => {
  const dated =
    invoices.every((invoice) => today(invoice.createdAt) <= day && (!invoice.writeOff || invoice.writeOff.bookedOn <= day)) &&
    rows.every((row) => today(row.receivedAt) <= day);
  if (!dated) return false;
  const keptDue = new Map<string, number>();
  for (const { figure, amount } of keptChangesOf(invoices, rows)) {
    if (figure.startsWith(DUE_PREFIX)) keptDue.set(figure, (keptDue.get(figure) ?? 0) + amount);
  }
  const exactDue = new Map<string, number>();
  for (const invoice of invoices.filter((candidate) => candidate.status !== 'void' && candidate.amount > 0)) {
    const settled = rows.filter((row) => row.invoiceId === invoice.id).reduce((sum, row) => sum + row.amount, 0);
    const outstanding = invoice.amount - settled - (invoice.writeOff?.amount ?? 0);
    if (outstanding > 0) exactDue.set(dueFigure(invoice.dueDate), (exactDue.get(dueFigure(invoice.dueDate)) ?? 0) + outstanding);
  }
  const sameDue = [...new Set([...keptDue.keys(), ...exactDue.keys()])].every((figure) => (keptDue.get(figure) ?? 0) === (exactDue.get(figure) ?? 0));
  if (!sameDue) return false;
  const [exact, kept] = [accountOf(invoices, rows, day), keptPartOf(invoices, rows, day)];
  const fields = ['charges', 'credits', 'payments', 'refunds', 'writtenOff', 'unapplied', 'balance'] as const;
  return fields.every((field) => exact[field] === kept[field]);
};

/** A marked policy: its exact account and what the kept sums count of it, on the same date. */
export interface MarkedPolicy {
  readonly exact: PolicyAccount;
  readonly kept: PolicyAccount;
}

/** The organization's totals: the kept sums, each marked policy's count replaced by its exact account. */
export const correctedTotals = (kept: PolicyAccount, marked: readonly MarkedPolicy[]): PolicyAccount =>
  marked.reduce((total, policy) => addAccounts(addAccounts(total, policy.exact), policy.kept, -1), kept);
