import type { Clock } from '../../ports/shared/clock.port.ts';

/** Real time, for every organization: none is on a test clock. */
export class SystemClock implements Clock {
  now(_orgId?: string): Date {
    return new Date();
  }
}
