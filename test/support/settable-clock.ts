import type { Clock } from '../../ports/shared/clock.port.ts';

/** A clock a use-case test moves by hand: the business date is what the test says it is. */
export class SettableClock implements Clock {
  private current: Date;

  constructor(start: string) {
    this.current = new Date(start);
  }

  now(): Date {
    return new Date(this.current);
  }

  set(at: string): void {
    this.current = new Date(at);
  }
}
