import type { Clock } from '../../ports/shared/clock.port.ts';

export class SystemClock implements Clock {
  now(): Date {
    return new Date();
  }
}
