import type { Principal } from '../../core/shared/access/principal.ts';
import { DomainError, notFound } from '../../core/shared/domain-error.ts';
import {
  addRan,
  assertAdvanceTarget,
  clockAdvancing,
  daysToRun,
  targetTime,
  timeOfDay,
  type AdvanceTarget,
  type TestClock,
} from '../../core/tenancy/test-clock.ts';
import type { AtomicWrite } from '../shared/persistence/atomic-write.port.ts';
import { RequiredWriteUnmatched } from '../shared/persistence/collection-store.port.ts';
import type { AuditTrail } from '../audit/audit-trail.use-case.ts';
import type { Clock, OrganizationTimes } from '../shared/clock.port.ts';
import { inDayOrder, type DailyWork } from '../shared/daily-work.port.ts';
import type { IdGenerator } from '../shared/id-generator.port.ts';
import type { AdvanceLease, TestClockRepository } from './test-clock.repository.ts';
import { isoInstant } from '../../core/shared/iso-instant.ts';

/** How long an advance's process is trusted to be running it without recording a finished day. */
const LEASE_MS = 60_000;

/** A context holding business an organization's clock cannot be set under (the policy context's policies), contributed to tenancy. */
export interface PolicyHoldings {
  readonly hasPolicies: (orgId: string) => Promise<boolean>;
}

export interface TestClocksDeps {
  readonly clocks: TestClockRepository;
  readonly times: OrganizationTimes;
  /** The scheduled work of a day, in the order it runs. */
  readonly work: readonly DailyWork[];
  /** Whether the organization has bound a policy (a clock is set only before any). */
  readonly hasPolicies: (orgId: string) => Promise<boolean>;
  readonly ids: IdGenerator;
  readonly clock: Clock;
  readonly audit: AuditTrail;
  readonly atomic: AtomicWrite;
  /** How long `advance` waits for the work before answering that it goes on (30 s). */
  readonly answerWithinMs: number;
  readonly log: (message: string, fields: Record<string, unknown>) => void;
}

export interface TestClockView {
  readonly frozenTime: string;
  readonly advancing: boolean;
  readonly advancingTo: string | null;
  /** What the running or last advance ran, by job. */
  readonly ran: Readonly<Record<string, number>>;
}

/** The clock as it stands: while it advances, the last day it finished and where it is going. */
const viewClock = (clock: TestClock): TestClockView => ({
  frozenTime: isoInstant(clock.frozenTime),
  advancing: clock.advancingTo !== null,
  advancingTo: clock.advancingTo ? isoInstant(clock.advancingTo) : null,
  ran: clock.ran,
});

/**
 * Test clocks (after Stripe's): an organization whose time stands still until it is advanced;
 * an advance runs, day by day in date order, the scheduled work of the days it skips.
 */
export class TestClocks {
  private readonly deps: TestClocksDeps;

  constructor(deps: TestClocksDeps) {
    this.deps = { ...deps, work: inDayOrder(deps.work) };
  }

  /** Puts an organization on a clock standing at `frozenTime`: a new one, or one with no policies yet. */
  async start(actor: Principal, orgId: string, frozenTime: Date): Promise<TestClockView> {
    if (await this.deps.hasPolicies(orgId)) throw new DomainError('organization_has_policies', undefined, { orgId });
    const now = this.deps.clock.now();
    const clock: TestClock = { orgId, frozenTime, advancingTo: null, ran: {}, leaseUntil: null, createdAt: now, updatedAt: now };
    try {
      await this.deps.atomic.commit([
        this.deps.clocks.insertWrite(clock),
        this.deps.audit.recordWrite(actor, orgId, 'test_clock.started', { type: 'organization', id: orgId }, { frozenTime: isoInstant(frozenTime) }),
      ]);
    } catch (error) {
      if (error instanceof DomainError && error.code === 'duplicate')
        throw new DomainError('duplicate', 'The organization is already on a test clock.', { orgId });
      throw error;
    }
    this.deps.times.set(orgId, frozenTime);
    return viewClock(clock);
  }

  async read(orgId: string): Promise<TestClockView> {
    return viewClock(await this.clockOf(orgId));
  }

