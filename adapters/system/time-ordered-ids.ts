import { randomBytes } from 'node:crypto';
import type { IdGenerator } from '../../ports/shared/id-generator.port.ts';

/**
 * `<prefix>_<12 hex ms timestamp><16 hex counter+random>`: sortable by creation, and strictly
 * increasing within a process even when many ids share one millisecond.
 */
export class TimeOrderedIds implements IdGenerator {
  private lastMs = 0;
  private sequence = 0n;

  next(prefix: string): string {
    const now = Date.now();
    if (now > this.lastMs) {
      this.lastMs = now;
      this.sequence = BigInt(`0x${randomBytes(8).toString('hex')}`) >> 8n;
    } else {
      this.sequence += 1n + BigInt(randomBytes(1)[0] ?? 0);
    }
    return `${prefix}_${this.lastMs.toString(16).padStart(12, '0')}${this.sequence.toString(16).padStart(16, '0')}`;
  }
}
