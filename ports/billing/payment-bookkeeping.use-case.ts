import type { Invoice } from '../../core/billing/invoice.ts';
import type { Payment } from '../../core/billing/payment.ts';
import { receiptPath, renderReceipt } from '../../core/billing/receipt.ts';
import type { DocumentLibrary } from '../documents/document-library.use-case.ts';
import type { FinancialSteps } from './financial-steps.ts';
import type { InvoiceRepository, PaymentRepository } from './invoice.repository.ts';
import type { BilledPolicy, PolicyLookup } from './premium-books.use-case.ts';

export interface PaymentBookkeepingDeps {
  readonly invoices: InvoiceRepository;
  readonly payments: PaymentRepository;
  readonly policies: PolicyLookup;
  readonly documents: DocumentLibrary;
  readonly steps: FinancialSteps;
}

/**
 * What follows a payment: its receipt (its posting and commission were part of the payment's own
 * write). The receipt is keyed by its path, so storing it again after a failure repeats nothing.
 */
export class PaymentBookkeeping {
  private readonly deps: PaymentBookkeepingDeps;

  constructor(deps: PaymentBookkeepingDeps) {
    this.deps = deps;
  }

  async afterPayment(orgId: string, invoiceId: string, reference: string): Promise<{ receiptDocumentId: string } | null> {
    const [invoice, payment] = await Promise.all([this.deps.invoices.findById(orgId, invoiceId), this.deps.payments.findByReference(orgId, reference)]);
    if (!invoice || !payment) return null;
    const policy = await this.deps.policies.findById(orgId, invoice.policyId);
    const context = { orgId, reference, invoiceId };
    return { receiptDocumentId: await this.deps.steps.run('receipt_generation', context, () => this.storeReceipt(invoice, payment, policy)) };
  }

  private async storeReceipt(invoice: Invoice, payment: Payment, policy: BilledPolicy | null): Promise<string> {
    const html = renderReceipt({ invoice, payment, policyNumber: policy?.policyNumber ?? null });
    const storageKey = receiptPath(invoice.orgId, invoice.invoiceNumber, payment.receivedAt);
    const document = await this.deps.documents.store(invoice.orgId, {
      type: 'receipt',
      storageKey,
      filename: storageKey.slice(storageKey.lastIndexOf('/') + 1),
      contentType: 'text/html; charset=utf-8',
      content: new TextEncoder().encode(html),
      about: { policyId: invoice.policyId },
    });
    return document.id;
  }
}
