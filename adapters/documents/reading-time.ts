import { DomainError } from '../../core/shared/domain-error.ts';

const WINDOW_MS = 60_000;

/**
 * Worker time each organization's documents took to read in the current minute (in this
 * process). Requests are a poor measure of parsing: twenty hostile files cost a thread twenty
 * budgets, twenty ordinary ones a fraction of a second. Once an organization has used its time,
 * its next document waits for the window to turn (429); others are untouched.
 */
export class ReadingTime {
  private readonly msPerMinute: number;
  private readonly used = new Map<string, { windowStart: number; ms: number }>();

  constructor(msPerMinute: number) {
    this.msPerMinute = msPerMinute;
  }

  assertLeft(tenant: string, nowMs: number): void {
    const window = this.current(tenant, nowMs);
    if (window.ms < this.msPerMinute) return;
    const retryAfter = Math.max(1, Math.ceil((window.windowStart + WINDOW_MS - nowMs) / 1000));
    throw new DomainError(
      'rate_limited',
      `The organization's documents took ${Math.round(window.ms / 1000)} seconds of reading this minute, its budget of ${this.msPerMinute / 1000}.`,
      { retryAfter },
    );
  }

  charge(tenant: string, ms: number, nowMs: number): void {
    this.current(tenant, nowMs).ms += ms;
  }

  private current(tenant: string, nowMs: number): { windowStart: number; ms: number } {
    let window = this.used.get(tenant);
    if (!window || nowMs - window.windowStart >= WINDOW_MS) {
      window = { windowStart: nowMs, ms: 0 };
      // Bounded: windows that have turned are dropped when a new one opens.
      if (this.used.size > 10_000) for (const [key, old] of this.used) if (nowMs - old.windowStart >= WINDOW_MS) this.used.delete(key);
      this.used.set(tenant, window);
    }
    return window;
  }
}
