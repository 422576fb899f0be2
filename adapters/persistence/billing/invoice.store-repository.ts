import type { Invoice, InvoiceStatus } from '../../../core/billing/invoice.ts';
import type { InvoiceRepository } from '../../../ports/billing/invoice.repository.ts';
import type { DocumentStore, Filter } from '../../../ports/persistence/document-store.port.ts';
import type { Page, PageRequest } from '../../../ports/persistence/page.ts';
import { RecordCollection } from '../shared/record-collection.ts';

export class InvoiceStoreRepository implements InvoiceRepository {
  private readonly records: RecordCollection<Invoice>;

  private constructor(records: RecordCollection<Invoice>) {
    this.records = records;
  }

  static async create(store: DocumentStore): Promise<InvoiceStoreRepository> {
    return new InvoiceStoreRepository(
      await RecordCollection.open<Invoice>(store, 'invoices', [
        { name: 'org_invoice_number', keys: { orgId: 1, invoiceNumber: 1 }, unique: true },
        { name: 'org_policy', keys: { orgId: 1, policyId: 1, _id: -1 } },
        { name: 'org_status', keys: { orgId: 1, status: 1, _id: -1 } },
      ]),
    );
  }

  async insertAll(invoices: readonly Invoice[]): Promise<void> {
    for (const invoice of invoices) await this.records.insert(invoice);
  }

  findById(orgId: string, id: string): Promise<Invoice | null> {
    return this.records.findById(orgId, id);
  }

  list(orgId: string, filters: { status?: InvoiceStatus; policyId?: string }, page: PageRequest): Promise<Page<Invoice>> {
    const filter: Filter = {};
    if (filters.status) filter.status = filters.status;
    if (filters.policyId) filter.policyId = filters.policyId;
    return this.records.page(orgId, filter, page);
  }

  countForPolicy(orgId: string, policyId: string): Promise<number> {
    return this.records.raw.countDocuments({ orgId, policyId });
  }
}
