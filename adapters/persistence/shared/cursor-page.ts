import { validationFailed } from '../../../core/shared/domain-error.ts';
import type { Collection, Filter, StoredDocument } from '../../../ports/shared/persistence/collection-store.port.ts';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type Page, type PageRequest } from '../../../ports/shared/persistence/page.ts';

/** Cursors are opaque to clients: the last id seen, wrapped so that clients do not build them. */
export const encodeCursor = (lastId: string): string => Buffer.from(JSON.stringify({ after: lastId })).toString('base64url');

const decodeCursor = (cursor: string): string => {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (parsed && typeof parsed === 'object' && typeof (parsed as { after?: unknown }).after === 'string') {
      return (parsed as { after: string }).after;
    }
  } catch {
    // reported below as a validation failure
  }
  throw validationFailed('cursor', 'format', "'cursor' is not a cursor returned by this API.");
};

/** A page request's size, checked, and the id its cursor continues after (null: the first page). */
export const pageWindow = (request: PageRequest): { limit: number; after: string | null } => {
  const limit = request.limit ?? DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE) {
    throw validationFailed('limit', 'range', `'limit' must be an integer from 1 to ${MAX_PAGE_SIZE}.`);
  }
  return { limit, after: request.cursor ? decodeCursor(request.cursor) : null };
};

/**
 * Ids are time-ordered, so newest first is descending id order and the next page continues
 * strictly below the last id returned. Fetches one extra row to learn whether a next page exists.
 */
export const pageQuery = (filter: Filter, request: PageRequest, order: 'newest' | 'oldest' = 'newest'): { filter: Filter; limit: number; fetch: number } => {
  const { limit, after: lastId } = pageWindow(request);
  if (lastId === null) return { filter, limit, fetch: limit + 1 };
  // The cursor narrows whatever the filter already says of ids (the records a caller may see): it never replaces it.
  const after = { [order === 'newest' ? '$lt' : '$gt']: lastId };
  return { filter: { ...filter, _id: { ...idCondition(filter._id), ...after } }, limit, fetch: limit + 1 };
};

/** A filter's condition on `_id` as operators: none, an exact id, or the operators given. */
const idCondition = (condition: unknown): Record<string, unknown> => {
  if (condition === undefined) return {};
  if (typeof condition === 'object' && condition !== null && !Array.isArray(condition)) return condition as Record<string, unknown>;
  return { $eq: condition };
};

export const toPage = <D extends { _id: string }, T>(rows: D[], limit: number, map: (row: D) => T): Page<T> => {
  const hasMore = rows.length > limit;
  const kept = hasMore ? rows.slice(0, limit) : rows;
  const last = kept.at(-1);
  return { data: kept.map(map), nextCursor: hasMore && last ? encodeCursor(last._id) : null };
};

export const NEWEST_FIRST = { _id: -1 } as const;

/** One page of a collection, newest first (or oldest first: a conversation read from its start). */
export const findPage = async <D extends StoredDocument, T>(
  collection: Collection<D>,
  filter: Filter,
  request: PageRequest,
  map: (row: D) => T,
  order: 'newest' | 'oldest' = 'newest',
): Promise<Page<T>> => {
  const query = pageQuery(filter, request, order);
  const rows = await collection.find(query.filter, { sort: order === 'newest' ? NEWEST_FIRST : { _id: 1 }, limit: query.fetch });
  return toPage(rows, query.limit, map);
};
