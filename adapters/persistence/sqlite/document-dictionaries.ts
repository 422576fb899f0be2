import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { LzDictionary } from './dictionary-lz.ts';

export interface Dictionary {
  readonly code: number;
  readonly chains: LzDictionary;
  /** How many dictionaries its table has had, this one included. */
  readonly made: number;
}

/** Codes are written in two bytes at the head of every compressed row (document-compression.ts). */
export const MAX_DICTIONARY_CODE = 0xffff;

/**
 * The compression dictionaries of the store's tables (document-compression.ts), each under a code
 * that the rows compressed with it name. A dictionary is never changed or removed: a row names
 * its own for as long as it lives. The table is the truth, as for interned values: a dictionary
 * is written in the same transaction as the first row compressed with it, and one made since the
 * last commit is forgotten on every rollback. What is remembered here is read again when missing.
 */
export class DocumentDictionaries {
  private readonly bytesByCode = new Map<number, Uint8Array>();
  private readonly latestOf = new Map<string, Dictionary>();
  /** Made since the last commit: what a rollback may undo. */
  private readonly uncommitted = new Set<string>();
  /** Tables whose new rows stay text (the tuning's `textRows`); rows compressed before still read. */
  private readonly textTables = new Set<string>();
  private loaded = false;
  /** Dictionaries made since the store opened: a rollback past one must forget what is remembered. */
  added = 0;
  private highestCode = 0;
  private readonly selectLatest: StatementSync;
  private readonly selectCode: StatementSync;
  private readonly insert: StatementSync;

  constructor(db: DatabaseSync) {
    db.exec('CREATE TABLE IF NOT EXISTS _store_dictionaries (code INTEGER PRIMARY KEY, tableName TEXT NOT NULL, bytes BLOB NOT NULL)');
    this.selectLatest = db.prepare('SELECT max(code) AS code, count(*) AS made, tableName, bytes FROM _store_dictionaries GROUP BY tableName');
    this.selectCode = db.prepare('SELECT bytes FROM _store_dictionaries WHERE code = ?');
    this.insert = db.prepare('INSERT INTO _store_dictionaries (tableName, bytes) VALUES (?, ?)');
  }

  keepAsText(table: string): void {
    this.textTables.add(table);
  }

  keepsText(table: string): boolean {
    return this.textTables.has(table);
  }

  /** The dictionary new rows of a table are compressed with, or null while it has none. */
  latest(table: string): Dictionary | null {
    if (!this.loaded) this.load();
    return this.latestOf.get(table) ?? null;
  }

  /** The dictionary a stored row names. */
  bytesOf(code: number): Uint8Array {
    const remembered = this.bytesByCode.get(code);
    if (remembered) return remembered;
    const row = this.selectCode.get(code) as { bytes: Uint8Array } | undefined;
    if (!row) throw new Error(`The store holds no compression dictionary ${code}: its dictionaries are damaged.`);
    this.bytesByCode.set(code, row.bytes);
    return row.bytes;
  }

  /** Keeps a new dictionary for a table (inside the caller's write); null once every code is taken. */
  add(table: string, bytes: Uint8Array): Dictionary | null {
    if (!this.loaded) this.load();
    if (this.highestCode >= MAX_DICTIONARY_CODE) return null;
    const code = Number(this.insert.run(table, bytes).lastInsertRowid);
    this.highestCode = code;
    this.added += 1;
    const dictionary = { code, chains: new LzDictionary(bytes), made: (this.latestOf.get(table)?.made ?? 0) + 1 };
    this.bytesByCode.set(code, bytes);
    this.latestOf.set(table, dictionary);
    this.uncommitted.add(table);
    return dictionary;
  }

  committed(): void {
    this.uncommitted.clear();
  }

  /** After a rollback: what was made since the last commit may be gone, so the table is read again. */
  forget(): void {
    if (this.uncommitted.size === 0) return;
    this.uncommitted.clear();
    this.bytesByCode.clear();
    this.latestOf.clear();
    this.highestCode = 0;
    this.loaded = false;
  }

  private load(): void {
    for (const row of this.selectLatest.all() as Array<{ code: number; made: number; tableName: string; bytes: Uint8Array }>) {
      const code = Number(row.code);
      this.highestCode = Math.max(this.highestCode, code);
      this.bytesByCode.set(code, row.bytes);
      this.latestOf.set(row.tableName, { code, chains: new LzDictionary(row.bytes), made: Number(row.made) });
    }
    this.loaded = true;
  }
}
