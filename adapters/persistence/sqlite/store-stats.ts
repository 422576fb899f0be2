import { DatabaseSync } from 'node:sqlite';

export interface IndexStats {
  readonly name: string;
  readonly bytes: number;
}

export interface CollectionStats {
  readonly collection: string;
  readonly rows: number;
  /** Pages of the table itself (its documents and primary key). */
  readonly tableBytes: number;
  readonly indexes: readonly IndexStats[];
  readonly indexBytes: number;
}

export interface StoreStats {
  readonly collections: readonly CollectionStats[];
  /** Pages of the store's own catalog and statistics tables. */
  readonly catalogBytes: number;
  readonly fileBytes: number;
}

const TABLE_PREFIX = 'docs:';

/**
 * Bytes and rows of every collection of an embedded store and of each of its indexes, read from
 * SQLite's `dbstat` (pages as they lie on disk, free space inside them included). Opens the file
 * read-only, so it can run beside the service.
 */
export const storeStats = (file: string): StoreStats => {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const objects = db.prepare("SELECT name, tbl_name AS tableName, type FROM sqlite_schema WHERE type IN ('table', 'index')").all() as {
      name: string;
      tableName: string;
      type: string;
    }[];
    const pages = new Map(
      (db.prepare('SELECT name, SUM(pgsize) AS bytes FROM dbstat GROUP BY name').all() as { name: string; bytes: number }[]).map((row) => [
        row.name,
        row.bytes,
      ]),
    );
    const collections: CollectionStats[] = [];
    let catalogBytes = pages.get('sqlite_schema') ?? 0;
    for (const table of objects.filter((object) => object.type === 'table')) {
      if (!table.name.startsWith(TABLE_PREFIX)) {
        catalogBytes += pages.get(table.name) ?? 0;
        continue;
      }
      const indexes = objects
        .filter((object) => object.type === 'index' && object.tableName === table.name)
        .map((index) => ({ name: index.name.startsWith('sqlite_autoindex') ? 'primary key' : index.name, bytes: pages.get(index.name) ?? 0 }));
      const rows = (db.prepare(`SELECT COUNT(*) AS count FROM "${table.name.replaceAll('"', '""')}"`).get() as { count: number }).count;
      collections.push({
        collection: table.name.slice(TABLE_PREFIX.length),
        rows,
        tableBytes: pages.get(table.name) ?? 0,
        indexes,
        indexBytes: indexes.reduce((sum, index) => sum + index.bytes, 0),
      });
    }
    const pageSize = (db.prepare('PRAGMA page_size').get() as { page_size: number }).page_size;
    const pageCount = (db.prepare('PRAGMA page_count').get() as { page_count: number }).page_count;
    collections.sort((a, b) => b.tableBytes + b.indexBytes - (a.tableBytes + a.indexBytes));
    return { collections, catalogBytes, fileBytes: pageSize * pageCount };
  } finally {
    db.close();
  }
};
