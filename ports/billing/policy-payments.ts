import type { Invoice } from '../../core/billing/invoice.ts';
import type { Payment } from '../../core/billing/payment.ts';
import type { InvoiceRepository, PaymentRepository } from './invoice.repository.ts';

/** Every invoice of a policy and every payment, refund and credit row on them, in two reads. */
export const policyPayments = async (
  deps: { readonly invoices: InvoiceRepository; readonly payments: PaymentRepository },
  orgId: string,
  policyId: string,
): Promise<{ invoices: Invoice[]; payments: Payment[] }> => {
  const invoices = await deps.invoices.forPolicy(orgId, policyId);
  const payments = await deps.payments.forInvoices(
    orgId,
    invoices.map((invoice) => invoice.id),
  );
  return { invoices, payments };
};
