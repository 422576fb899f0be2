import { DomainError } from '../../../core/shared/domain-error.ts';
import type { IndexSpec } from '../../../ports/shared/persistence/collection-store.port.ts';

const SQLITE_CONSTRAINT_UNIQUE = 2067;
const SQLITE_CONSTRAINT_PRIMARYKEY = 1555;

const duplicate = (index: string) => new DomainError('duplicate', 'A resource with the same unique value already exists.', { index });

/** Runs a write whose unique index violations become the domain's `duplicate`, naming the index (`violatedIndex` of SQLite's message) as MongoDB does. */
export const uniqueGuarded = (write: () => void, violatedIndex: (message: string) => string): void => {
  try {
    write();
  } catch (error) {
    const { errcode, message } = error as { errcode?: number; message?: string };
    if (errcode === SQLITE_CONSTRAINT_PRIMARYKEY) throw duplicate('_id_');
    if (errcode === SQLITE_CONSTRAINT_UNIQUE) throw duplicate(violatedIndex(message ?? ''));
    throw error;
  }
};

/**
 * The declared index a SQLite unique violation names: SQLite names an index on expressions, or
 * the columns of one on columns. `columnOf` gives a field's column name as the table names it.
 */
export const violatedIndexName = (message: string, specs: ReadonlyMap<string, IndexSpec>, columnOf: (field: string) => string | undefined): string => {
  const named = /index '[^/']*\/([^!']*)!/.exec(message)?.[1];
  if (named) return named;
  const columns = message
    .slice(message.indexOf('failed: ') + 'failed: '.length)
    .split(', ')
    .map((column) => column.slice(column.indexOf('.') + 1));
  if (columns.length === 1 && columns[0] === 'id') return '_id_';
  for (const [name, spec] of specs) {
    const declared = Object.keys(spec.keys).map((field) => (field === '_id' ? 'id' : columnOf(field)));
    if (spec.unique && declared.join('\u0000') === columns.join('\u0000')) return name;
  }
  return 'unknown';
};
