import { createHmac } from 'node:crypto';
import { validationFailed } from '../../../core/shared/domain-error.ts';
import type { InboundHeaders, ProviderVerifier, VerifiedDelivery } from '../../../ports/inbound/inbound.ports.ts';
import { header, HEX_SHA256, invalidSignature, jsonObject, sameBytes, signatureHeader } from '../shared/signature-checks.ts';

/** The e-signature providers' signature headers, in the order they are looked for. */
export const ESIGN_SIGNATURE_HEADERS = ['x-webhook-signature', 'x-provider-a-signature', 'x-provider-b-signature-1'] as const;

/**
 * The e-signature providers: the first present of their signature headers carries the hex
 * HMAC-SHA256 of the raw body (optionally `sha256=`); the body brings `id`, `event`, `createdAt`.
 */
export class ESignatureVerifier implements ProviderVerifier {
  private readonly secret: string;

  constructor(secret: string) {
    this.secret = secret;
  }

  verify(raw: Uint8Array, headers: InboundHeaders): VerifiedDelivery {
    const name = ESIGN_SIGNATURE_HEADERS.find((candidate) => header(headers, candidate) !== undefined);
    const given = name ? signatureHeader(headers, name)?.trim() : undefined;
    const signature = given?.startsWith('sha256=') ? given.slice(7) : given;
    if (!signature || !HEX_SHA256.test(signature)) throw invalidSignature();
    if (!sameBytes(Buffer.from(signature, 'hex'), createHmac('sha256', this.secret).update(raw).digest())) throw invalidSignature();
    const payload = jsonObject(raw);
    const createdAt = typeof payload.createdAt === 'string' ? Date.parse(payload.createdAt) : Number.NaN;
    if (typeof payload.id !== 'string' || typeof payload.event !== 'string') throw validationFailed('id', 'required', 'The event has no id or event name.');
    if (Number.isNaN(createdAt)) throw validationFailed('createdAt', 'format', 'The event has no ISO createdAt timestamp.');
    return { eventId: payload.id, timestampMs: createdAt, type: payload.event, payload, signature };
  }
}
