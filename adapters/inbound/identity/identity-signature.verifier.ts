import { validationFailed } from '../../../core/shared/domain-error.ts';
import type { InboundHeaders, ProviderVerifier, VerifiedDelivery } from '../../../ports/inbound/inbound.ports.ts';
import { header, jsonObject, verifyTimestamped } from '../shared/signature-checks.ts';

/**
 * The identity-verification provider: `Identity-Signature: t=…,v1=…` (several v1 during rotation);
 * event id `data.id`, event name `data.attributes.name`.
 */
export class IdentitySignatureVerifier implements ProviderVerifier {
  private readonly secret: string;

  constructor(secret: string) {
    this.secret = secret;
  }

  verify(raw: Uint8Array, headers: InboundHeaders): VerifiedDelivery {
    const { timestampMs, signature } = verifyTimestamped(raw, header(headers, 'identity-signature'), this.secret);
    const payload = jsonObject(raw);
    const data = payload.data as Record<string, unknown> | undefined;
    const attributes = data?.attributes as Record<string, unknown> | undefined;
    if (typeof data?.id !== 'string') throw validationFailed('data.id', 'required', 'The event has no id.');
    return { eventId: data.id, timestampMs, type: typeof attributes?.name === 'string' ? attributes.name : 'unknown', payload, signature };
  }
}
