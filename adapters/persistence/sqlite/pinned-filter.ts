import type { Filter, StoredDocument } from '../../../ports/shared/persistence/collection-store.port.ts';

/**
 * A filter that can match one document at most, because it compares `_id`, or every field of a
 * unique index, to a plain value: the document is found by that part alone, then checked against
 * the whole filter. `key` names the unique key (for DocumentCache aliases); `fields` is the part.
 */
export type Pin = { readonly id: string } | { readonly key: string; readonly fields: Readonly<Record<string, string | number | boolean>> };

const isPlainValue = (value: unknown): value is string | number | boolean =>
  typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && !Number.isNaN(value));

/** The pin of a filter with a plain `_id`, or of plain top-level equalities covering a unique index; else null. */
export const pinOf = (filter: Filter, uniqueIndexes: ReadonlyArray<readonly string[]>): Pin | null => {
  // An `_id` pins whatever else the filter asks (a guarded write's status and version): the rest is checked on the one candidate.
  if (typeof filter._id === 'string') return { id: filter._id };
  for (const field in filter) {
    if (field.startsWith('$') || field.includes('.') || !isPlainValue(filter[field])) return null;
  }
  // Loops, not every/map/fromEntries: this runs for each credential lookup of each request.
  for (const fields of uniqueIndexes) {
    let covered = true;
    for (const field of fields) covered &&= field in filter;
    if (!covered) continue;
    // The key is a cache alias, checked against the document it names (`holds`): a key two
    // filters could share costs a read, never a wrong answer. Each value carries its type's initial.
    let key = fields.length === 1 ? (fields[0] as string) : fields.join(',');
    const pinned: Record<string, string | number | boolean> = {};
    for (const field of fields) {
      const value = filter[field] as string | number | boolean;
      key += `=${(typeof value)[0]}${value}`;
      pinned[field] = value;
    }
    return { key, fields: pinned };
  }
  return null;
};

/**
 * Whether every top-level field of the filter holds exactly the filter's value. True means the
 * document matches; false is not a verdict (an array holding the value matches in MongoDB), so
 * the caller asks the matcher before answering "no".
 */
export const holds = (document: StoredDocument, filter: Readonly<Record<string, unknown>>): boolean => {
  for (const field in filter) if (document[field] !== filter[field]) return false;
  return true;
};
