import type { ComplianceWatch } from '../../ports/compliance/compliance-watch.ts';
import type { ScheduledJob } from '../../ports/platform/scheduled-jobs.use-case.ts';

/** Every morning: what falls due within 30 days, announced once per item and day. */
export const complianceDeadlinesJob = (watch: Pick<ComplianceWatch, 'run'>): ScheduledJob => ({
  name: 'compliance-deadlines',
  cron: '0 6 * * *',
  description: 'Licence expiries, appointment renewals and state filings due within 30 days: compliance.deadline_approaching, once per item and day.',
  run: (now) => watch.run(now),
});
