import type { IndexSpec } from '../../../ports/shared/persistence/collection-store.port.ts';
import type { Statements } from './statements.ts';

/** What earlier starts noted of a collection: the indexes it declared, and its indexed fields that held what a key cannot express. */
export interface CollectionNotes {
  readonly indexes: Map<string, IndexSpec>;
  readonly opaqueFields: Set<string>;
}

/**
 * The store's notes of its collections, in two small tables of the durable database, so that a
 * start finds every index and what SQL can answer for without reading a document or being told again.
 */
export class IndexCatalog {
  private readonly statements: Statements;

  constructor(statements: Statements) {
    this.statements = statements;
    statements.exec(
      'CREATE TABLE IF NOT EXISTS _store_indexes (collection TEXT NOT NULL, name TEXT NOT NULL, spec TEXT NOT NULL, PRIMARY KEY (collection, name)) WITHOUT ROWID',
    );
    statements.exec(
      'CREATE TABLE IF NOT EXISTS _store_opaque_fields (collection TEXT NOT NULL, field TEXT NOT NULL, PRIMARY KEY (collection, field)) WITHOUT ROWID',
    );
  }

  notesOf(collection: string): CollectionNotes {
    const specs = this.statements.get('SELECT spec FROM _store_indexes WHERE collection = ? ORDER BY name').all(collection) as Array<{ spec: string }>;
    const fields = this.statements.get('SELECT field FROM _store_opaque_fields WHERE collection = ?').all(collection) as Array<{ field: string }>;
    return {
      indexes: new Map(specs.map(({ spec }) => JSON.parse(spec) as IndexSpec).map((spec) => [spec.name, spec])),
      opaqueFields: new Set(fields.map(({ field }) => field)),
    };
  }

  saveIndex(collection: string, spec: IndexSpec): void {
    this.statements.get('INSERT OR REPLACE INTO _store_indexes (collection, name, spec) VALUES (?, ?, ?)').run(collection, spec.name, JSON.stringify(spec));
  }

  /** Noted inside the write that stored the value: a write rolled back takes its note with it. */
  markOpaque(collection: string, field: string): void {
    this.statements.get('INSERT OR IGNORE INTO _store_opaque_fields (collection, field) VALUES (?, ?)').run(collection, field);
  }

  /** Every index declared on a durable collection. */
  declared(): Array<{ collection: string; spec: IndexSpec }> {
    const rows = this.statements.get('SELECT collection, spec FROM _store_indexes ORDER BY collection, name').all() as Array<{
      collection: string;
      spec: string;
    }>;
    return rows.map(({ collection, spec }) => ({ collection, spec: JSON.parse(spec) as IndexSpec }));
  }
}
