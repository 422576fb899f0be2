import { writeUnlessDuplicate } from '../../../core/shared/domain-error.ts';
import { cents, type Cents } from '../../../core/shared/money.ts';
import type { Collection, CollectionStore } from '../../../ports/shared/persistence/collection-store.port.ts';
import type { WrittenPremiumCounter } from '../../../ports/underwriting/underwriting.repositories.ts';

interface AggregateDocument {
  _id: string;
  [field: string]: unknown;
  orgId: string;
  written: number;
}

/** Written premium per organization, program and year; the cap is enforced inside the write's filter. */
export class StoreWrittenPremiumCounter implements WrittenPremiumCounter {
  private readonly totals: Collection<AggregateDocument>;

  constructor(store: CollectionStore) {
    this.totals = store.collection<AggregateDocument>('da_aggregates', { counters: true });
  }

  async written(orgId: string, programId: string, year: number): Promise<Cents> {
    const total = await this.totals.findOne({ _id: this.key(orgId, programId, year), orgId });
    return cents(total?.written ?? 0);
  }

  async reserve(orgId: string, programId: string, year: number, amount: Cents, cap: Cents): Promise<boolean> {
    const _id = this.key(orgId, programId, year);
    await writeUnlessDuplicate(() => this.totals.insertOne({ _id, orgId, programId, year, written: 0 }));
    const reserved = await this.totals.findOneAndUpdate({ _id, orgId, written: { $lte: cap - amount } }, { $inc: { written: amount } });
    return reserved !== null;
  }

  async release(orgId: string, programId: string, year: number, amount: Cents): Promise<void> {
    await this.totals.updateOne({ _id: this.key(orgId, programId, year), orgId }, { $inc: { written: -amount } });
  }

  private key(orgId: string, programId: string, year: number): string {
    return `${orgId}:${programId}:${year}`;
  }
}
