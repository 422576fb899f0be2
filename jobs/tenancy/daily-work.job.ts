import type { ScheduledJob } from '../../ports/platform/scheduled-jobs.use-case.ts';
import type { Clock, TestClockRoster } from '../../ports/shared/clock.port.ts';
import { inDayOrder, type DailyWork } from '../../ports/shared/daily-work.port.ts';
import { forEachRecord, type Page, type PageRequest } from '../../ports/shared/persistence/page.ts';

export interface DailyWorkJobDeps {
  readonly work: readonly DailyWork[];
  readonly organizations: { list(page: PageRequest): Promise<Page<{ id: string }>> };
  readonly roster: TestClockRoster;
  readonly clock: Clock;
}

/**
 * Every hour: the day's scheduled business work (past-due marking, notices, non-payment
 * cancellations, expiries, renewal offers) for every organization in real time. Organizations on
 * a test clock are left to their clock's advances. Running a day again does nothing more, so a
 * missed hour is caught up by the next.
 */
export const dailyWorkJob = (deps: DailyWorkJobDeps): ScheduledJob => {
  const work = inDayOrder(deps.work);
  return {
    name: 'daily-business',
    cron: '5 * * * *',
    description:
      'Past-due installments, notices of cancellation, non-payment cancellations, expiries and renewal offers that fall due today, for every organization in real time.',
    run: async () => {
      const counts: Record<string, number> = {};
      let organizations = 0;
      await forEachRecord(
        (page) => deps.organizations.list(page),
        async ({ id }) => {
          if (deps.roster.onTestClock(id)) return;
          organizations += 1;
          for (const step of work) counts[step.name] = (counts[step.name] ?? 0) + (await step.run(id, deps.clock.now(id)));
        },
      );
      const done = Object.entries(counts).map(([name, count]) => `${name} ${count}`);
      return `${done.join(', ') || 'nothing to do'} over ${organizations} organizations`;
    },
  };
};
