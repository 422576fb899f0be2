/**
 * The platform's named HTML templates. Every value from the caller is escaped; the pages carry no
 * scripts and load nothing: styles are inline and there are no remote resources.
 */
import type { CalendarDate } from '../shared/calendar-date.ts';
import { escapeHtml } from '../shared/html.ts';
import { cents, formatDollars, type Cents } from '../shared/money.ts';
import { addressLines, type PostalAddress } from './certificate.ts';

export const TEMPLATE_NAMES = ['invoice', 'receipt'] as const;

const STYLE = `body{font-family:Helvetica,Arial,sans-serif;font-size:11pt;margin:0;color:#111}
h1{font-size:20pt;margin:0 0 1rem}table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:.35rem .5rem;border-bottom:1px solid #ccc;vertical-align:top}
td.amount,th.amount{text-align:right;white-space:nowrap}.muted{color:#555}.total td{font-weight:bold;border-top:2px solid #111}`;

/** A complete, self-contained HTML page. */
const htmlPage = (title: string, body: string): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>${STYLE}</style></head>
<body>${body}</body></html>
`;

const rows = (pairs: readonly (readonly [string, string])[]): string =>
  pairs.map(([label, value]) => `<tr><th>${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('\n');

export interface InvoiceTemplateData {
  readonly invoiceNumber: string;
  readonly issuedOn: CalendarDate;
  readonly dueDate: CalendarDate;
  readonly billTo: { readonly name: string; readonly address?: PostalAddress };
  readonly policyNumber?: string;
  readonly lines: readonly { readonly description: string; readonly amount: Cents }[];
  readonly notes?: string;
}

export interface ReceiptTemplateData {
  readonly receiptNumber: string;
  readonly receivedOn: CalendarDate;
  readonly receivedFrom: string;
  readonly amount: Cents;
  readonly method: string;
  readonly reference?: string;
  readonly invoiceNumber?: string;
  readonly policyNumber?: string;
}

export const invoiceHtml = (data: InvoiceTemplateData): string => {
  const total = cents(data.lines.reduce((sum, line) => sum + line.amount, 0));
  const billTo = [data.billTo.name, ...(data.billTo.address ? addressLines(data.billTo.address) : [])].map(escapeHtml).join('<br>');
  const lines = data.lines.map((line) => `<tr><td>${escapeHtml(line.description)}</td><td class="amount">${formatDollars(line.amount)}</td></tr>`).join('\n');
  return htmlPage(
    `Invoice ${data.invoiceNumber}`,
    `<h1>Invoice ${escapeHtml(data.invoiceNumber)}</h1>
<table>${rows([['Issued', data.issuedOn], ['Due', data.dueDate], ...(data.policyNumber ? ([['Policy', data.policyNumber]] as const) : [])])}</table>
<h2>Bill to</h2><p>${billTo}</p>
<table><thead><tr><th>Description</th><th class="amount">Amount</th></tr></thead>
<tbody>${lines}
<tr class="total"><td>Total due</td><td class="amount">${formatDollars(total)}</td></tr></tbody></table>
${data.notes ? `<p class="muted">${escapeHtml(data.notes).replace(/\n/g, '<br>')}</p>` : ''}`,
  );
};

export const receiptHtml = (data: ReceiptTemplateData): string =>
  htmlPage(
    `Receipt ${data.receiptNumber}`,
    `<h1>Payment receipt</h1>
<table>${rows([
      ['Receipt', data.receiptNumber],
      ['Received on', data.receivedOn],
      ['Received from', data.receivedFrom],
      ['Amount received', formatDollars(data.amount)],
      ['Method', data.method],
      ...(data.reference ? ([['Reference', data.reference]] as const) : []),
      ...(data.invoiceNumber ? ([['Invoice', data.invoiceNumber]] as const) : []),
      ...(data.policyNumber ? ([['Policy', data.policyNumber]] as const) : []),
    ])}</table>`,
  );
