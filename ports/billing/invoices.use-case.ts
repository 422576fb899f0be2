import type { Invoice } from '../../core/billing/invoice.ts';
import { notFound } from '../../core/shared/domain-error.ts';
import type { Page, PageRequest } from '../shared/persistence/page.ts';
import type { InvoiceFilters, InvoiceRepository, PaymentRepository } from './invoice.repository.ts';
import type { Payment } from '../../core/billing/payment.ts';

export class Invoices {
  private readonly invoices: InvoiceRepository;
  private readonly payments: PaymentRepository;

  constructor(invoices: InvoiceRepository, payments: PaymentRepository) {
    this.invoices = invoices;
    this.payments = payments;
  }

  async get(orgId: string, id: string): Promise<{ invoice: Invoice; payments: Payment[] }> {
    const invoice = await this.invoices.findById(orgId, id);
    if (!invoice) throw notFound('Invoice');
    return { invoice, payments: await this.payments.forInvoice(orgId, id) };
  }

  list(orgId: string, filters: InvoiceFilters, page: PageRequest): Promise<Page<Invoice>> {
    return this.invoices.list(orgId, filters, page);
  }
}
