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
