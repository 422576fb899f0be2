import { isDeepStrictEqual } from 'node:util';
import { compare } from 'mingo/util';
import { validationFailed } from '../../../core/shared/domain-error.ts';
import type { Filter, StoredDocument, UpdateDocument } from '../../../ports/shared/persistence/collection-store.port.ts';
import { compileFilter, equalityValue } from './document-matcher.ts';
import { mingoUpdate } from './mingo-query.ts';

type Fields = Record<string, unknown>;

const FAST_OPERATORS = new Set(['$set', '$unset', '$inc', '$min', '$max', '$push', '$addToSet', '$pull']);

const isPlainObject = (value: unknown): value is Fields => value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date);

/**
 * The object holding a dotted path's last segment, created on the way as MongoDB does; null for
 * arrays. Each object on the way is copied first (the document it starts from is itself a copy),
 * so the update never touches what it was read from, which others may hold.
 */
const parentOf = (document: Fields, path: string): { parent: Fields; key: string } | null => {
  // A top-level field (a kept total's day, most often): no path to walk.
  if (!path.includes('.')) return path.startsWith('$') ? null : { parent: document, key: path };
  const segments = path.split('.');
  let current: Fields = document;
  for (const segment of segments.slice(0, -1)) {
    if (segment.startsWith('$')) return null;
    const next = current[segment];
    if (next === undefined) current = current[segment] = {};
    else if (isPlainObject(next)) current = current[segment] = { ...next };
    else return null;
  }
  const key = segments.at(-1) as string;
  return key.startsWith('$') ? null : { parent: current, key };
};

/** Whether a dotted path can be written without touching arrays or operators (missing parts are fine). */
const writable = (document: Fields, path: string): boolean => {
  if (!path.includes('.')) return path !== '' && !path.startsWith('$');
  const segments = path.split('.');
  if (segments.some((segment) => segment.startsWith('$') || segment === '')) return false;
  let current: unknown = document;
  for (const segment of segments.slice(0, -1)) {
    current = (current as Fields)[segment];
    if (current === undefined) return true;
    if (!isPlainObject(current)) return false;
  }
  return true;
};

/**
 * A `$pull` done here: from a top-level array (or a missing field, which it leaves alone), of a
 * plain value, or of the elements a condition without operators at its top matches, as a query
 * on each element (how the outbox removes an event by id). Anything else goes to mingo.
 */
const pullsHere = (document: Fields, path: string, value: unknown): boolean =>
  !path.includes('.') &&
  (document[path] === undefined || Array.isArray(document[path])) &&
  (typeof value === 'string' ||
    typeof value === 'number' ||
    typeof value === 'boolean' ||
    (isPlainObject(value) && Object.keys(value).every((k) => !k.startsWith('$'))));

/** `{ $each: [...] }` with no other modifier. */
const eachAlone = (value: unknown): value is { $each: unknown[] } => isPlainObject(value) && Array.isArray(value.$each) && Object.keys(value).length === 1;

/**
 * A value to keep in a document: strings, numbers, booleans and null as they are; anything else
 * copied, as the caller may change its own afterwards (a date the cheap way: most updates set one).
 */
const kept = <T>(value: T): T => {
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return value instanceof Date ? (new Date(value.getTime()) as T) : structuredClone(value);
};

const same = (a: unknown, b: unknown): boolean => compare(a, b) === 0 && JSON.stringify(a) === JSON.stringify(b);

/** Whether `applyFast` does the whole update; throws for an `$inc` by a non-number, as MongoDB refuses it. */
const doneHere = (document: Fields, update: UpdateDocument): boolean => {
  // for…in over the update's own plain objects: no array of entries made for every field of every update.
  for (const op in update) {
    const fields = update[op];
    if (!FAST_OPERATORS.has(op) || !isPlainObject(fields)) return false;
    for (const path in fields) {
      const value = fields[path];
      if (!writable(document, path)) return false;
      if ((op === '$push' || op === '$addToSet') && isPlainObject(value) && Object.keys(value).some((k) => k.startsWith('$'))) {
        // `{ $each: [...] }` alone (how outbox events are appended) is done here; $position, $slice and $sort by mingo.
        if (!eachAlone(value)) return false;
      }
      if (op === '$pull' && !pullsHere(document, path, value)) return false;
      if (op === '$inc' && typeof value !== 'number') throw validationFailed(path, 'type', `Cannot $inc '${path}' by a non-number.`);
    }
  }
  return true;
};

/**
 * What `applyFast` did: nothing (`mingo` must do it), or whether the document changed, as far as
 * it can tell (`unknown` when an update had several operators or a dotted path, which the caller
 * settles by comparing the documents).
 */
