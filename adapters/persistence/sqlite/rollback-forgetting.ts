import type { DatabaseSync } from 'node:sqlite';
import type { CollectionTable } from './collection-table.ts';
import type { DocumentCache } from './document-cache.ts';
import type { DocumentDictionaries } from './document-dictionaries.ts';
import type { InternedValues } from './interned-values.ts';
import { notedFields } from './store-schema.ts';

export interface RememberedState {
  readonly db: DatabaseSync;
  readonly cache: DocumentCache;
  readonly interned: InternedValues;
  readonly dictionaries: DocumentDictionaries;
  /** How many notes the schema catalog has written (opaque fields, forms of strings, indexes). */
  readonly catalogNotes: () => number;
  /** The durable tables open, whose notes of their fields a rollback may have undone. */
  readonly durableTables: () => Iterable<[string, CollectionTable]>;
}

/**
 * What the store forgets when a rollback undoes writes it remembers things about. A write whose
 * savepoint is rolled back (a unique key already taken, which some writes expect every time)
 * undid only its own rows: the documents it touched are forgotten (every write forgets what it
 * touches, and the cache lists those since the savepoint began), the rest still holds, unless the
 * write also noted something new (an interned value, a dictionary, a note in the catalog), which
 * only forgetting everything undoes. A whole transaction rolled back forgets everything.
 */
export class RollbackForgetting {
  private readonly state: RememberedState;
  private notesAtSavepoint = 0;

  constructor(state: RememberedState) {
    this.state = state;
  }

  savepointBegan(): void {
    this.notesAtSavepoint = this.notes();
    this.state.cache.watch();
  }

  rolledBack(whole: boolean): void {
    if (!whole && this.notes() === this.notesAtSavepoint) this.state.cache.forgetWatched();
    else this.forgetEverything();
  }

  /** Documents read, codes assigned and dictionaries made since the last commit, and the tables' notes set back to the catalog's. */
  forgetEverything(): void {
    const { db, cache, interned, dictionaries } = this.state;
    cache.clear();
    interned.forget();
    dictionaries.forget();
    const noted = notedFields(db);
    for (const [name, table] of this.state.durableTables()) table.renote(noted.get(name));
  }

  private notes(): number {
    return this.state.interned.assigned + this.state.dictionaries.added + this.state.catalogNotes();
  }
}
