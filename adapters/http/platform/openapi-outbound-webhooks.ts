import { EVENT_TYPES, type EventType } from '../../../core/shared/events/event-catalog.ts';
import { EVENT_DATA_SCHEMAS, eventEnvelope, pascalName } from './openapi-event-schemas.ts';
import type { NamedSchemas } from './openapi-named-schemas.ts';

type Json = Record<string, unknown>;

/**
 * The `webhooks` section: one entry per outbound event type, with the headers a delivery carries
 * (the spec's `X-Service-*` and the Standard Webhooks ones) and the envelope it posts.
 */
export const outboundWebhooks = (named: NamedSchemas): Json =>
  Object.fromEntries(
    (Object.keys(EVENT_TYPES) as EventType[]).map((type) => [
      type,
      {
        post: {
          // `policy.bound` → `onPolicyBound`: what the receiver implements.
          operationId: `on${pascalName(type)}`,
          summary: EVENT_TYPES[type],
          // Beside the subscriptions that ask for them: one `webhooks` group in the reference, not two.
          tags: ['webhooks'],
          // The receiver's own endpoint: it is authenticated by the signature headers below, not by a credential of this API.
          security: [],
          description:
            'Delivered once with a 10-second timeout. Verify `X-Service-Signature` (`sha256=` + hex HMAC-SHA256 of the raw body, keyed with the subscription `secret` as it was shown: its 64 hexadecimal characters taken as text, not decoded) with a constant-time comparison before processing, or the Standard Webhooks headers with an official verifier keyed with the `signingSecret` (`whsec_` + base64 of the same 32 bytes decoded from the hex; `webhook-id` is the event id, the same on a redelivery: keep it to drop repeats).',
          parameters: [
            { name: 'X-Service-Signature', in: 'header', required: true, schema: { type: 'string', pattern: '^sha256=[0-9a-f]{64}$' } },
            { name: 'X-Service-Event', in: 'header', required: true, schema: { type: 'string', const: type } },
            {
              name: 'X-Service-Delivery',
              in: 'header',
              required: true,
              description: 'Unique delivery UUID, for idempotency.',
              schema: { type: 'string', format: 'uuid' },
            },
            { name: 'webhook-id', in: 'header', required: true, description: 'The event id (Standard Webhooks).', schema: { type: 'string' } },
            {
              name: 'webhook-timestamp',
              in: 'header',
              required: true,
              description: 'Unix seconds of the attempt (Standard Webhooks).',
              schema: { type: 'string', pattern: '^[0-9]+$' },
            },
            {
              name: 'webhook-signature',
              in: 'header',
              required: true,
              description:
                '`v1,` + base64 HMAC-SHA256 of `webhook-id.webhook-timestamp.body`, keyed with the 32 bytes of the subscription secret (Standard Webhooks).',
              schema: { type: 'string', pattern: '^v1,' },
            },
          ],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: named.reference(eventEnvelope(type, EVENT_DATA_SCHEMAS[type])) } },
          },
          responses: { '2XX': { description: 'Received.' } },
        },
      },
    ]),
  );
