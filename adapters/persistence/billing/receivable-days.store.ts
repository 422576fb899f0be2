import { invoiceChanges, rowChanges, type KeptFigure, type ReceivableChange, type ReceivableChanges } from '../../../core/billing/receivable-figures.ts';
import type { Invoice } from '../../../core/billing/invoice.ts';
import type { Payment } from '../../../core/billing/payment.ts';
import type { CalendarDate } from '../../../core/shared/calendar-date.ts';
import type { InvoiceAfterRow, KeptReceivables, ReceivableFigures, ReceivableMark } from '../../../ports/billing/kept-receivables.port.ts';
import type { CollectionStore, GroupedWrite, StoredDocument } from '../../../ports/shared/persistence/collection-store.port.ts';

export const RECEIVABLE_DAYS = 'receivable_days';
export const RECEIVABLE_MARKS = 'receivable_marks';
/** Set once the kept receivables hold every invoice and row (counted when first opened, or rebuilt). */
const COUNTED = 'receivable-days-v1';
/** Invoices whose rows one read of a rebuild asks for. */
const REBUILD_BATCH = 500;

/** A day of an organization: what each figure moved by that day (`charges`, `due:2027-03-01`, …). */
type DayDocument = StoredDocument & { orgId: string; day: CalendarDate } & Record<string, number>;
/**
 * A marked policy: from when something on it is owed back, how many writes moved its receivables
 * since (each write's guard for a reconciliation), and from when the sums count it exactly (absent
 * or null: not reconciled; any later write clears it).
 */
type MarkDocument = StoredDocument & { orgId: string; policyId: string; since: CalendarDate; changes?: number; reconciledOn?: CalendarDate | null };

/** The records the kept receivables are counted from: every invoice of every organization, and the rows of some. */
export interface ReceivableSources {
  invoices(): AsyncIterable<Invoice>;
  rowsOf(orgId: string, invoiceIds: readonly string[]): Promise<Payment[]>;
}

/** Changes summed by day: each day's as one `$inc` of its figures. */
const byDay = (changes: readonly ReceivableChange[]): Map<CalendarDate, Record<string, number>> => {
  const days = new Map<CalendarDate, Record<string, number>>();
  for (const { day, figure, amount } of changes) {
    if (amount === 0) continue;
    const figures = days.get(day) ?? {};
    days.set(day, figures);
    figures[figure] = (figures[figure] ?? 0) + amount;
  }
  return days;
};

/** What moving an organization's kept receivables writes, with the mark of the policy when the record marks it. */
const writesOf = (orgId: string, policyId: string, { changes, owedBackSince }: ReceivableChanges): GroupedWrite[] => {
  // A command's changes fall on one day or two (a void reaches back to the invoice's issue): a row each.
  const writes: GroupedWrite[] = [...byDay(changes)].map(([day, increments]) => ({
    collection: RECEIVABLE_DAYS,
    updateOne: { filter: { _id: `${orgId}:${day}` }, update: { $setOnInsert: { orgId, day }, $inc: increments }, upsert: true },
  }));
  // Any change of a marked policy's receivables undoes its reconciliation (a policy not marked has no mark to touch).
  const touch = { $inc: { changes: 1 }, $set: { reconciledOn: null } };
  const _id = `${orgId}:${policyId}`;
  writes.push(
    owedBackSince
      ? {
          collection: RECEIVABLE_MARKS,
          updateOne: { filter: { _id }, update: { ...touch, $setOnInsert: { orgId, policyId }, $min: { since: owedBackSince } }, upsert: true },
        }
      : { collection: RECEIVABLE_MARKS, updateOne: { filter: { _id }, update: touch } },
  );
  return writes;
};

/**
 * The receivables kept per organization and day (`core/billing/receivable-figures.ts`): a row per
 * day with what each figure moved by, and a mark per policy that something on it is owed back. An
 * invoice or a row and what it moves are one write (one row's `$inc`). The aging report reads a
 * row per day of the book and the marked policies' records, whatever the size of the book.
 */
export class ReceivableDaysStore implements KeptReceivables {
  private readonly store: CollectionStore;
  private readonly sources: ReceivableSources;

  private constructor(store: CollectionStore, sources: ReceivableSources) {
    this.store = store;
    this.sources = sources;
  }

  /** Opens the kept receivables; a store whose records predate them (or whose count was interrupted) is counted here once. */
  static async open(store: CollectionStore, sources: ReceivableSources): Promise<ReceivableDaysStore> {
    await store.ensureIndexes(RECEIVABLE_DAYS, [{ name: 'org_day', keys: { orgId: 1, day: 1 } }]);
    await store.ensureIndexes(RECEIVABLE_MARKS, [{ name: 'org_reconciled', keys: { orgId: 1, reconciledOn: 1, policyId: 1 } }]);
    const kept = new ReceivableDaysStore(store, sources);
    if (!(await store.collection('migrations').findOne({ _id: COUNTED }))) await kept.rebuild();
    return kept;
  }

  static readonly figures: ReceivableFigures = {
    invoices: { writes: (after, before) => writesOf(after.orgId, after.policyId, invoiceChanges(after, before)) },
    rowWrites: (row: Payment, invoice: InvoiceAfterRow) => writesOf(invoice.orgId, invoice.policyId, rowChanges(row, invoice)),
  };

