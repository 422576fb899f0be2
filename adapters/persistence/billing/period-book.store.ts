import { emptyPeriodBook, type AccountingMonth, type PeriodBook } from '../../../core/billing/accounting-period.ts';
import { writeUnlessDuplicate } from '../../../core/shared/domain-error.ts';
import type { PeriodBookRepository } from '../../../ports/billing/period-book.repository.ts';
import { RequiredWriteUnmatched, type Collection, type CollectionStore, type StoredDocument } from '../../../ports/shared/persistence/collection-store.port.ts';
import { gateOf } from './period-gates.ts';

const BOOKS = 'period_books';

interface PeriodBookDocument extends StoredDocument {
  readonly firstMonth: AccountingMonth | null;
  readonly closedThrough: AccountingMonth | null;
}

/** One document per organization (its id is the organization's); every change is a guarded write. */
export class StorePeriodBooks implements PeriodBookRepository {
  private readonly books: Collection<PeriodBookDocument>;
  private readonly store: CollectionStore;

  private constructor(store: CollectionStore) {
    this.store = store;
    this.books = store.collection<PeriodBookDocument>(BOOKS);
  }

  static create(store: CollectionStore): StorePeriodBooks {
    return new StorePeriodBooks(store);
  }

  async find(orgId: string): Promise<PeriodBook> {
    const stored = await this.books.findOne({ _id: orgId });
    return stored ? { orgId, firstMonth: stored.firstMonth, closedThrough: stored.closedThrough } : emptyPeriodBook(orgId);
  }

  async includeMonth(orgId: string, month: AccountingMonth): Promise<void> {
    if (await writeUnlessDuplicate(() => this.books.insertOne({ _id: orgId, firstMonth: month, closedThrough: null }))) return;
    await this.books.updateOne({ _id: orgId, $or: [{ firstMonth: null }, { firstMonth: { $gt: month } }] }, { $set: { firstMonth: month } });
  }

  /** The book's move and the gate of the month it closes or reopens (period-gates.ts), as one write. */
  async moveClosedThrough(orgId: string, from: AccountingMonth | null, to: AccountingMonth | null, firstMonth: AccountingMonth | null): Promise<boolean> {
    await writeUnlessDuplicate(() => this.books.insertOne({ _id: orgId, firstMonth, closedThrough: null }));
    const closing = to !== null && (from === null || to > from);
    const month = closing ? to : from;
    try {
      await this.store.writeTogether([
        {
          collection: BOOKS,
          updateOne: {
            filter: { _id: orgId, closedThrough: from },
            update: { $set: { closedThrough: to, ...(firstMonth ? { firstMonth } : {}) } },
            required: true,
            guard: 'accounting_periods_moved',
          },
        },
        ...(month ? [gateOf(orgId, month, closing)] : []),
      ]);
      return true;
    } catch (error) {
      if (error instanceof RequiredWriteUnmatched) return false;
      throw error;
    }
  }
}
