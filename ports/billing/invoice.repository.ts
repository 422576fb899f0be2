import type { Invoice, InvoiceStatus } from '../../core/billing/invoice.ts';
import type { Page, PageRequest } from '../persistence/page.ts';

export interface InvoiceRepository {
  insertAll(invoices: readonly Invoice[]): Promise<void>;
  findById(orgId: string, id: string): Promise<Invoice | null>;
  list(orgId: string, filters: { status?: InvoiceStatus; policyId?: string }, page: PageRequest): Promise<Page<Invoice>>;
  countForPolicy(orgId: string, policyId: string): Promise<number>;
}
