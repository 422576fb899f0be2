import { createHmac } from 'node:crypto';
import { validationFailed } from '../../../core/shared/domain-error.ts';
import type { InboundHeaders, ProviderVerifier, VerifiedDelivery } from '../../../ports/inbound/inbound.ports.ts';
import { BASE64_SHA256, header, invalidSignature, jsonObject, sameBytes, signatureHeader } from '../shared/signature-checks.ts';

/** DocuSign Connect numbers its signature headers from 1, one per active HMAC key (at most 100). */
export const DOCUSIGN_SIGNATURE_HEADER = 'x-docusign-signature-';
const MAX_KEYS = 100;

/** Whether a delivery carries DocuSign Connect's signature. */
export const isDocuSignConnect = (headers: InboundHeaders): boolean => header(headers, `${DOCUSIGN_SIGNATURE_HEADER}1`) !== undefined;

/**
 * DocuSign Connect (JSON, HMAC): `X-DocuSign-Signature-1` … `-N`, each the base64 HMAC-SHA256 of
 * the raw body under one of the account's Connect keys; any one matching any key configured here
 * (`DOCUSIGN_CONNECT_HMAC_KEYS`) is enough. Connect sends no event id, so a delivery is known by
 * its envelope, event and `generatedDateTime` (which the 5-minute rule reads too).
 */
export class DocuSignConnectVerifier implements ProviderVerifier {
  private readonly keys: readonly string[];

  constructor(keys: readonly string[]) {
    this.keys = keys;
  }

  verify(raw: Uint8Array, headers: InboundHeaders): VerifiedDelivery {
    const signatures: string[] = [];
    for (let n = 1; n <= MAX_KEYS; n += 1) {
      const value = signatureHeader(headers, `${DOCUSIGN_SIGNATURE_HEADER}${n}`)?.trim();
      if (value === undefined) break;
      if (BASE64_SHA256.test(value)) signatures.push(value);
    }
    const digests = this.keys.map((key) => createHmac('sha256', key).update(raw).digest());
    const matched = signatures.find((signature) => digests.some((digest) => sameBytes(Buffer.from(signature, 'base64'), digest)));
    if (!matched) throw invalidSignature();
    const payload = jsonObject(raw);
    const data = payload.data as Record<string, unknown> | undefined;
    const generated = typeof payload.generatedDateTime === 'string' ? Date.parse(payload.generatedDateTime) : Number.NaN;
    if (typeof payload.event !== 'string' || typeof data?.envelopeId !== 'string') {
      throw validationFailed('event', 'required', 'A Connect message names its event and data.envelopeId.');
    }
    if (Number.isNaN(generated)) throw validationFailed('generatedDateTime', 'format', 'A Connect message carries generatedDateTime.');
    return {
      eventId: `${data.envelopeId}:${payload.event}:${payload.generatedDateTime as string}`,
      timestampMs: generated,
      type: payload.event,
      payload,
      signature: matched,
    };
  }
}
