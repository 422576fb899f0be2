import { lineName, linesOf, type Invoice } from '../../core/billing/invoice.ts';
import type { PostalAddress } from '../../core/documents/certificate.ts';
import type { InvoiceTemplateData } from '../../core/documents/html-templates.ts';
import type { Policy } from '../../core/policy/policy.ts';
import { formatDollars } from '../../core/shared/money.ts';
import { isoInstant } from '../../core/shared/iso-instant.ts';

/** What the invoice PDF shows the insured: its lines, whom it is billed to, and what was paid so far. */
export const invoiceTemplateData = (invoice: Invoice, policy: Policy, address: PostalAddress | null): InvoiceTemplateData => ({
  invoiceNumber: invoice.invoiceNumber,
  issuedOn: isoInstant(invoice.createdAt).slice(0, 10),
  dueDate: invoice.dueDate,
  billTo: { name: policy.risk.insuredName, ...(address ? { address } : {}) },
  policyNumber: policy.policyNumber,
  lines: linesOf(invoice).map((line) => ({
    description: lineName(line),
    amount: line.amount,
  })),
  ...(invoice.paidAmount > 0 ? { notes: `Paid so far: ${formatDollars(invoice.paidAmount)}. Status: ${invoice.status}.` } : {}),
});
