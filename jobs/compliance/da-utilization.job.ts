import type { DaUtilizationWatch } from '../../ports/compliance/da-utilization-watch.ts';
import type { ScheduledJob } from '../../ports/platform/scheduled-jobs.use-case.ts';

/** Every hour: programs near their delegated-authority cap, announced once per program and day. */
export const daUtilizationJob = (watch: Pick<DaUtilizationWatch, 'run'>): ScheduledJob => ({
  name: 'da-utilization',
  cron: '0 * * * *',
  description: 'Programs whose written premium this year is above 85 % of the aggregate cap: da.limit_approaching, once per program and day.',
  run: (now) => watch.run(now),
});
