import type { Invoice } from './invoice.ts';
import type { Payment } from './payment.ts';
import { escapeHtml } from '../shared/html.ts';
import { formatDollars as dollars } from '../shared/money.ts';
import { isoInstant } from '../shared/iso-instant.ts';

/** Where a payment's receipt is stored; the payment's time makes the name stable across retries. */
export const receiptPath = (orgId: string, invoiceNumber: string, receivedAt: Date): string =>
  `docs/${orgId}/receipts/RCPT-${invoiceNumber}-${receivedAt.getTime()}.html`;

/** A self-contained HTML receipt (no scripts, no remote resources). */
export const renderReceipt = (input: { invoice: Invoice; payment: Payment; policyNumber: string | null }): string => {
  const { invoice, payment } = input;
  const rows: [string, string][] = [
    ['Receipt', `RCPT-${invoice.invoiceNumber}-${payment.receivedAt.getTime()}`],
    ['Invoice', invoice.invoiceNumber],
    ...(input.policyNumber ? ([['Policy', input.policyNumber]] as [string, string][]) : []),
    ['Amount received', dollars(payment.amount)],
    ['Method', payment.method],
    ['Reference', payment.reference],
    ['Received at', isoInstant(payment.receivedAt)],
    ['Invoice amount', dollars(invoice.amount)],
    ['Paid to date', dollars(invoice.paidAmount)],
    ['Balance due', dollars(Math.max(0, invoice.amount - invoice.paidAmount))],
    ['Invoice status', invoice.status],
  ];
  const body = rows.map(([label, value]) => `<tr><th>${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Receipt ${escapeHtml(invoice.invoiceNumber)}</title>
<style>body{font-family:sans-serif;margin:2rem}th{text-align:left;padding-right:2rem}</style></head>
<body><h1>Payment receipt</h1>
<table>
${body}
</table></body></html>
`;
};
