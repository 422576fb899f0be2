import { validationFailed } from '../../../core/shared/domain-error.ts';
import type { InboundHeaders, ProviderVerifier, VerifiedDelivery } from '../../../ports/inbound/inbound.ports.ts';
import { jsonObject, signatureHeader, timestampedMac, verifyTimestamped } from '../shared/signature-checks.ts';

/** A `Stripe-Signature` header for `raw`, as the processor signs its deliveries (used to deliver local events). */
export const stripeSignatureHeader = (raw: Uint8Array, secret: string, unixSeconds: number): string =>
  `t=${unixSeconds},v1=${timestampedMac(secret, String(unixSeconds), raw).toString('hex')}`;

/** The payment processor's `Stripe-Signature`, keyed with the whole `whsec_…` secret. */
export class StripeSignatureVerifier implements ProviderVerifier {
  private readonly secret: string;

  constructor(secret: string) {
    this.secret = secret;
  }

  verify(raw: Uint8Array, headers: InboundHeaders): VerifiedDelivery {
    const { timestampMs, signature } = verifyTimestamped(raw, signatureHeader(headers, 'stripe-signature'), this.secret);
    const payload = jsonObject(raw);
    if (typeof payload.id !== 'string' || typeof payload.type !== 'string') throw validationFailed('id', 'required', 'The event has no id or type.');
    return { eventId: payload.id, timestampMs, type: payload.type, payload, signature };
  }
}
