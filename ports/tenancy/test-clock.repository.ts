import type { GroupedWrite } from '../shared/persistence/collection-store.port.ts';
import type { TestClock } from '../../core/tenancy/test-clock.ts';

/** Who runs an advance (a token of the process) and until when it may be trusted to be running it. */
export interface AdvanceLease {
  readonly holder: string;
  readonly leaseUntil: Date;
}

/**
 * Organizations' test clocks. Every change of a running advance is a guarded write on its
 * holder, so two processes never both advance one clock.
 */
export interface TestClockRepository {
  /** A new clock, for the write that starts it: the group fails with `duplicate` when the organization already has one. */
  insertWrite(clock: TestClock): GroupedWrite;
  find(orgId: string): Promise<TestClock | null>;
  /** Every clock (only local and sandbox organizations have one; they are few). */
  all(): Promise<TestClock[]>;
  /** Starts an advance, for the write that begins it: guard `clock_advancing` fails the group when one is running. */
  beginWrite(orgId: string, to: Date, lease: AdvanceLease, at: Date): GroupedWrite;
  /** Records a finished day and renews the lease: null when the advance is no longer this holder's. */
  step(orgId: string, lease: AdvanceLease, progress: { frozenTime: Date; ran: Readonly<Record<string, number>> }, at: Date): Promise<TestClock | null>;
  /** Ends the holder's advance: the clock stands at the target. */
  finish(orgId: string, holder: string, at: Date): Promise<TestClock | null>;
  /** Stops the holder's advance where the clock stands (its last finished day), after a failure. */
  abandon(orgId: string, holder: string, at: Date): Promise<void>;
  /** The advances whose lease ran out before `now` (their process stopped), taken by `lease`'s holder. */
  takeOverStalled(now: Date, lease: AdvanceLease): Promise<TestClock[]>;
}
