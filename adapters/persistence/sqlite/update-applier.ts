import { validationFailed } from '../../../core/shared/domain-error.ts';
import type { Filter, StoredDocument, UpdateDocument } from '../../../ports/shared/persistence/collection-store.port.ts';
import { mingoUpdate } from './mingo-query.ts';

type Fields = Record<string, unknown>;

const isPlainObject = (value: unknown): value is Fields => value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date);

const valueAt = (document: Fields, path: string): unknown =>
  path.split('.').reduce<unknown>((current, segment) => (isPlainObject(current) ? current[segment] : undefined), document);

/**
 * What MongoDB refuses and mingo, called an operator at a time, would pass over: two operators on
 * one path (or on a path and a field inside it), `$inc` of or by a non-number, `$push` to a non-array.
 */
const refuseWhatMongoRefuses = (document: Fields, update: UpdateDocument): void => {
  const paths = Object.values(update).flatMap((fields) => Object.keys(fields));
  const named = new Set(paths);
  for (const path of paths) {
    const segments = path.split('.');
    const prefixes = segments.slice(1).map((_, n) => segments.slice(0, n + 1).join('.'));
    const conflict = named.size < paths.length ? path : prefixes.find((prefix) => named.has(prefix));
    if (conflict) throw validationFailed(path, 'conflict', `Updating the path '${path}' would create a conflict at '${conflict}'.`);
  }
  for (const [path, value] of Object.entries(update.$inc ?? {})) {
    const current = valueAt(document, path);
    if (typeof value !== 'number' || (current !== undefined && typeof current !== 'number'))
      throw validationFailed(path, 'type', `Cannot $inc '${path}': both the field and the amount must be numbers.`);
  }
  for (const op of ['$push', '$addToSet'] as const) {
    for (const path of Object.keys(update[op] ?? {})) {
      const current = valueAt(document, path);
      if (current !== undefined && !Array.isArray(current)) throw validationFailed(path, 'type', `Cannot ${op} to non-array '${path}'.`);
    }
  }
};

/**
 * Applies MongoDB update operators (through mingo) to a copy: the document read is left as it was
 * (a `returnDocument: 'before'` answers it). What the update sets is copied one level (mingo's
 * "copy"): the result is written as JSON at once, so only the returned copy shares with the caller
 * what the caller gave. `$setOnInsert` counts only when the update inserts. `changed` says whether any field moved.
 */
const applied = <T extends StoredDocument>(document: T, update: UpdateDocument, inserting: boolean): { next: T; changed: boolean } => {
  const operators = Object.keys(update);
  if (operators.length === 0 || operators.some((op) => !op.startsWith('$'))) {
    throw new Error('Updates must use update operators such as $set.');
  }
  const { $setOnInsert, ...rest } = update;
  const next = structuredClone(document);
  let changed = false;
  if (Object.keys(rest).length > 0) {
    refuseWhatMongoRefuses(next, rest);
    changed = mingoUpdate(next, rest);
  }
  if (inserting && $setOnInsert) changed = mingoUpdate(next, { $set: $setOnInsert }) || changed;
  if (next._id !== document._id) throw validationFailed('_id', 'immutable', 'The _id field cannot change.');
  return { next, changed };
};

export const applyUpdate = <T extends StoredDocument>(document: T, update: UpdateDocument, inserting: boolean): T => applied(document, update, inserting).next;

/** The document as `update` leaves it, or null when it leaves it as it was (nothing to write). */
export const updated = <T extends StoredDocument>(document: T, update: UpdateDocument): T | null => {
  const { next, changed } = applied(document, update, false);
  return changed ? next : null;
};

const isScalar = (value: unknown): boolean => value === null || ['string', 'number', 'boolean'].includes(typeof value) || value instanceof Date;

/** The value a filter requires a field to equal, when it requires exactly one. */
const equalityValue = (filter: Filter, field: string): { value: unknown } | null => {
  const condition = filter[field];
  if (isScalar(condition)) return { value: condition };
  if (isPlainObject(condition) && Object.keys(condition).length === 1 && isScalar(condition.$eq)) return { value: condition.$eq };
  return null;
};

/** The document an upsert starts from: the filter's top-level equalities, as MongoDB seeds it. */
export const upsertSeed = (filter: Filter, generateId: () => string): StoredDocument => {
  const seed: Record<string, unknown> = {};
  for (const field of Object.keys(filter)) {
    if (field.startsWith('$') || field.includes('.')) continue;
    const equality = equalityValue(filter, field);
    if (equality) seed[field] = equality.value;
  }
  const id = typeof seed._id === 'string' ? seed._id : generateId();
  return { ...seed, _id: id };
};
