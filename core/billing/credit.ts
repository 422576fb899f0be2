import { compareDates } from '../shared/calendar-date.ts';
import { DomainError } from '../shared/domain-error.ts';
import { cents, centsToDollars, formatDollars, type Cents } from '../shared/money.ts';
import { isCollectible, type Invoice } from './invoice.ts';
import { isCash, type Payment } from './payment.ts';

/** Whether an invoice has received what it asks: a charge paid in full, or a credit paid out or applied in full. */
export const isSettled = (invoice: Pick<Invoice, 'amount' | 'paidAmount'>): boolean =>
  invoice.amount >= 0 ? invoice.paidAmount >= invoice.amount : invoice.paidAmount <= invoice.amount;

/** What is left of a credit to pay out or apply (positive); refuses anything that is not an open credit. */
export const creditLeft = (invoice: Invoice): Cents => {
  if (invoice.kind !== 'credit' || invoice.amount >= 0)
    throw new DomainError('invalid_transition', 'Only a credit invoice can be settled this way.', { kind: invoice.kind });
  const left = cents(invoice.paidAmount - invoice.amount);
  if (invoice.status !== 'open' || left <= 0) throw new DomainError('invalid_transition', 'The credit has been settled.', { status: invoice.status });
  return left;
};

export interface Allocation<T> {
  readonly to: T;
  readonly amount: Cents;
}

/** Spreads `total` over candidates in order, each up to what it can take; what none could take is left over. */
const allocateInOrder = <T>(total: Cents, candidates: readonly T[], capacity: (candidate: T) => number): { parts: Allocation<T>[]; leftOver: Cents } => {
  const parts: Allocation<T>[] = [];
  let left: number = total;
  for (const candidate of candidates) {
    if (left <= 0) break;
    const amount = Math.min(left, capacity(candidate));
    if (amount <= 0) continue;
    parts.push({ to: candidate, amount: cents(amount) });
    left -= amount;
  }
  return { parts, leftOver: cents(left) };
};

/** What of a credit the policy's open charges take, the earliest due first (ties by number). */
const applicationsTo = (credit: Invoice, invoices: readonly Invoice[]): { parts: Allocation<Invoice>[]; leftOver: Cents } => {
  const open = invoices
    .filter((invoice) => invoice.id !== credit.id && isCollectible(invoice) && invoice.amount > 0 && invoice.paidAmount < invoice.amount)
    .sort((a, b) => compareDates(a.dueDate, b.dueDate) || a.invoiceNumber.localeCompare(b.invoiceNumber));
  return allocateInOrder(creditLeft(credit), open, (invoice) => invoice.amount - invoice.paidAmount);
};

/** Whether any of a credit would go to the policy's open charges. */
export const hasChargesFor = (credit: Invoice, invoices: readonly Invoice[]): boolean => applicationsTo(credit, invoices).parts.length > 0;

/** The policy's open credits, oldest first: what its open charges take before anything is owed back. */
export const openCredits = (invoices: readonly Invoice[]): Invoice[] =>
  invoices
    .filter((invoice) => invoice.kind === 'credit' && invoice.status === 'open' && invoice.amount < 0 && !isSettled(invoice))
    .sort((a, b) => compareDates(a.dueDate, b.dueDate) || a.invoiceNumber.localeCompare(b.invoiceNumber));

/** A credit applied to the policy's open charges, the earliest due first (ties by number). */
export const creditApplications = (credit: Invoice, invoices: readonly Invoice[]): Allocation<Invoice>[] => {
  const { parts } = applicationsTo(credit, invoices);
  if (parts.length === 0) throw new DomainError('invalid_transition', 'The policy has no open invoice to apply the credit to; refund it instead.', {});
  return parts;
};

/** Money collected on a policy and still held: its payments less its refunds and payouts (credits moved between its invoices are not cash). */
export const cashHeld = (payments: readonly Payment[]): Cents => cents(payments.filter(isCash).reduce((sum, payment) => sum + payment.amount, 0));

/** A part of a credit paid out that the cash held no longer covered when it was paid: it went back to the credit. */
export const payoutBeyondCash = (credit: Invoice, amount: number): DomainError =>
  new DomainError('payout_exceeds_cash', 'Refunds since the payout was asked left the policy less cash than it; nothing was paid out of it.', {
    creditLeft: centsToDollars(cents(credit.paidAmount - credit.amount)),
    payout: centsToDollars(cents(amount)),
  });

/**
 * A credit refunded to the insured: first applied to what the policy still owes (its open
 * charges, earliest due first), and only the rest paid out, never more than the cash collected on
 * the policy: money never received is not paid out (`payout_exceeds_cash`, nothing taken).
 */
export const refundPlan = (
  credit: Invoice,
  invoices: readonly Invoice[],
  payments: readonly Payment[],
): { applications: Allocation<Invoice>[]; payout: Cents } => {
  const { parts, leftOver } = applicationsTo(credit, invoices);
  const held = cashHeld(payments);
  const left = creditLeft(credit);
  if (leftOver > held)
    throw new DomainError(
      'payout_exceeds_cash',
      `${formatDollars(leftOver)} of the credit is left after the open charges, and ${formatDollars(Math.max(0, held))} was collected on the policy.`,
      { creditLeft: centsToDollars(left), applicable: centsToDollars(cents(left - leftOver)), cashHeld: centsToDollars(held) },
    );
  return { applications: parts, payout: leftOver };
};

/** What of a card payment the processor can still give back: its amount less every refund held or reported. */
const processorRefundable = (payment: Payment): number => payment.amount - (payment.refundHeld ?? 0) - (payment.processorRefundLevel ?? 0);

/**
 * Where a credit paid out comes from: the card payments of the policy the processor took, newest
 * first, as far as they go; the rest is paid out by other means (check, transfer) and recorded.
 */
export const payoutSources = (left: Cents, payments: readonly Payment[]): { throughProcessor: Allocation<Payment>[]; recorded: Cents } => {
  const cards = payments
    .filter((payment) => payment.amount > 0 && payment.source === 'processor')
    .sort((a, b) => b.receivedAt.getTime() - a.receivedAt.getTime());
  const plan = allocateInOrder(left, cards, processorRefundable);
  return { throughProcessor: plan.parts, recorded: plan.leftOver };
};
