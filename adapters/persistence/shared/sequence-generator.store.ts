import type { Collection, CollectionStore } from '../../../ports/shared/persistence/collection-store.port.ts';
import type { SequenceGenerator } from '../../../ports/shared/sequence-generator.port.ts';

interface SequenceDocument {
  _id: string;
  [field: string]: unknown;
  value: number;
}

/** Numbers per organization and name (policy numbers per year), one atomic increment each. */
export class StoreSequenceGenerator implements SequenceGenerator {
  private readonly sequences: Collection<SequenceDocument>;

  constructor(store: CollectionStore) {
    this.sequences = store.collection<SequenceDocument>('sequences');
  }

  async next(orgId: string, name: string): Promise<number> {
    const sequence = await this.sequences.findOneAndUpdate(
      { _id: `${orgId}:${name}`, orgId },
      { $inc: { value: 1 } },
      { upsert: true, returnDocument: 'after' },
    );
    return sequence?.value ?? 1;
  }
}
