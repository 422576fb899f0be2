import type { ESignEventsHandler } from '../../../ports/esign/esign-events.handler.ts';
import { commandReceiver } from '../../../ports/inbound/inbound-pipeline.use-case.ts';
import type { InboundEndpoint } from '../../../ports/inbound/inbound.ports.ts';
import { DROPBOX_SIGN_ACKNOWLEDGEMENT } from './dropbox-sign.verifier.ts';
import { mapESignEvent } from './esign-event.mapper.ts';
import { ESignDeliveryVerifier, type ESignReceiverKeys } from './esign-delivery.verifier.ts';
import { ESIGN_SIGNATURE_HEADERS } from './esign-signature.verifier.ts';

/** Where the e-signature providers deliver document events, each in its own format. */
export const esignEndpoint = (keys: ESignReceiverKeys, events: ESignEventsHandler): InboundEndpoint => ({
  path: '/v1/esign/webhook',
  operationId: 'esignWebhook',
  summary:
    'E-signature document events, from DocuSign Connect, Dropbox Sign or the generic format: the envelope found by the provider document id takes the normalized status; completion sets completedAt. A final status never changes.',
  contentTypes: ['application/json', 'multipart/form-data', 'application/x-www-form-urlencoded'],
  signatureHeaders: [
    ...ESIGN_SIGNATURE_HEADERS.map((name) => ({
      name,
      required: false,
      secret: true,
      description: `The generic format: the first present of ${ESIGN_SIGNATURE_HEADERS.join(', ')} is used: hex HMAC-SHA256 of the raw body (ESIGN_WEBHOOK_SECRET), optionally prefixed \`sha256=\`; body \`{ id, event, createdAt, data }\`.`,
    })),
    {
      name: 'X-DocuSign-Signature-1',
      required: false,
      secret: true,
      description:
        'DocuSign Connect (JSON, HMAC): `X-DocuSign-Signature-1` … `-N`, each the base64 HMAC-SHA256 of the raw body under one Connect key; any matching one of DOCUSIGN_CONNECT_HMAC_KEYS is enough. `generatedDateTime` is the event time; a delivery is known by envelope, event and that time.',
    },
    {
      name: 'Content-Type',
      required: false,
      secret: false,
      description: `Dropbox Sign posts its callback as a form with a \`json\` field (multipart or urlencoded), or as JSON: \`event.event_hash\` is the hex HMAC-SHA256 of \`event_time + event_type\` under DROPBOX_SIGN_API_KEY; the answer is the text \`${DROPBOX_SIGN_ACKNOWLEDGEMENT}\`.`,
    },
  ],
  receiver: commandReceiver({
    provider: 'esign',
    verifier: new ESignDeliveryVerifier(keys),
    mapper: mapESignEvent,
    handler: events,
    duplicateBody: { received: true, duplicate: true },
  }),
});
