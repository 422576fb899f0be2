import { utcMonthOf, withChange, type CommissionMonthTotal } from '../../../core/billing/commission-totals.ts';
import type { CommissionSplit } from '../../../core/billing/commission.ts';
import type { LedgerEntry } from '../../../core/billing/ledger.ts';
import { postedCommission } from '../../../core/billing/premium-account.ts';
import { cents } from '../../../core/shared/money.ts';
import type { CollectionStore, GroupedWrite, StoredDocument } from '../../../ports/shared/persistence/collection-store.port.ts';
import type { RecordCollection } from '../shared/record-collection.ts';
import { storedRecords } from '../shared/stored-records.ts';

export const COMMISSION_TOTALS = 'commission_totals';
/** Set once the totals hold every posting (counted when first opened, or rebuilt). */
const COUNTED = 'commission-totals-v1';

type TotalDocument = StoredDocument & CommissionMonthTotal & { orgId: string };

const keyOf = (orgId: string, month: string): string => `${orgId}:${month}`;

/** A posting that moves no premium (billing, a write-off) has no place in the totals. */
const movesCommission = (split: CommissionSplit): boolean =>
  split.grossPremium !== 0 || split.agentCommission !== 0 || split.mgaCommission !== 0 || split.carrierNet !== 0;

/** A kept row as the month's total, in cents. */
const totalOf = (row: TotalDocument): CommissionMonthTotal => ({
  month: row.month,
  grossPremium: cents(row.grossPremium),
  agentCommission: cents(row.agentCommission),
  mgaCommission: cents(row.mgaCommission),
  carrierNet: cents(row.carrierNet),
});

/**
 * The commission of an organization's postings, summed per month (UTC) as they are posted, so
 * the commission analytics read one row a month whatever the size of the book. A posting and its
 * month's total are one write (`writeTogether`): a total never counts a posting that was not
 * kept, nor misses one that was. A month's total therefore equals the recount of its postings, and
 * of the commission records (each record is its posting's split, recorded at the posting's time).
 */
export class CommissionTotalsStore {
  private readonly store: CollectionStore;
  private readonly ledger: RecordCollection<LedgerEntry>;

  private constructor(store: CollectionStore, ledger: RecordCollection<LedgerEntry>) {
    this.store = store;
    this.ledger = ledger;
  }

  /**
   * Opens the totals; a store whose postings predate them (or whose rebuild was interrupted) is
   * counted here once, while the service starts and before it takes a request.
   */
  static async open(store: CollectionStore, ledger: RecordCollection<LedgerEntry>): Promise<CommissionTotalsStore> {
    await store.ensureIndexes(COMMISSION_TOTALS, [{ name: 'org_month', keys: { orgId: 1, month: 1 } }]);
    const totals = new CommissionTotalsStore(store, ledger);
    if (!(await store.collection('migrations').findOne({ _id: COUNTED }))) await totals.rebuild();
    return totals;
  }

  /** The write that adds a posting's commission split to its month; null when it moves none. */
  static totalWrite(entry: LedgerEntry): GroupedWrite | null {
    const split = postedCommission(entry);
    if (!movesCommission(split)) return null;
    const month = utcMonthOf(entry.postedAt);
    return {
      collection: COMMISSION_TOTALS,
      updateOne: {
        filter: { _id: keyOf(entry.orgId, month) },
        update: { $setOnInsert: { orgId: entry.orgId, month }, $inc: { ...split } },
        upsert: true,
      },
    };
  }

  /** The kept months from `from` to `to` (YYYY-MM, both included); a month without postings is absent. */
  async between(orgId: string, from: string, to: string): Promise<CommissionMonthTotal[]> {
    const rows = await this.store.collection<TotalDocument>(COMMISSION_TOTALS).find({ orgId, month: { $gte: from, $lte: to } }, { sort: { month: 1 } });
    return rows.map(totalOf);
  }

  /** Every kept month of every organization (a row per organization and month: small whatever the book). */
  async all(): Promise<Array<CommissionMonthTotal & { readonly orgId: string }>> {
    const rows = await this.store.collection<TotalDocument>(COMMISSION_TOTALS).find({}, { sort: { _id: 1 } });
    return rows.map((row) => ({ orgId: row.orgId, ...totalOf(row) }));
  }

  /**
   * Counts every posting again and replaces the totals with the count (a store restored from a
   * journal, or moved to MongoDB). Run with the service stopped: a posting made meanwhile could be
   * counted twice or not at all. The marker is cleared first, so an interrupted rebuild is
   * counted again at the next start.
   */
  async rebuild(): Promise<{ postings: number; months: number }> {
    const markers = this.store.collection('migrations');
    await markers.deleteOne({ _id: COUNTED });
    const sums = new Map<string, TotalDocument>();
    let postings = 0;
    for await (const entry of storedRecords(this.ledger.raw, (row) => this.ledger.fromStored(row))) {
      postings += 1;
      const split = postedCommission(entry);
      if (!movesCommission(split)) continue;
      const month = utcMonthOf(entry.postedAt);
      const key = keyOf(entry.orgId, month);
      sums.set(key, { _id: key, orgId: entry.orgId, ...withChange(month, sums.get(key), split) });
    }
    const totals = this.store.collection<TotalDocument>(COMMISSION_TOTALS);
    await totals.deleteMany({});
    for (const sum of sums.values()) await totals.insertOne(sum);
    const months = sums.size;
    await markers.updateOne({ _id: COUNTED }, { $set: { doneAt: new Date(), postings } }, { upsert: true });
    return { postings, months };
  }
}