type FastOutcome = 'mingo' | 'changed' | 'same' | 'unknown';

/** Applies the common operators directly; `mingo` (touching nothing) when mingo must do it. */
const applyFast = (document: Fields, update: UpdateDocument): FastOutcome => {
  if (!doneHere(document, update)) return 'mingo';
  let operators = 0;
  let dotted = false;
  let changed = false;
  for (const op in update) {
    operators += 1;
    const fields = update[op] as Fields;
    for (const path in fields) {
      const value = fields[path];
      const nested = path.includes('.');
      dotted ||= nested;
      const { parent, key } = nested ? (parentOf(document, path) as { parent: Fields; key: string }) : { parent: document, key: path };
      if (applyOne(op, path, parent, key, value)) changed = true;
    }
  }
  // Two operators may undo each other on one field, and a dotted path makes the objects on its way.
  if (operators > 1 || dotted) return 'unknown';
  return changed ? 'changed' : 'same';
};

/** One operator's change of one field, in `parent` (the object holding the path's last segment): whether the field holds another value now. */
const applyOne = (op: string, path: string, parent: Fields, key: string, value: unknown): boolean => {
  const had = Object.hasOwn(parent, key);
  const current = parent[key];
  let next: unknown;
  switch (op) {
    case '$unset':
      delete parent[key];
      return had;
    case '$inc':
      if (current !== undefined && typeof current !== 'number') throw validationFailed(path, 'type', `Cannot $inc non-numeric '${path}'.`);
      next = ((current as number | undefined) ?? 0) + (value as number);
      break;
    case '$min':
    case '$max':
      if (current !== undefined && (op === '$min' ? compare(value, current) >= 0 : compare(value, current) <= 0)) return false;
      next = kept(value);
      break;
    case '$pull': {
      if (current === undefined) return false;
      const matches = isPlainObject(value) ? compileFilter(value) : null;
      next = (current as unknown[]).filter((item) => !(matches ? isPlainObject(item) && matches(item as StoredDocument) : same(item, value)));
      break;
    }
    case '$push':
    case '$addToSet': {
      if (current !== undefined && !Array.isArray(current)) throw validationFailed(path, 'type', `Cannot ${op} to non-array '${path}'.`);
      const list = current === undefined ? [] : [...(current as unknown[])];
      for (const item of eachAlone(value) ? value.$each : [value]) {
        if (op === '$push' || !list.some((held) => same(held, item))) list.push(kept(item));
      }
      next = list;
      break;
    }
    default: // $set
      next = kept(value);
  }
  parent[key] = next;
  if (!had) return true;
  return next === null || typeof next !== 'object' ? !Object.is(current, next) : !isDeepStrictEqual(current, next);
};

/**
 * Applies MongoDB update operators to a copy; `$setOnInsert` counts only when the update inserts.
 * The copy shares what the update leaves alone with `document` (both are read-only to their
 * holders): only the objects and arrays on a changed path are new. What mingo updates is a
 * whole copy, as it writes in place.
 */
export const applyUpdate = <T extends StoredDocument>(document: T, update: UpdateDocument, inserting: boolean): T => applied(document, update, inserting).next;

/**
 * The document as `update` leaves it, or null when it leaves it as it was (nothing to write).
 * Whether it changed is known from the update itself when it can be (one operator on top-level
 * fields, the common case), and found by comparing the two documents otherwise.
 */
export const updated = <T extends StoredDocument>(document: T, update: UpdateDocument): T | null => {
  const { next, changed } = applied(document, update, false);
  return (changed ?? !isDeepStrictEqual(next, document)) ? next : null;
};

const applied = <T extends StoredDocument>(document: T, update: UpdateDocument, inserting: boolean): { next: T; changed: boolean | undefined } => {
  const operators = Object.keys(update);
  if (operators.length === 0 || operators.some((op) => !op.startsWith('$'))) {
    throw new Error('Updates must use update operators such as $set.');
  }
  const { $setOnInsert, ...rest } = update;
  let next: T = { ...document };
  const steps: UpdateDocument[] = [];
  if (Object.keys(rest).length > 0) steps.push(rest);
  if (inserting && $setOnInsert) steps.push({ $set: $setOnInsert });
  let changed: boolean | undefined;
  for (const step of steps) {
    const outcome = applyFast(next, step);
    // Known from the update alone when it is one step done here; otherwise the documents are compared.
    changed = steps.length === 1 && (outcome === 'changed' || outcome === 'same') ? outcome === 'changed' : undefined;
    if (outcome !== 'mingo') continue;
    next = structuredClone(next);
    mingoUpdate(next, step);
  }
  if (next._id !== document._id) throw validationFailed('_id', 'immutable', 'The _id field cannot change.');
  return { next, changed };
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
