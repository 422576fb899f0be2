import { Query } from 'mingo';
import { compare, resolve } from 'mingo/util';
import type { Filter, SortSpec, StoredDocument } from '../../../ports/persistence/document-store.port.ts';

type Matcher = (document: StoredDocument) => boolean;

const isPlainValue = (value: unknown): value is string | number | boolean | null =>
  value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/**
 * Most repository filters are plain top-level equalities (`{_id, orgId}`); those are matched
 * directly, with MongoDB's rule that an array field matches when it contains the value. Anything
 * else goes through mingo's implementation of the MongoDB query language.
 */
export const compileFilter = (filter: Filter): Matcher => {
  const entries = Object.entries(filter);
  const simple = entries.every(([field, value]) => !field.startsWith('$') && !field.includes('.') && isPlainValue(value));
  if (simple) {
    return (document) =>
      entries.every(([field, expected]) => {
        const actual = document[field];
        if (expected === null) return actual === null || actual === undefined;
        return actual === expected || (Array.isArray(actual) && actual.includes(expected));
      });
  }
  const query = new Query(filter as Record<string, never>);
  return (document) => query.test(document as unknown as Record<string, never>);
};

export const compareBySort = (sort: SortSpec) => {
  const keys = Object.entries(sort);
  return (a: StoredDocument, b: StoredDocument): number => {
    for (const [field, direction] of keys) {
      const order = compare(resolve(a, field), resolve(b, field));
      if (order !== 0) return order * direction;
    }
    return 0;
  };
};

/** The value a filter requires a field to equal, when it requires exactly one. */
export const equalityValue = (filter: Filter, field: string): { value: unknown } | null => {
  if (!(field in filter)) return null;
  const condition = filter[field];
  if (isPlainValue(condition) || condition instanceof Date) return { value: condition };
  if (condition && typeof condition === 'object' && Object.keys(condition).length === 1 && '$eq' in condition) {
    const value = (condition as { $eq: unknown }).$eq;
    if (isPlainValue(value) || value instanceof Date) return { value };
  }
  return null;
};

export const fieldValue = (document: StoredDocument, field: string): unknown => resolve(document, field);
