import type { ESignEventsHandler } from '../../../ports/esign/esign-events.handler.ts';
import { commandReceiver } from '../../../ports/inbound/inbound-pipeline.use-case.ts';
import type { InboundEndpoint } from '../../../ports/inbound/inbound.ports.ts';
import { mapESignEvent } from './esign-event.mapper.ts';
import { ESIGN_SIGNATURE_HEADERS, ESignatureVerifier } from './esign-signature.verifier.ts';

/** Where the e-signature providers deliver document events. */
export const esignEndpoint = (webhookSecret: string, events: ESignEventsHandler): InboundEndpoint => ({
  path: '/v1/esign/webhook',
  operationId: 'esignWebhook',
  summary:
    'E-signature document events: the envelope found by data.documentId (or data.envelopeId) takes the normalized status; completion sets completedAt. A final status never changes.',
  signatureHeaders: ESIGN_SIGNATURE_HEADERS.map((name) => ({
    name,
    required: false,
    secret: true,
    description: `The first present of ${ESIGN_SIGNATURE_HEADERS.join(', ')} is used: hex HMAC-SHA256 of the raw body (ESIGN_WEBHOOK_SECRET), optionally prefixed \`sha256=\`.`,
  })),
  receiver: commandReceiver({
    provider: 'esign',
    verifier: new ESignatureVerifier(webhookSecret),
    mapper: mapESignEvent,
    handler: events,
    duplicateBody: { received: true, duplicate: true },
  }),
});
