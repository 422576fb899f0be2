import { createHmac } from 'node:crypto';
import type { InboundHeaders, ProviderVerifier, VerifiedDelivery } from '../../../ports/inbound/inbound.ports.ts';
import { BASE64_SHA256, header, invalidSignature, jsonObject, sameBytes, signatureHeader, spaceSeparated, UNIX_SECONDS } from '../shared/signature-checks.ts';

/**
 * The header families that carry the Standard Webhooks scheme: what Svix-based providers (Resend,
 * Clerk and others) really send, the specification's own names, and this API's earlier short ones.
 * A delivery is read in the first family whose id it carries; families are never mixed.
 */
const HEADER_FAMILIES = ['svix', 'webhook', 'wh'] as const;

/** Standard Webhooks (`<family>-id`, `-timestamp`, `-signature: v1,<base64>`), key = base64 after `whsec_`. */
export class StandardWebhooksVerifier implements ProviderVerifier {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = Buffer.from(secret.startsWith('whsec_') ? secret.slice(6) : secret, 'base64');
  }

  verify(raw: Uint8Array, headers: InboundHeaders): VerifiedDelivery {
    const family = HEADER_FAMILIES.find((name) => header(headers, `${name}-id`) !== undefined) ?? 'wh';
    const id = signatureHeader(headers, `${family}-id`);
    const timestamp = signatureHeader(headers, `${family}-timestamp`);
    const signatures = signatureHeader(headers, `${family}-signature`);
    if (!id || !timestamp || !UNIX_SECONDS.test(timestamp) || !signatures) throw invalidSignature();
    const expected = createHmac('sha256', this.key).update(`${id}.${timestamp}.`).update(raw).digest();
    const matched = spaceSeparated(signatures)
      .map((entry) => entry.split(','))
      .find(([version, value]) => version === 'v1' && value !== undefined && BASE64_SHA256.test(value) && sameBytes(Buffer.from(value, 'base64'), expected));
    if (!matched) throw invalidSignature();
    const payload = jsonObject(raw);
    return {
      eventId: id,
      timestampMs: Number(timestamp) * 1000,
      type: typeof payload.type === 'string' ? payload.type : 'unknown',
      payload,
      signature: matched[1] as string,
    };
  }
}
