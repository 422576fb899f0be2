import { nextTurn } from '../next-turn.ts';
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

/** A list narrowed to the records the caller may see (relationship checks); absent: every record. */
export interface Among {
  readonly among?: readonly string[];
}

export interface PageRequest {
  readonly limit?: number;
  readonly cursor?: string;
}

/** A page of a list, newest first; `nextCursor` is null on the last page. */
export interface Page<T> {
  readonly data: T[];
  readonly nextCursor: string | null;
}

export const mapPage = <T, V>(page: Page<T>, view: (record: T) => V): Page<V> => ({ data: page.data.map(view), nextCursor: page.nextCursor });

/** Records read per page when a use case goes through a whole list. */
const WALK_PAGE = 200;

/** Every record of a paged list, page after page, each handed to `each` in order. */
export const forEachRecord = async <T>(read: (page: PageRequest) => Promise<Page<T>>, each: (record: T) => Promise<void> | void): Promise<void> => {
  let cursor: string | null = null;
  do {
    // Other requests take their turn between pages: a walk of the whole book never holds the thread.
    if (cursor) await nextTurn();
    const page: Page<T> = await read({ limit: WALK_PAGE, ...(cursor ? { cursor } : {}) });
    for (const record of page.data) await each(record);
    cursor = page.nextCursor;
  } while (cursor);
};

/** Every record of a paged list. */
export const everyRecord = async <T>(read: (page: PageRequest) => Promise<Page<T>>): Promise<T[]> => {
  const all: T[] = [];
  await forEachRecord(read, (record) => {
    all.push(record);
  });
  return all;
};
