/**
 * Whether a session is still live, remembered for a few seconds so that a JWT tied to a session
 * costs one store read per session and interval rather than one per request. Signing out in
 * this process forgets the entry at once; another process sharing the store sees the sign-out
 * within `ttlMs`.
 */
export class SessionStatusCache {
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly entries = new Map<string, { live: boolean; until: number }>();

  constructor(ttlMs = 5_000, maxEntries = 10_000) {
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
  }

  get(sessionId: string, nowMs: number): boolean | undefined {
    const entry = this.entries.get(sessionId);
    if (!entry || entry.until <= nowMs) return undefined;
    return entry.live;
  }

  set(sessionId: string, live: boolean, nowMs: number): void {
    // Bounded: the oldest entry goes first (Map keeps insertion order).
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(sessionId, { live, until: nowMs + this.ttlMs });
  }

  forget(sessionId: string): void {
    this.entries.delete(sessionId);
  }
}
