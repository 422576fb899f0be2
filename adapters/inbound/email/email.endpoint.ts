import type { EmailEventsHandler } from '../../../ports/inbound/email-events.handler.ts';
import { commandReceiver } from '../../../ports/inbound/inbound-pipeline.use-case.ts';
import type { InboundEndpoint } from '../../../ports/inbound/inbound.ports.ts';
import { mapEmailEvent } from './email-event.mapper.ts';
import { StandardWebhooksVerifier } from './standard-webhooks.verifier.ts';

/** Where the e-mail provider delivers its events (Standard Webhooks signatures). */
export const emailEndpoint = (webhookSecret: string, events: EmailEventsHandler): InboundEndpoint => ({
  path: '/webhooks/email-provider',
  operationId: 'emailProviderWebhook',
  summary:
    'E-mail delivery events, queued for processing; a repeated message id answers { deduplicated: true }. The three headers come as `svix-*` (what Svix-based providers send), `webhook-*` (Standard Webhooks) or `wh-*`, one family per delivery.',
  signatureHeaders: [
    { name: 'svix-id', required: false, secret: false, description: 'Message id: the event id and the deduplication key (or `webhook-id`, `wh-id`).' },
    {
      name: 'svix-timestamp',
      required: false,
      secret: false,
      description: 'Unix seconds; more than 5 minutes away from now is refused (or `webhook-timestamp`, `wh-timestamp`).',
    },
    {
      name: 'svix-signature',
      required: false,
      secret: true,
      description:
        'Standard Webhooks: `v1,<base64 HMAC-SHA256 of "id.timestamp.rawBody">`, key = base64-decoded part after `whsec_` (EMAIL_WEBHOOK_SECRET); several space-separated values allowed (or `webhook-signature`, `wh-signature`).',
    },
  ],
  receiver: commandReceiver({
    provider: 'email-provider',
    verifier: new StandardWebhooksVerifier(webhookSecret),
    mapper: mapEmailEvent,
    handler: events,
    duplicateBody: { deduplicated: true },
  }),
});
