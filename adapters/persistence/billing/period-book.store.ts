import { emptyPeriodBook, type AccountingMonth, type PeriodBook } from '../../../core/billing/accounting-period.ts';
import { writeUnlessDuplicate } from '../../../core/shared/domain-error.ts';
import type { PeriodBookRepository } from '../../../ports/billing/period-book.repository.ts';
import type { Collection, CollectionStore, StoredDocument } from '../../../ports/shared/persistence/collection-store.port.ts';

interface PeriodBookDocument extends StoredDocument {
  readonly firstMonth: AccountingMonth | null;
  readonly closedThrough: AccountingMonth | null;
}

/** One document per organization (its id is the organization's); every change is a guarded write. */
export class StorePeriodBooks implements PeriodBookRepository {
  private readonly books: Collection<PeriodBookDocument>;

  private constructor(books: Collection<PeriodBookDocument>) {
    this.books = books;
  }

  static create(store: CollectionStore): StorePeriodBooks {
    return new StorePeriodBooks(store.collection<PeriodBookDocument>('period_books'));
  }

  async find(orgId: string): Promise<PeriodBook> {
    const stored = await this.books.findOne({ _id: orgId });
    return stored ? { orgId, firstMonth: stored.firstMonth, closedThrough: stored.closedThrough } : emptyPeriodBook(orgId);
  }

  async includeMonth(orgId: string, month: AccountingMonth): Promise<void> {
    if (await writeUnlessDuplicate(() => this.books.insertOne({ _id: orgId, firstMonth: month, closedThrough: null }))) return;
    await this.books.updateOne({ _id: orgId, $or: [{ firstMonth: null }, { firstMonth: { $gt: month } }] }, { $set: { firstMonth: month } });
  }

  async moveClosedThrough(orgId: string, from: AccountingMonth | null, to: AccountingMonth | null, firstMonth: AccountingMonth | null): Promise<boolean> {
    await writeUnlessDuplicate(() => this.books.insertOne({ _id: orgId, firstMonth, closedThrough: null }));
    const moved = await this.books.updateOne({ _id: orgId, closedThrough: from }, { $set: { closedThrough: to, ...(firstMonth ? { firstMonth } : {}) } });
    return moved.modifiedCount === 1 || moved.matchedCount === 1;
  }
}
