import type { Invoice, InvoiceStatus } from '../../core/billing/invoice.ts';
import { notFound } from '../../core/shared/domain-error.ts';
import type { Page, PageRequest } from '../persistence/page.ts';
import type { InvoiceRepository } from './invoice.repository.ts';

export class Invoices {
  private readonly invoices: InvoiceRepository;

  constructor(invoices: InvoiceRepository) {
    this.invoices = invoices;
  }

  async get(orgId: string, id: string): Promise<Invoice> {
    const invoice = await this.invoices.findById(orgId, id);
    if (!invoice) throw notFound('Invoice');
    return invoice;
  }

  list(orgId: string, filters: { status?: InvoiceStatus; policyId?: string }, page: PageRequest): Promise<Page<Invoice>> {
    return this.invoices.list(orgId, filters, page);
  }
}