  async figuresThrough(orgId: string, asOf: CalendarDate): Promise<KeptFigure[]> {
    const sums = new Map<string, number>();
    for (const { _id, orgId: _org, day: _day, ...figures } of await this.store.collection<DayDocument>(RECEIVABLE_DAYS).find({ orgId, day: { $lte: asOf } })) {
      for (const [figure, amount] of Object.entries(figures)) sums.set(figure, (sums.get(figure) ?? 0) + amount);
    }
    return [...sums].map(([figure, amount]) => ({ figure, amount }));
  }

  async markedThrough(orgId: string, asOf: CalendarDate): Promise<string[]> {
    const marks = this.store.collection<MarkDocument>(RECEIVABLE_MARKS);
    // Not reconciled, or reconciled only after `asOf`: two reads of the index, never every mark of the book.
    const [open, later] = await Promise.all([
      marks.find({ orgId, reconciledOn: null, since: { $lte: asOf } }),
      marks.find({ orgId, reconciledOn: { $gt: asOf }, since: { $lte: asOf } }),
    ]);
    return [...open, ...later].map((mark) => mark.policyId);
  }

  async marksToReconcile(orgId: string, after: string | null, limit: number): Promise<ReceivableMark[]> {
    const marks = await this.store
      .collection<MarkDocument>(RECEIVABLE_MARKS)
      .find({ orgId, reconciledOn: null, ...(after ? { policyId: { $gt: after } } : {}) }, { sort: { policyId: 1 }, limit });
    return marks.map((mark) => ({ policyId: mark.policyId, changes: mark.changes ?? 0 }));
  }

  async reconcile(orgId: string, mark: ReceivableMark, day: CalendarDate): Promise<boolean> {
    // A mark written before changes were counted has none: the same as none counted.
    const changes = mark.changes === 0 ? { $in: [0, null] } : mark.changes;
    const result = await this.store
      .collection<MarkDocument>(RECEIVABLE_MARKS)
      .updateOne({ _id: `${orgId}:${mark.policyId}`, orgId, reconciledOn: null, changes }, { $set: { reconciledOn: day } });
    return result.matchedCount === 1;
  }

  /**
   * Counts every invoice and row again and replaces the kept receivables with the count (a store
   * restored or moved to MongoDB). Run with the service stopped. The marker is cleared first, so
   * an interrupted count is made again at the next start.
   */
  async rebuild(): Promise<{ invoices: number; rows: number }> {
    const markers = this.store.collection('migrations');
    await markers.deleteOne({ _id: COUNTED });
    const figures = new Map<string, { orgId: string; changes: ReceivableChange[] }>();
    const marks = new Map<string, MarkDocument>();
    const count = (invoice: Invoice, counted: ReceivableChanges): void => {
      const kept = figures.get(invoice.orgId) ?? { orgId: invoice.orgId, changes: [] };
      figures.set(invoice.orgId, kept);
      kept.changes.push(...counted.changes);
      if (!counted.owedBackSince) return;
      const _id = `${invoice.orgId}:${invoice.policyId}`;
      const since = marks.get(_id)?.since;
      if (!since || counted.owedBackSince < since) marks.set(_id, { _id, orgId: invoice.orgId, policyId: invoice.policyId, since: counted.owedBackSince });
    };
    let [invoices, rows] = [0, 0];
    let batch: Invoice[] = [];
    const countBatch = async (): Promise<void> => {
      for (const [orgId, ofOrganization] of Map.groupBy(batch, (invoice) => invoice.orgId)) {
        const byId = new Map(ofOrganization.map((invoice) => [invoice.id, invoice]));
        for (const row of await this.sources.rowsOf(orgId, [...byId.keys()])) {
          const invoice = byId.get(row.invoiceId) as Invoice;
          count(invoice, rowChanges(row, invoice));
          rows += 1;
        }
      }
      batch = [];
    };
    for await (const invoice of this.sources.invoices()) {
      // Counted as issued, then as it stands now: voided or written off.
      count(invoice, invoiceChanges({ ...invoice, status: 'open', writeOff: undefined }, null));
      if (invoice.status === 'void' || invoice.writeOff) count(invoice, invoiceChanges(invoice, { ...invoice, status: 'open', writeOff: undefined }));
      invoices += 1;
      batch.push(invoice);
      if (batch.length === REBUILD_BATCH) await countBatch();
    }
    await countBatch();
    const days = this.store.collection<DayDocument>(RECEIVABLE_DAYS);
    await days.deleteMany({});
    for (const { orgId, changes } of figures.values()) {
      for (const [day, increments] of byDay(changes)) await days.insertOne({ ...increments, _id: `${orgId}:${day}`, orgId, day } as DayDocument);
    }
    const kept = this.store.collection<MarkDocument>(RECEIVABLE_MARKS);
    await kept.deleteMany({});
    for (const mark of marks.values()) await kept.insertOne(mark);
    await markers.updateOne({ _id: COUNTED }, { $set: { doneAt: new Date(), invoices, rows } }, { upsert: true });
    return { invoices, rows };
  }
}
