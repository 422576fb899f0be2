import { writeUnlessDuplicate } from '../../../core/shared/domain-error.ts';
import { cents, type Cents } from '../../../core/shared/money.ts';
import type { Collection, CollectionStore, GroupedWrite } from '../../../ports/shared/persistence/collection-store.port.ts';
import type { WrittenPremiumCounter } from '../../../ports/underwriting/underwriting.repositories.ts';

interface AggregateDocument {
  _id: string;
  [field: string]: unknown;
  orgId: string;
  written: number;
}

const TOTALS = 'da_aggregates';

/** Written premium per organization, program and year; the cap is enforced inside the write's filter. */
export class StoreWrittenPremiumCounter implements WrittenPremiumCounter {
  private readonly totals: Collection<AggregateDocument>;

  constructor(store: CollectionStore) {
    this.totals = store.collection<AggregateDocument>(TOTALS);
  }

  async written(orgId: string, programId: string, year: number): Promise<Cents> {
    const total = await this.totals.findOne({ _id: this.key(orgId, programId, year), orgId });
    return cents(total?.written ?? 0);
  }

  /**
   * One guarded write: the total moves only while it stays within the cap, and is made by the
   * first reservation of its year. An upsert whose filter fails on a total that exists meets that
   * total's id (a duplicate): the cap was reached, or another first reservation made it meanwhile,
   * which the same write without the upsert tells apart.
   */
  async reserve(orgId: string, programId: string, year: number, amount: Cents, cap: Cents): Promise<boolean> {
    if (amount > cap) return false;
    const _id = this.key(orgId, programId, year);
    const filter = { _id, orgId, written: { $lte: cap - amount } };
    const update = { $inc: { written: amount } };
    if (await writeUnlessDuplicate(() => this.totals.findOneAndUpdate(filter, { ...update, $setOnInsert: { programId, year } }, { upsert: true }))) return true;
    return (await this.totals.findOneAndUpdate(filter, update)) !== null;
  }

  async release(orgId: string, programId: string, year: number, amount: Cents): Promise<void> {
    await this.totals.updateOne({ _id: this.key(orgId, programId, year), orgId }, { $inc: { written: -amount } });
  }

  async open(orgId: string, programId: string, year: number): Promise<void> {
    await this.totals.updateOne({ _id: this.key(orgId, programId, year), orgId }, { $setOnInsert: { programId, year, written: 0 } }, { upsert: true });
  }

  addWrite(orgId: string, programId: string, year: number, amount: Cents, cap?: Cents): GroupedWrite {
    const filter = { _id: this.key(orgId, programId, year), orgId, ...(cap === undefined ? {} : { written: { $lte: cap - amount } }) };
    return { collection: TOTALS, updateOne: { filter, update: { $inc: { written: amount } }, required: true, guard: 'aggregate_cap' } };
  }

  private key(orgId: string, programId: string, year: number): string {
    return `${orgId}:${programId}:${year}`;
  }
}