  /**
   * Moves the clock to `target` (a date keeps the clock's time of day), running the skipped days'
   * work. Answers when it is done, or after `answerWithinMs` with the advance still going
   * (`advancing: true`); it then finishes on its own.
   */
  async advance(actor: Principal, orgId: string, target: AdvanceTarget): Promise<{ done: boolean; clock: TestClockView }> {
    const clock = await this.clockOf(orgId);
    if (clock.advancingTo) throw clockAdvancing(clock);
    const to = targetTime(clock, target);
    assertAdvanceTarget(clock, to);
    const lease = this.lease(this.deps.ids.next('adv'));
    const at = this.deps.clock.now();
    try {
      await this.deps.atomic.commit([
        this.deps.clocks.beginWrite(orgId, to, lease, at),
        this.deps.audit.recordWrite(
          actor,
          orgId,
          'test_clock.advanced',
          { type: 'organization', id: orgId },
          { from: isoInstant(clock.frozenTime), to: isoInstant(to) },
        ),
      ]);
    } catch (error) {
      if (error instanceof RequiredWriteUnmatched) throw clockAdvancing((await this.deps.clocks.find(orgId)) ?? clock);
      throw error;
    }
    // What the write made of the clock read above (the guard held: no advance was running).
    const begun: TestClock = { ...clock, advancingTo: to, ran: {}, leaseUntil: lease.leaseUntil, updatedAt: at };
    const running = this.run(begun, lease.holder);
    let timer: NodeJS.Timeout | undefined;
    const answered = await Promise.race([
      running.then((finished) => ({ done: true, finished })),
      new Promise<{ done: false }>((resolve) => (timer = setTimeout(() => resolve({ done: false }), this.deps.answerWithinMs))),
    ]).finally(() => clearTimeout(timer));
    if (!answered.done) running.catch(() => {});
    // Still going: the answer names where the clock is going (its time once the advance is done).
    return { done: answered.done, clock: answered.done ? viewClock(answered.finished) : { ...viewClock(begun), frozenTime: isoInstant(to) } };
  }

  /** Reads the stored clocks into this process's time (every process does, every second). */
  async load(): Promise<void> {
    this.deps.times.load(await this.deps.clocks.all());
  }

  /** Resumes the advances whose process stopped before finishing them. */
  async resumeStalled(): Promise<number> {
    const lease = this.lease(this.deps.ids.next('adv'));
    const stalled = await this.deps.clocks.takeOverStalled(this.deps.clock.now(), lease);
    for (const clock of stalled) {
      this.deps.log('resuming an interrupted test clock advance', { orgId: clock.orgId, from: clock.frozenTime, to: clock.advancingTo });
      this.run(clock, lease.holder).catch(() => {});
    }
    return stalled.length;
  }

  /**
   * Runs the advance held by `holder`, one day after the other from the day after the clock's
   * time; after each day the clock records it, so a restart resumes at the first unfinished day.
   */
  private async run(clock: TestClock, holder: string): Promise<TestClock> {
    const { orgId } = clock;
    const to = clock.advancingTo;
    if (!to) return clock;
    let ran = clock.ran;
    try {
      for (const day of daysToRun(clock.frozenTime, to)) {
        const time = timeOfDay(day, to);
        this.deps.times.set(orgId, time);
        const counts: Record<string, number> = {};
        for (const work of this.deps.work) counts[work.name] = await work.run(orgId, time);
        ran = addRan(ran, counts);
        if (!(await this.deps.clocks.step(orgId, this.lease(holder), { frozenTime: time, ran }, this.deps.clock.now()))) return this.clockOf(orgId);
      }
      const finished = await this.deps.clocks.finish(orgId, holder, this.deps.clock.now());
      this.deps.times.set(orgId, to);
      return finished ?? this.clockOf(orgId);
    } catch (error) {
      // The day that failed is run again from its start when the advance is retried.
      this.deps.log('a test clock advance failed', { orgId, error: (error as Error).message });
      await this.deps.clocks.abandon(orgId, holder, this.deps.clock.now());
      await this.load();
      throw error;
    }
  }

  private lease(holder: string): AdvanceLease {
    return { holder, leaseUntil: new Date(this.deps.clock.now().getTime() + LEASE_MS) };
  }

  private async clockOf(orgId: string): Promise<TestClock> {
    const clock = await this.deps.clocks.find(orgId);
    if (!clock) throw notFound('Test clock');
    return clock;
  }
}
