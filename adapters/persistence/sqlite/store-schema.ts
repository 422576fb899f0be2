import type { DatabaseSync } from 'node:sqlite';
import type { IndexSpec } from '../../../ports/shared/persistence/collection-store.port.ts';
import type { SchemaCatalog } from './key-column-types.ts';
import type { StringForm } from './packed-id-fields.ts';
import type { Statements } from './statements.ts';

/** What a previous start declared for a collection: its indexes, its opaque fields and the forms of strings its fields held. */
export interface SavedSchema {
  readonly opaqueFields: Set<string>;
  readonly stringForms: Array<{ field: string; form: StringForm }>;
  readonly indexes: IndexSpec[];
}

/**
 * The store's own tables (the indexes and opaque fields each collection declared, and small notes
 * of the store), created when missing; answers what they hold, per collection, so a start
 * restores every table's schema without reading a document.
 */
export const savedSchemas = (db: DatabaseSync): Map<string, SavedSchema> => {
  db.exec('CREATE TABLE IF NOT EXISTS _store_indexes (collection TEXT NOT NULL, name TEXT NOT NULL, spec TEXT NOT NULL, PRIMARY KEY (collection, name))');
  db.exec('CREATE TABLE IF NOT EXISTS _store_opaque_fields (collection TEXT NOT NULL, field TEXT NOT NULL, PRIMARY KEY (collection, field))');
  db.exec(
    'CREATE TABLE IF NOT EXISTS _store_string_forms (collection TEXT NOT NULL, field TEXT NOT NULL, form TEXT NOT NULL, PRIMARY KEY (collection, field, form))',
  );
  db.exec('CREATE TABLE IF NOT EXISTS _store_meta (key TEXT NOT NULL PRIMARY KEY, value TEXT NOT NULL)');
  const saved = new Map<string, SavedSchema>([...notedFields(db)].map(([collection, noted]) => [collection, { ...noted, indexes: [] }]));
  for (const { collection, spec } of savedIndexes(db)) {
    let schema = saved.get(collection);
    if (!schema) saved.set(collection, (schema = { opaqueFields: new Set(), stringForms: [], indexes: [] }));
    schema.indexes.push(spec);
  }
  return saved;
};

/** Where tables note, as they change, what `savedSchemas` answers at the next start; `notes` counts what it wrote. */
export const schemaCatalog = (statements: Statements): SchemaCatalog & { readonly notes: () => number } => {
  let notes = 0;
  const run = (sql: string, ...values: string[]) => {
    notes += 1;
    statements.get(sql).run(...values);
  };
  return {
    markOpaque: (collection, field) => run('INSERT OR IGNORE INTO _store_opaque_fields (collection, field) VALUES (?, ?)', collection, field),
    markStringForm: (collection, field, form) =>
      run('INSERT OR IGNORE INTO _store_string_forms (collection, field, form) VALUES (?, ?, ?)', collection, field, form),
    saveIndex: (collection, spec) =>
      run('INSERT OR REPLACE INTO _store_indexes (collection, name, spec) VALUES (?, ?, ?)', collection, spec.name, JSON.stringify(spec)),
    notes: () => notes,
  };
};

/** The indexes declared on durable collections, in the order they were first declared. */
export const savedIndexes = (db: DatabaseSync): Array<{ collection: string; spec: IndexSpec }> =>
  (db.prepare('SELECT collection, spec FROM _store_indexes ORDER BY rowid').all() as Array<{ collection: string; spec: string }>).map((row) => ({
    collection: row.collection,
    spec: JSON.parse(row.spec) as IndexSpec,
  }));

/** A small durable note of the store itself (such as a journal already imported). */
export const readMeta = (db: DatabaseSync, key: string): string | null =>
  (db.prepare('SELECT value FROM _store_meta WHERE key = ?').get(key) as { value: string } | undefined)?.value ?? null;

export const writeMeta = (db: DatabaseSync, key: string, value: string): void => {
  db.prepare('INSERT OR REPLACE INTO _store_meta (key, value) VALUES (?, ?)').run(key, value);
};

/**
 * What tables have noted of their fields so far (opaque fields, forms of strings), as the open
 * transaction sees it. After a rollback, a table's notes in memory may name what the rollback
 * took out of the catalog; they are set back to this, so the next write of such a value notes it
 * again (key-columns.ts).
 */
export const notedFields = (db: DatabaseSync): Map<string, Pick<SavedSchema, 'opaqueFields' | 'stringForms'>> => {
  const noted = new Map<string, Pick<SavedSchema, 'opaqueFields' | 'stringForms'>>();
  const of = (collection: string) => {
    let fields = noted.get(collection);
    if (!fields) noted.set(collection, (fields = { opaqueFields: new Set(), stringForms: [] }));
    return fields;
  };
  for (const row of db.prepare('SELECT collection, field FROM _store_opaque_fields').all() as Array<{ collection: string; field: string }>) {
    of(row.collection).opaqueFields.add(row.field);
  }
  for (const row of db.prepare('SELECT collection, field, form FROM _store_string_forms').all() as Array<{
    collection: string;
    field: string;
    form: StringForm;
  }>) {
    of(row.collection).stringForms.push({ field: row.field, form: row.form });
  }
  return noted;
};
