import type { ScheduledJob } from '../../ports/platform/scheduled-jobs.use-case.ts';
import type { PolicyDocuments } from '../../ports/policy/policy-documents.use-case.ts';

/** Every minute: the policy documents transactions recorded pending, drawn and issued once each. */
export const policyDocumentsJob = (documents: Pick<PolicyDocuments, 'drawPending'>): ScheduledJob => ({
  name: 'policy-documents',
  cron: '* * * * *',
  description: 'Draws the declarations and endorsements transactions recorded pending (pdf-lib), stores each once and marks it issued with its sha256.',
  run: async () => `${await documents.drawPending()} issued`,
});
