import { commandReceiver } from '../../../ports/inbound/inbound-pipeline.use-case.ts';
import type { InboundEndpoint } from '../../../ports/inbound/inbound.ports.ts';
import type { IdentityEventsHandler } from '../../../ports/producers/identity-events.handler.ts';
import { mapIdentityEvent } from './identity-event.mapper.ts';
import { IdentitySignatureVerifier } from './identity-signature.verifier.ts';

/** A repeated signature within this window is a replay. */
const REPLAY_WINDOW_MS = 10 * 60_000;

/** Where the identity-verification provider delivers its events. */
export const identityEndpoint = (webhookSecret: string, events: IdentityEventsHandler): InboundEndpoint => ({
  path: '/webhooks/identity-verification',
  operationId: 'identityVerificationWebhook',
  summary: 'Identity verification events: inquiry.completed activates the producer named by reference-id; other events answer 202; a replayed signature 409.',
  signatureHeaders: [
    {
      name: 'Persona-Signature',
      required: false,
      secret: true,
      description:
        'Persona\'s header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.rawBody">` (IDENTITY_WEBHOOK_SECRET); while Persona rotates a secret, two such pairs separated by a space, either of which may match. A repeated signature within 10 minutes answers 409.',
    },
    {
      name: 'Identity-Signature',
      required: false,
      secret: true,
      description: 'The same scheme under the generic name, used when `Persona-Signature` is absent; several v1 values allowed during rotation.',
    },
  ],
  receiver: commandReceiver({
    provider: 'identity-verification',
    verifier: new IdentitySignatureVerifier(webhookSecret),
    mapper: mapIdentityEvent,
    handler: events,
    duplicateBody: { received: true, duplicate: true },
    replay: { windowMs: REPLAY_WINDOW_MS },
  }),
});
