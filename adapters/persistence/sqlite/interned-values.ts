import type { DatabaseSync, StatementSync } from 'node:sqlite';

/** Codes remembered; a store holds a few thousand organizations, so this bounds nothing real. */
const MAX_REMEMBERED = 100_000;

/**
 * A dictionary of strings that recur in nearly every row (an organization's id), so that key
 * columns and every index entry over them hold a small integer instead of a 32-character text.
 * The table is the truth: a code is written in the same transaction as the first row that holds
 * it, and what is remembered here is forgotten on every rollback, as a code assigned inside a
 * rolled back write no longer exists.
 */
export class InternedValues {
  private readonly codes = new Map<string, number>();
  private readonly values = new Map<number, string>();
  private readonly select: StatementSync;
  private readonly selectValue: StatementSync;
  private readonly insert: StatementSync;
  /** Codes assigned since the store opened: a rollback past one must forget what is remembered. */
  assigned = 0;

  constructor(db: DatabaseSync) {
    db.exec('CREATE TABLE IF NOT EXISTS _store_values (code INTEGER PRIMARY KEY, value TEXT NOT NULL UNIQUE)');
    this.select = db.prepare('SELECT code FROM _store_values WHERE value = ?');
    this.selectValue = db.prepare('SELECT value FROM _store_values WHERE code = ?');
    this.insert = db.prepare('INSERT INTO _store_values (value) VALUES (?)');
  }

  /** The code of a value, assigned now if it has none (inside the caller's write). */
  codeFor(value: string): number {
    const known = this.existingCode(value);
    if (known !== null) return known;
    const code = Number(this.insert.run(value).lastInsertRowid);
    this.assigned += 1;
    this.remember(value, code);
    return code;
  }

  /** The code of a value, or null when no row was ever written with it (so none can match it). */
  existingCode(value: string): number | null {
    const remembered = this.codes.get(value);
    if (remembered !== undefined) return remembered;
    const row = this.select.get(value) as { code: number } | undefined;
    if (!row) return null;
    this.remember(value, row.code);
    return row.code;
  }

  /** The value a code stands for (a row read back). */
  valueOf(code: number): string {
    const remembered = this.values.get(code);
    if (remembered !== undefined) return remembered;
    const row = this.selectValue.get(code) as { value: string } | undefined;
    if (!row) throw new Error(`The store holds no value for code ${code}: its dictionary is damaged.`);
    this.remember(row.value, code);
    return row.value;
  }

  forget(): void {
    this.codes.clear();
    this.values.clear();
  }

  private remember(value: string, code: number): void {
    if (this.codes.size >= MAX_REMEMBERED) this.forget();
    this.codes.set(value, code);
    this.values.set(code, value);
  }
}
