import type { JobDefinition } from '../../ports/platform/job-definition.port.ts';
import { RELAY_BATCH, type Webhooks } from '../../ports/webhooks/webhooks.use-case.ts';

/** How long one run keeps relaying full batches; the next run starts a second later. */
const RUN_BUDGET_MS = 800;

/**
 * Publishes the events state changes left in their outboxes; recurring, and idempotent per event.
 * A run goes on while it finds full batches, so the relay keeps up with more than one batch of
 * events a second.
 */
export const outboxRelayJob = (webhooks: Webhooks): JobDefinition => ({
  name: 'outbox-relay',
  every: '1 second',
  run: async () => {
    const started = performance.now();
    while ((await webhooks.relay()) === RELAY_BATCH && performance.now() - started < RUN_BUDGET_MS);
  },
});
