import { compareDates, type CalendarDate } from '../shared/calendar-date.ts';
import { cents, type Cents } from '../shared/money.ts';
import { chargeLines, codeOfLine, isCollectible, linesOf, type ChargeItem, type Invoice, type InvoiceLine } from './invoice.ts';
import { NO_CHARGES, type PolicyCharges } from './premium-position.ts';

type Billed = Pick<Invoice, 'id' | 'kind' | 'amount' | 'lines' | 'paidAmount' | 'status' | 'dueDate'>;

const notVoid = (invoices: readonly Billed[]) => invoices.filter((invoice) => invoice.status !== 'void');

/** What the insured is billed in all: every invoice not voided (credits count negative). */
export const netBilled = (invoices: readonly Billed[]): Cents => cents(notVoid(invoices).reduce((sum, invoice) => sum + invoice.amount, 0));

/** What the invoices not voided bill, by kind of charge. */
export const billedByKind = (invoices: readonly Billed[]): PolicyCharges =>
  notVoid(invoices)
    .flatMap((invoice) => linesOf(invoice))
    .reduce<PolicyCharges>((total, line) => ({ ...total, [line.kind]: cents(total[line.kind] + line.amount) }), NO_CHARGES);

/**
 * Installments a cancellation makes void: those still open with nothing paid that fall due on or
 * after the cancellation date (no cover is left for them to pay for).
 */
export const installmentsVoidedBy = (invoices: readonly Billed[], cancelledFrom: CalendarDate): string[] =>
  invoices
    .filter((invoice) => invoice.kind === 'installment' && isCollectible(invoice) && invoice.paidAmount === 0)
    .filter((invoice) => compareDates(invoice.dueDate, cancelledFrom) >= 0)
    .map((invoice) => invoice.id);

/**
 * The adjustment that brings the policy's billing to what it owes after a premium transaction,
 * line by line (premium, fee, taxes): in all positive, an additional charge; negative, a credit
 * owed to the insured; no lines, none. Computed from what is billed, not from the transaction, so
 * a change whose invoice was lost is billed by the next one.
 */
export const billingAdjustment = (invoices: readonly Billed[], owed: readonly ChargeItem[]): InvoiceLine[] => {
  const billed = new Map<string, ChargeItem>();
  for (const line of notVoid(invoices).flatMap((invoice) => linesOf(invoice))) {
    const code = codeOfLine(line);
    billed.set(code, { kind: line.kind, code, ...(line.name ? { name: line.name } : {}), amount: cents((billed.get(code)?.amount ?? 0) + line.amount) });
  }
  const owedCodes = new Set(owed.map((item) => item.code));
  const differences = [
    ...owed.map((item) => ({ ...item, amount: cents(item.amount - (billed.get(item.code)?.amount ?? 0)) })),
    // What was billed under a code no longer owed (a component a return took back in full).
    ...[...billed.values()].filter((item) => !owedCodes.has(item.code)).map((item) => ({ ...item, amount: cents(-item.amount) })),
  ];
  return chargeLines(differences);
};
