/**
 * Time, as the service reads it. Business dates (today, windows, due dates, earned premium,
 * `bookedOn`, `createdAt` of business records and their events) are read with the organization
 * they belong to: `now(orgId)`, the organization's time. Security and transport times (token,
 * code and signed-URL expiry, rate limits, leases, webhook timestamps) are read without one:
 * `now()`, real time. Every organization lives in real time until it is put on a test clock.
 */
export interface Clock {
  now(orgId?: string): Date;
}

/**
 * Which organizations live on a test clock. Scheduled jobs leave them alone: their scheduled work
 * runs only when their clock is advanced, on the days it skips.
 */
export interface TestClockRoster {
  onTestClock(orgId: string): boolean;
}

/** Where the `Clock` learns test clocks' times (the test clocks tell it). */
export interface OrganizationTimes {
  set(orgId: string, time: Date): void;
  /** Replaces what is known with the clocks as stored (other processes advance them too). */
  load(clocks: readonly { orgId: string; frozenTime: Date }[]): void;
}
