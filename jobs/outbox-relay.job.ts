import type { JobDefinition } from '../ports/jobs/job-definition.ts';
import type { Webhooks } from '../ports/webhooks/webhooks.use-case.ts';

/** Publishes the events state changes left in their outboxes; recurring, and idempotent per event. */
export const outboxRelayJob = (webhooks: Webhooks): JobDefinition => ({
  name: 'outbox-relay',
  every: '1 second',
  run: async () => {
    await webhooks.relay();
  },
});
