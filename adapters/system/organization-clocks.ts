import type { Clock, OrganizationTimes, TestClockRoster } from '../../ports/shared/clock.port.ts';

/**
 * Real time for every organization, except those on a test clock, which read their clock's
 * frozen time. Only local and sandbox ever load a clock, so production reads real time always.
 */
export class OrganizationClocks implements Clock, TestClockRoster, OrganizationTimes {
  private frozen = new Map<string, number>();

  now(orgId?: string): Date {
    const frozen = orgId === undefined ? undefined : this.frozen.get(orgId);
    return new Date(frozen ?? Date.now());
  }

  onTestClock(orgId: string): boolean {
    return this.frozen.has(orgId);
  }

  set(orgId: string, time: Date): void {
    this.frozen.set(orgId, time.getTime());
  }

  load(clocks: readonly { orgId: string; frozenTime: Date }[]): void {
    const loaded = new Map(clocks.map((clock) => [clock.orgId, clock.frozenTime.getTime()]));
    // A clock never goes back; one this process is advancing may be ahead of what is stored so far.
    for (const [orgId, time] of this.frozen) {
      const stored = loaded.get(orgId);
      if (stored !== undefined && stored < time) loaded.set(orgId, time);
    }
    this.frozen = loaded;
  }
}
