import type { StoredDocument } from '../../../ports/shared/persistence/collection-store.port.ts';
import { decodeDocument } from './document-codec.ts';

interface Entry {
  readonly table: string;
  readonly id: string;
  readonly document: StoredDocument;
  readonly bytes: number;
  /** Read since it was kept or the clock's hand last passed it: the hand passes it once more. */
  read: boolean;
}

/** Unique-key lookups remembered per cache; each is a short string, so a count bounds them well enough. */
const MAX_ALIASES = 100_000;
/**
 * Documents just inserted that are held as their text (`keepText`), at most: one read back is read
 * soon (the same request, or the next step of the same flow), and holding every insert as long as
 * the budget allows made the heap some 10 MiB larger under a stream of binds.
 */
const RECENT_INSERTS = 512;
/** Writes listed since a savepoint began; past it (a bulk load through one write), its rollback forgets everything. */
const MAX_WATCHED = 10_000;

const deepFreeze = <T>(value: T): T => {
  if (value && typeof value === 'object' && !Object.isFrozen(value) && !(value instanceof Date)) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
};

/**
 * Recently read documents, decoded and frozen, by table and id, so the lookups every request
 * makes (its credential, its organization, its user) cost a Map lookup instead of a query and a
 * JSON parse. A unique key (such as an API key's hash) is remembered as an alias of the id.
 *
 * It mirrors what the store's one connection sees, which is the only view there is (one process
 * owns a data directory): every write forgets the ids it touches before it runs, and a rollback
 * forgets what a read inside the open transaction may have kept that the rollback undid: a whole
 * transaction's, everything; a write's savepoint, what it wrote (rollback-forgetting.ts). Entries
 * are frozen because callers share them. The JSON size of what it holds is bounded; a clock lets go
 * of what was not read lately (evict). Beside it, the text of the last documents inserted into
 * collections read right after their inserts (keepText), forgotten with them.
 *
 * A Map per table, by id: a key made of table and id would be a new string to hash on every call.
 */
export class DocumentCache {
  private readonly tables = new Map<string, Map<string, Entry>>();
  /** Every entry, in the order kept: what the clock's hand goes round. */
  private readonly order = new Set<Entry>();
  private hand: SetIterator<Entry> = this.order.values();
  private readonly aliases = new Map<string, Map<string, string>>();
  private aliasCount = 0;
  /** What was forgotten since `watch()`: the documents a savepoint's writes touched, by table. */
  private readonly watched: Array<[string, string]> = [];
  /** More was written since `watch()` than the list keeps (a bulk load): a rollback forgets everything. */
  private overflowed = false;
  private readonly budget: number;
  private bytes = 0;
  /** Texts of the last RECENT_INSERTS documents inserted, by table and id, and the order they came in (a ring). */
  private readonly inserted = new Map<string, Map<string, string>>();
  private readonly insertOrder: Array<readonly [string, string] | undefined> = new Array(RECENT_INSERTS);
  private nextInsert = 0;

  /** @param budgetBytes the JSON size of the documents kept at most; 0 keeps none. */
  constructor(budgetBytes: number) {
    this.budget = budgetBytes;
  }

  get(table: string, id: string): StoredDocument | undefined {
    const entry = this.tables.get(table)?.get(id);
    if (!entry) return undefined;
    // Marked, not moved: moving every entry read to the young end cost more than the rest of a hit.
    entry.read = true;
    return entry.document;
  }

  /** Keeps a document just decoded from `bytes` of JSON, and returns it frozen. */
  keep(table: string, document: StoredDocument, bytes: number): StoredDocument {
    if (bytes > this.budget / 16) return document;
    const frozen = deepFreeze(document);
    let ids = this.tables.get(table);
    if (!ids) this.tables.set(table, (ids = new Map()));
    const previous = ids.get(document._id);
    if (previous) this.unlist(previous);
    const entry: Entry = { table, id: document._id, document: frozen, bytes, read: false };
    ids.set(document._id, entry);
    this.order.add(entry);
    this.bytes += bytes;
    if (this.bytes > this.budget) this.evict(entry);
    return frozen;
  }

