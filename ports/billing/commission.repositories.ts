import type { Commission, CommissionReversal } from '../../core/billing/commission.ts';
import type { LedgerEntry } from '../../core/billing/ledger.ts';
import type { Page, PageRequest } from '../persistence/page.ts';

export interface CommissionRepository {
  /** Rejects with `duplicate` when the invoice already has a commission. */
  insert(commission: Commission): Promise<void>;
  findByInvoice(orgId: string, invoiceId: string): Promise<Commission | null>;
  /**
   * Appends a reversal, only while the commission still has `knownReversals` of them and none for
   * this reference, so reversals computed concurrently cannot both land; null otherwise.
   */
  addReversal(orgId: string, invoiceId: string, knownReversals: number, reversal: CommissionReversal): Promise<Commission | null>;
  list(orgId: string, filters: { producerId?: string; policyId?: string }, page: PageRequest): Promise<Page<Commission>>;
}

export interface LedgerRepository {
  /** Rejects with `duplicate` when the source was already posted. */
  post(entry: LedgerEntry): Promise<void>;
  findBySource(orgId: string, sourceKey: string): Promise<LedgerEntry | null>;
  list(orgId: string, filters: { invoiceId?: string }, page: PageRequest): Promise<Page<LedgerEntry>>;
}
