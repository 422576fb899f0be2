import { Type } from '@sinclair/typebox';
import { validationFailed } from '../../../core/shared/domain-error.ts';
import { FAILED_VERIFICATIONS_PER_MINUTE, type InboundPipeline } from '../../../ports/inbound/inbound-pipeline.use-case.ts';
import type { InboundEndpoint } from '../../../ports/inbound/inbound.ports.ts';
import { definePublicRoute, type RouteDefinition } from '../shared/route.ts';

const MAX_BYTES = 1024 * 1024;

/** Provider callbacks: no bearer token; the signature over the raw bytes is the credential. */
export const inboundRoutes = (pipeline: InboundPipeline, endpoints: readonly InboundEndpoint[]): RouteDefinition[] =>
  endpoints.map((endpoint) =>
    definePublicRoute({
      method: 'POST',
      path: endpoint.path,
      operationId: endpoint.operationId,
      summary: endpoint.summary,
      description: `Signed with ${endpoint.signatureHeaders.map(({ name }) => `\`${name}\``).join(', ')}. Duplicates answer 200 without processing; events more than 5 minutes from now answer 400 \`stale_event\`; a processing failure answers 500 so the sender retries. A signature header longer than 4 KiB answers 401 unread; after ${FAILED_VERIFICATIONS_PER_MINUTE} failed verifications in a minute from one address, that address gets 429 until the minute ends.`,
      tags: ['inbound-webhooks'],
      rateClass: 'none',
      rawBody: { maxBytes: MAX_BYTES, contentTypes: endpoint.contentTypes ?? ['application/json'] },
      requestHeaders: endpoint.signatureHeaders,
      errors: ['invalid_signature', 'stale_event', 'validation_failed', 'rate_limited'],
      responses: { 200: { description: 'Received (or a duplicate, not processed again).', schema: Type.Record(Type.String(), Type.Unknown()) } },
      handler: async ({ raw, headers, clientAddress }) => {
        if (!raw) throw validationFailed('body', 'json', `Send the event as ${(endpoint.contentTypes ?? ['application/json']).join(' or ')}.`);
        const answer = await pipeline.receive(endpoint.receiver, raw, headers, clientAddress);
        if (answer.text === undefined) return answer;
        return { status: answer.status, body: Buffer.from(answer.text, 'utf8'), headers: { 'content-type': 'text/plain; charset=utf-8' } };
      },
    }),
  );