  /**
   * Holds a document just inserted as the JSON text written, among the last RECENT_INSERTS: a
   * record is often read right after it is written (a bound policy by the books, its invoices
   * summed), and that read then costs a parse (a copy of its own, which the writer cannot change)
   * instead of a query's row, a decompression and a parse.
   */
  keepText(table: string, id: string, text: string): void {
    if (this.budget === 0 || text.length > this.budget / 16) return;
    const oldest = this.insertOrder[this.nextInsert];
    if (oldest) this.inserted.get(oldest[0])?.delete(oldest[1]);
    this.insertOrder[this.nextInsert] = [table, id];
    this.nextInsert = (this.nextInsert + 1) % RECENT_INSERTS;
    let ids = this.inserted.get(table);
    if (!ids) this.inserted.set(table, (ids = new Map()));
    ids.set(id, text);
  }

  /**
   * A document inserted lately, decoded from its text; undefined when it is not held. `kept`: read
   * by its id, it is kept (frozen) as such reads are; found by a query, it is decoded again for the
   * next query, as the query's rows would be, and the cache's budget is left to reads by id.
   */
  insertedLately(table: string, id: string, kept: boolean): StoredDocument | undefined {
    const ids = this.inserted.get(table);
    const text = ids?.get(id);
    if (text === undefined) return undefined;
    const document = decodeDocument<StoredDocument>(text);
    if (!kept) return document;
    ids!.delete(id);
    return this.keep(table, document, text.length);
  }

  /** The id last found under a unique key, if any; the caller checks the document still holds that key. */
  aliasOf(table: string, uniqueKey: string): string | undefined {
    return this.aliases.get(table)?.get(uniqueKey);
  }

  alias(table: string, uniqueKey: string, id: string): void {
    if (this.budget === 0) return;
    if (this.aliasCount >= MAX_ALIASES) {
      this.aliases.clear();
      this.aliasCount = 0;
    }
    let keys = this.aliases.get(table);
    if (!keys) this.aliases.set(table, (keys = new Map()));
    if (!keys.has(uniqueKey)) this.aliasCount += 1;
    keys.set(uniqueKey, id);
  }

  /** Whether the document was held. */
  forget(table: string, id: string): boolean {
    if (this.watched.length < MAX_WATCHED) this.watched.push([table, id]);
    else this.overflowed = true;
    return this.drop(table, id);
  }

  /** Starts the list of documents forgotten (written) from now on: a savepoint begins. */
  watch(): void {
    this.watched.length = 0;
    this.overflowed = false;
  }

  /**
   * Forgets again what was forgotten since `watch()`, as it may have been read back since (its
   * savepoint rolled back). The list stays until the next `watch()`: a savepoint inside another
   * rolled back first, the outer one's rollback still covers what both wrote.
   */
  forgetWatched(): void {
    if (this.overflowed) {
      this.clear();
      this.overflowed = true;
      return;
    }
    for (const [table, id] of this.watched) this.drop(table, id);
  }

  forgetTable(table: string): void {
    this.inserted.delete(table);
    for (const entry of this.tables.get(table)?.values() ?? []) this.unlist(entry);
    this.tables.delete(table);
  }

  clear(): void {
    this.inserted.clear();
    this.tables.clear();
    this.order.clear();
    this.watched.length = 0;
    this.overflowed = false;
    this.aliases.clear();
    this.aliasCount = 0;
    this.bytes = 0;
  }

  /**
   * A clock: the hand goes round the entries in the order they were kept, passing over (and
   * unmarking) one read since the hand last passed it, letting go of the first one not read. The
   * hand is one iterator kept between calls, so that each entry is stepped over once a round.
   */
  private evict(kept: Entry): void {
    while (this.bytes > this.budget) {
      let step = this.hand.next();
      if (step.done) {
        this.hand = this.order.values();
        step = this.hand.next();
        if (step.done) return;
      }
      const entry = step.value;
      if (entry === kept) continue;
      if (entry.read) entry.read = false;
      else this.drop(entry.table, entry.id);
    }
  }

  private drop(table: string, id: string): boolean {
    this.inserted.get(table)?.delete(id);
    const ids = this.tables.get(table);
    const entry = ids?.get(id);
    if (!entry) return false;
    ids!.delete(id);
    this.unlist(entry);
    return true;
  }

  /** Takes an entry out of the clock's order and the budget (its table's Map is the caller's). */
  private unlist(entry: Entry): void {
    this.order.delete(entry);
    this.bytes -= entry.bytes;
  }
}
