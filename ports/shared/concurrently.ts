/**
 * Runs `each` over the items, at most `limit` at a time, and answers how many answered true. The
 * day's work moves records one by one, each a guarded write of its own: side by side, their
 * writes share the store's commits instead of waiting for one each.
 */
export const countConcurrently = async <T>(items: readonly T[], limit: number, each: (item: T) => Promise<boolean>): Promise<number> => {
  let next = 0;
  let count = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      if (await each(item)) count += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return count;
};

/** How many records of one organization the day's work moves at a time. */
export const DAY_WORK_CONCURRENCY = 32;
