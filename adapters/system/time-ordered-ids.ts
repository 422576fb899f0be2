import { randomFillSync } from 'node:crypto';
import type { IdGenerator } from '../../ports/shared/id-generator.port.ts';

/** Random bytes drawn from the system's generator a page at a time: one call per id cost more than the rest of the id. */
const POOL_BYTES = 4096;

/**
 * `<prefix>_<12 hex ms timestamp><16 hex counter+random>`: sortable by creation, and strictly
 * increasing within a process even when many ids share one millisecond.
 */
export class TimeOrderedIds implements IdGenerator {
  private lastMs = 0;
  private sequence = 0n;
  private readonly pool = Buffer.alloc(POOL_BYTES);
  private used = POOL_BYTES;

  next(prefix: string): string {
    const now = Date.now();
    if (now > this.lastMs) {
      this.lastMs = now;
      this.sequence = this.random(8).readBigUInt64BE(0) >> 8n;
    } else {
      this.sequence += 1n + BigInt(this.random(1)[0]!);
    }
    return `${prefix}_${this.lastMs.toString(16).padStart(12, '0')}${this.sequence.toString(16).padStart(16, '0')}`;
  }

  /** The next `bytes` unused random bytes of the pool, refilled when spent. */
  private random(bytes: number): Buffer {
    if (this.used + bytes > POOL_BYTES) {
      randomFillSync(this.pool);
      this.used = 0;
    }
    const drawn = this.pool.subarray(this.used, this.used + bytes);
    this.used += bytes;
    return drawn;
  }
}
