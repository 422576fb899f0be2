/** The steps of a business day, in the order they run: a notice follows the marking it needs, and the webhooks go last. */
export const DAY_STEPS = [
  'invoices-past-due',
  'notice-rescissions',
  'cancellation-notices',
  'non-payment-cancellations',
  'expiries',
  'renewal-offers',
  'compliance-deadlines',
  'da-alerts',
  'receivables-reconciliation',
  'webhook-events',
] as const;
export type DayStep = (typeof DAY_STEPS)[number];

/**
 * A piece of the business's scheduled work for one organization and one day: the scheduler runs
 * it every hour for organizations in real time, and a test clock runs it for each day an advance
 * skips. Doing a day twice does nothing more (every step is a guarded write), so an interrupted
 * day is simply run again.
 */
export interface DailyWork {
  /** Its step (`ran` reports its count under this name). */
  readonly name: DayStep;
  /** Does what falls due on `now`'s date for the organization; answers how many items it moved. */
  run(orgId: string, now: Date): Promise<number>;
}

/** The work in the order of the day's steps, whatever order it was contributed in. */
export const inDayOrder = (work: readonly DailyWork[]): DailyWork[] => [...work].sort((a, b) => DAY_STEPS.indexOf(a.name) - DAY_STEPS.indexOf(b.name));

export const dailyWork = (name: DayStep, run: DailyWork['run']): DailyWork => ({ name, run });
