import type { WindowCount, WindowCounter } from '../../../ports/rate-limit/window-counter.port.ts';

/**
 * Counters in this process's memory, for the embedded engines: the store lives in one process,
 * so a synchronous increment is as exact as the shared store's atomic one and costs no query.
 * Windows are lost on restart, which only ever lets a caller start afresh.
 */
export class MemoryWindowCounter implements WindowCounter {
  /** A window's end as a number to compare and as the Date answered, made once per window rather than per request. */
  private readonly windows = new Map<string, { count: number; endsAt: number; endsAtDate: Date }>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(sweepMs = 60_000) {
    this.sweeper = setInterval(() => this.sweep(Date.now()), sweepMs);
    this.sweeper.unref();
  }

  async hit(key: string, windowMs: number, now: Date): Promise<WindowCount> {
    const at = now.getTime();
    let window = this.windows.get(key);
    if (!window || window.endsAt <= at) {
      window = { count: 0, endsAt: at + windowMs, endsAtDate: new Date(at + windowMs) };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, windowEndsAt: window.endsAtDate };
  }

  async peek(key: string, now: Date): Promise<WindowCount | null> {
    const window = this.windows.get(key);
    return window && window.endsAt > now.getTime() ? { count: window.count, windowEndsAt: window.endsAtDate } : null;
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
  }
}
