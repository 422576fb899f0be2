import type { AccountingMonth } from '../../../core/billing/accounting-period.ts';
import type { ClosedMonth, ClosedMonthRepository, ClosedRow, ClosedRowsKind } from '../../../ports/reports/closed-months.repository.ts';
import type { Collection, CollectionStore, StoredDocument } from '../../../ports/shared/persistence/collection-store.port.ts';

/** Rows are kept in chunks, so a month of a large book stays far below any engine's document size limit. */
const ROWS_PER_CHUNK = 1_000;

interface ClosedMonthDocument extends StoredDocument, ClosedMonth {}

interface RowChunkDocument extends StoredDocument {
  readonly orgId: string;
  readonly month: AccountingMonth;
  readonly kind: ClosedRowsKind;
  readonly chunk: number;
  /** Chunks of one save; a chunk of another save is left over from a replaced one. */
  readonly chunks: number;
  readonly rows: readonly ClosedRow[];
}

export class StoreClosedMonths implements ClosedMonthRepository {
  private readonly closes: Collection<ClosedMonthDocument>;
  private readonly chunks: Collection<RowChunkDocument>;

  private constructor(closes: Collection<ClosedMonthDocument>, chunks: Collection<RowChunkDocument>) {
    this.closes = closes;
    this.chunks = chunks;
  }

  static async create(store: CollectionStore): Promise<StoreClosedMonths> {
    await store.ensureIndexes('closed_month_rows', [{ name: 'org_month_kind', keys: { orgId: 1, month: 1, kind: 1, chunk: 1 } }]);
    await store.ensureIndexes('closed_months', [{ name: 'org_month', keys: { orgId: 1, month: 1 } }]);
    return new StoreClosedMonths(store.collection('closed_months'), store.collection('closed_month_rows'));
  }

  async saveRows(orgId: string, month: AccountingMonth, kind: ClosedRowsKind, rows: readonly ClosedRow[]): Promise<void> {
    const chunks = Math.max(1, Math.ceil(rows.length / ROWS_PER_CHUNK));
    for (let chunk = 0; chunk < chunks; chunk += 1) {
      const part = rows.slice(chunk * ROWS_PER_CHUNK, (chunk + 1) * ROWS_PER_CHUNK);
      await this.chunks.updateOne({ _id: `${orgId}:${month}:${kind}:${chunk}` }, { $set: { orgId, month, kind, chunk, chunks, rows: part } }, { upsert: true });
    }
    await this.chunks.deleteMany({ orgId, month, kind, chunk: { $gte: chunks } });
  }

  async rows(orgId: string, month: AccountingMonth, kind: ClosedRowsKind): Promise<ClosedRow[] | null> {
    const found = await this.chunks.find({ orgId, month, kind }, { sort: { chunk: 1 } });
    if (found.length === 0 || found.length !== found[0]?.chunks) return null;
    return found.flatMap((chunk) => chunk.rows);
  }

  async complete(orgId: string, month: AccountingMonth, kind: ClosedRowsKind): Promise<boolean> {
    const first = await this.chunks.findOne({ _id: `${orgId}:${month}:${kind}:0` });
    return first !== null && (await this.chunks.countDocuments({ orgId, month, kind, chunk: { $lt: first.chunks } })) === first.chunks;
  }

  async *chunksOf(orgId: string, month: AccountingMonth, kind: ClosedRowsKind): AsyncGenerator<readonly ClosedRow[]> {
    const first = await this.chunks.findOne({ _id: `${orgId}:${month}:${kind}:0` });
    // Read in bulk: a month's rows are read once each time, not kept in the caches of repeated reads.
    for (let chunk = 0; first && chunk < first.chunks; chunk += 1) {
      const [found] = await this.chunks.find({ _id: `${orgId}:${month}:${kind}:${chunk}` }, { limit: 1, bulk: true });
      yield found?.rows ?? [];
    }
  }

  async save(closed: ClosedMonth): Promise<void> {
    await this.closes.updateOne({ _id: `${closed.orgId}:${closed.month}` }, { $set: { ...closed } }, { upsert: true });
  }

  async find(orgId: string, month: AccountingMonth): Promise<ClosedMonth | null> {
    const found = await this.closes.findOne({ _id: `${orgId}:${month}` });
    return found ? withoutId(found) : null;
  }

  async list(orgId: string): Promise<ClosedMonth[]> {
    return (await this.closes.find({ orgId }, { sort: { month: 1 } })).map(withoutId);
  }

  async remove(orgId: string, month: AccountingMonth): Promise<void> {
    await this.chunks.deleteMany({ orgId, month });
    await this.closes.deleteOne({ _id: `${orgId}:${month}` });
  }
}

const withoutId = ({ _id, ...closed }: ClosedMonthDocument): ClosedMonth => closed;
