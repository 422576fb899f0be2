import { writeUnlessDuplicate } from '../../../core/shared/domain-error.ts';
import type { Cents } from '../../../core/shared/money.ts';
import type { ManualReviewQueue } from '../../../ports/billing/financial-alerts.port.ts';
import type { Collection, CollectionStore, StoredDocument } from '../../../ports/shared/persistence/collection-store.port.ts';

/** Items waiting for a person, one per organization, kind and reference. */
export class StoreManualReviewQueue implements ManualReviewQueue {
  private readonly items: Collection<StoredDocument>;

  constructor(store: CollectionStore) {
    this.items = store.collection('manual_reviews');
  }

  /** Stored as every amount is, in cents. */
  async flag(item: { orgId: string; kind: string; reference: string; invoiceId: string; amount: Cents }): Promise<void> {
    await writeUnlessDuplicate(() =>
      this.items.insertOne({ _id: `${item.orgId}:${item.kind}:${item.reference}`, ...item, status: 'open', createdAt: new Date() }),
    );
  }
}
