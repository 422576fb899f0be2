import { validationFailed } from '../../../core/shared/domain-error.ts';
import type { InboundHeaders, ProviderVerifier, VerifiedDelivery } from '../../../ports/inbound/inbound.ports.ts';
import { header, invalidSignature, jsonObject, signatureHeader, timestampedPairs, verifyTimestamped } from '../shared/signature-checks.ts';

/** Persona's own header first, then the specification's. */
export const IDENTITY_SIGNATURE_HEADERS = ['persona-signature', 'identity-signature'] as const;
/** At most this many `t=…,v1=…` pairs are tried (Persona sends two while a secret rotates). */
const MAX_PAIRS = 4;

/**
 * The identity-verification provider: `Persona-Signature` (or `Identity-Signature`) `t=…,v1=…`,
 * several v1 in one pair, or, while Persona rotates a secret, two pairs separated by a space, each
 * signed with one of the secrets: any may match. Event id `data.id`, event name `data.attributes.name`.
 */
export class IdentitySignatureVerifier implements ProviderVerifier {
  private readonly secret: string;

  constructor(secret: string) {
    this.secret = secret;
  }

  verify(raw: Uint8Array, headers: InboundHeaders): VerifiedDelivery {
    const name = IDENTITY_SIGNATURE_HEADERS.find((candidate) => header(headers, candidate) !== undefined);
    const pairs = timestampedPairs(name ? (signatureHeader(headers, name) ?? '') : '');
    if (pairs.length === 0 || pairs.length > MAX_PAIRS) throw invalidSignature();
    const { timestampMs, signature } = firstMatching(pairs, (pair) => verifyTimestamped(raw, pair, this.secret));
    const payload = jsonObject(raw);
    const data = payload.data as Record<string, unknown> | undefined;
    const attributes = data?.attributes as Record<string, unknown> | undefined;
    if (typeof data?.id !== 'string') throw validationFailed('data.id', 'required', 'The event has no id.');
    return { eventId: data.id, timestampMs, type: typeof attributes?.name === 'string' ? attributes.name : 'unknown', payload, signature };
  }
}

/** The first pair that verifies; when none does, the refusal. */
const firstMatching = <R>(pairs: readonly string[], verify: (pair: string) => R): R => {
  for (const pair of pairs.slice(0, -1)) {
    try {
      return verify(pair);
    } catch {
      // the next pair may be the one signed with this secret
    }
  }
  return verify(pairs.at(-1) as string);
};
