import type { StoredDocument } from '../../../ports/shared/persistence/collection-store.port.ts';

interface Entry {
  readonly document: StoredDocument;
  readonly bytes: number;
  /** Read since it was kept or last passed over for eviction: it is passed over once more. */
  read: boolean;
}

/** Unique-key lookups remembered per cache; each is a short string, so a count bounds them well enough. */
const MAX_ALIASES = 100_000;

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
 * are frozen because callers share them. The JSON size of what it holds is bounded; the oldest not
 * read since they were last passed over go first (a second chance, close to least recently read).
 */
export class DocumentCache {
  private readonly entries = new Map<string, Entry>();
  private readonly aliases = new Map<string, string>();
  /** What was forgotten since `watch()`: the documents a savepoint's writes touched. */
  private readonly watched = new Set<string>();
  private readonly budget: number;
  private bytes = 0;

  /** @param budgetBytes the JSON size of the documents kept at most; 0 keeps none. */
  constructor(budgetBytes: number) {
    this.budget = budgetBytes;
  }

  get(table: string, id: string): StoredDocument | undefined {
    const key = `${table}\u0000${id}`;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // Marked, not moved: moving every entry read to the young end of the Map cost more than the rest of a hit.
    entry.read = true;
    return entry.document;
  }

  /** Keeps a document just decoded from `bytes` of JSON, and returns it frozen. */
  keep(table: string, document: StoredDocument, bytes: number): StoredDocument {
    if (bytes > this.budget / 16) return document;
    const key = `${table}\u0000${document._id}`;
    this.drop(key);
    const frozen = deepFreeze(document);
    this.entries.set(key, { document: frozen, bytes, read: false });
    this.bytes += bytes;
    // From the oldest: one read since it was last passed over is moved to the young end, the first one not read goes.
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.budget) break;
      // The one just kept stands behind those passed over, as a clock's hand would leave it.
      if (oldest === key) continue;
      if (entry.read) {
        entry.read = false;
        this.entries.delete(oldest);
        this.entries.set(oldest, entry);
      } else this.drop(oldest);
    }
    return frozen;
  }

  /** The id last found under a unique key, if any; the caller checks the document still holds that key. */
  aliasOf(table: string, uniqueKey: string): string | undefined {
    return this.aliases.get(`${table}\u0000${uniqueKey}`);
  }

  alias(table: string, uniqueKey: string, id: string): void {
    if (this.budget === 0) return;
    if (this.aliases.size >= MAX_ALIASES) this.aliases.clear();
    this.aliases.set(`${table}\u0000${uniqueKey}`, id);
  }

  /** Whether the document was held. */
  forget(table: string, id: string): boolean {
    const key = `${table}\u0000${id}`;
    this.watched.add(key);
    return this.drop(key);
  }

  /** Starts the list of documents forgotten (written) from now on: a savepoint begins. */
  watch(): void {
    this.watched.clear();
  }

  /** Forgets again what was forgotten since `watch()`, as it may have been read back since (its savepoint rolled back). */
  forgetWatched(): void {
    for (const key of this.watched) this.drop(key);
    this.watched.clear();
  }

  forgetTable(table: string): void {
    const prefix = `${table}\u0000`;
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.drop(key);
  }

  clear(): void {
    this.entries.clear();
    this.watched.clear();
    this.aliases.clear();
    this.bytes = 0;
  }

  private drop(key: string): boolean {
    const entry = this.entries.get(key);
    if (!entry) return false;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
    return true;
  }
}
