/**
 * Resolves on the next turn of the event loop, after the requests that arrived meanwhile had
 * theirs: a long read (a report over the book, a broad search) awaits it between batches so that
 * it never holds the one thread for longer than a batch.
 */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
