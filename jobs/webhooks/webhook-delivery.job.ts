import type { JobDefinition } from '../../ports/platform/job-definition.port.ts';
import { DELIVERY_JOB, type Webhooks } from '../../ports/webhooks/webhooks.use-case.ts';

/** One signed attempt per queued (subscription, event); a slow receiver only holds this job. */
export const webhookDeliveryJob = (webhooks: Webhooks): JobDefinition => ({
  name: DELIVERY_JOB,
  concurrency: 20,
  run: async (data) => {
    const { orgId, subscriptionId, eventId } = data;
    if (orgId && subscriptionId && eventId) await webhooks.deliverQueued({ orgId, subscriptionId, eventId });
  },
});
