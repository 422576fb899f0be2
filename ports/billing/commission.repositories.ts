import type { CommissionMonthTotal } from '../../core/billing/commission-totals.ts';
import type { Commission } from '../../core/billing/commission.ts';
import type { LedgerEntry } from '../../core/billing/ledger.ts';
import type { Among, Page, PageRequest } from '../shared/persistence/page.ts';
import type { GroupedWrite } from '../shared/persistence/collection-store.port.ts';

export interface CommissionRepository {
  /** Rejects with `duplicate` when the ledger posting already has its commission. */
  insert(commission: Commission): Promise<void>;
  /** The insert of a posting's commission, for the command's one write (a second one for the posting is a `duplicate`). */
  insertWrite(commission: Commission): GroupedWrite;
  findBySource(orgId: string, sourceKey: string): Promise<Commission | null>;
  /** `recordedFrom` included, `recordedBefore` excluded. */
  list(
    orgId: string,
    filters: { producerId?: string; policyId?: string; recordedFrom?: Date; recordedBefore?: Date } & Among,
    page: PageRequest,
  ): Promise<Page<Commission>>;
  /** Every commission recorded from `from` included to `before` excluded, in one read in the order recorded (not paged). */
  recordedBetween(orgId: string, from: Date, before: Date): Promise<Commission[]>;
  /** Every commission of these policies, in one read through the policy index (not paged), made once for a report (in bulk). */
  forPolicies(orgId: string, policyIds: readonly string[]): Promise<Commission[]>;
}

export interface LedgerRepository {
  /**
   * Rejects with `duplicate` when the source was already posted. The posting's commission split
   * is added to its month's kept totals in the same write: the totals are always the sum of the
   * postings.
   */
  post(entry: LedgerEntry): Promise<void>;
  /** What `post` writes (the posting and its month's commission total), for the command's one write. */
  postWrites(entry: LedgerEntry): GroupedWrite[];
  /** The kept commission totals of the months from `from` to `to` (YYYY-MM, both included); a month without postings is absent. */
  commissionTotals(orgId: string, from: string, to: string): Promise<CommissionMonthTotal[]>;
  findBySource(orgId: string, sourceKey: string): Promise<LedgerEntry | null>;
  /** The policy's posting with the highest sequence number. */
  latestForPolicy(orgId: string, policyId: string): Promise<LedgerEntry | null>;
  list(orgId: string, filters: { invoiceId?: string; policyId?: string }, page: PageRequest): Promise<Page<LedgerEntry>>;
  /** Every posting from `from` included to `before` excluded, in one read in the order posted (not paged). */
  postedBetween(orgId: string, from: Date, before: Date): Promise<LedgerEntry[]>;
  /** Every posting of these policies, in one read through the policy index (not paged), made once for a report (in bulk). */
  forPolicies(orgId: string, policyIds: readonly string[]): Promise<LedgerEntry[]>;
}
