export interface WindowCount {
  readonly count: number;
  readonly windowEndsAt: Date;
}

/**
 * Counts hits per key in windows that open with the first hit. `hit` is one atomic step in the
 * store, so parallel callers (also in several processes sharing one store) each see a distinct count.
 */
export interface WindowCounter {
  hit(key: string, windowMs: number, now: Date): Promise<WindowCount>;
  peek(key: string, now: Date): Promise<WindowCount | null>;
  reset(key: string): Promise<void>;
}
