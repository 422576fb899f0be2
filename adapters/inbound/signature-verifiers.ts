import { createHmac, timingSafeEqual } from 'node:crypto';
import { DomainError, validationFailed } from '../../core/shared/domain-error.ts';
import type { InboundHeaders, ProviderVerifier, VerifiedDelivery } from '../../ports/inbound/inbound.ports.ts';

const invalid = (message = 'The webhook signature is missing or does not match.') => new DomainError('invalid_signature', message);

const header = (headers: InboundHeaders, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

const sameBytes = (a: Buffer, b: Buffer): boolean => a.length === b.length && timingSafeEqual(a, b);

const json = (raw: Uint8Array): Record<string, unknown> => {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(raw).toString('utf8'));
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw validationFailed('body', 'json', 'The webhook body is not a JSON object.');
};

/** An HMAC-SHA256 as providers send it: lowercase hex, exactly 64 characters; anything else never matches. */
const HEX_SHA256 = /^[0-9a-f]{64}$/;
/** The Standard Webhooks form: base64 of the 32 bytes, exactly 44 characters. */
const BASE64_SHA256 = /^[A-Za-z0-9+/]{43}=$/;

/**
 * `t=<seconds>,v1=<hex>[,v1=<hex>…]`: HMAC-SHA256 of `t.rawBody`; any listed v1 may match (key
 * rotation). Returns the timestamp and the v1 value that matched.
 */
/** HMAC-SHA256 of `"<timestamp>.<raw body>"`: what a `t=…,v1=…` signature covers. */
const timestampedMac = (key: string | Buffer, timestamp: string, raw: Uint8Array): Buffer => createHmac('sha256', key).update(`${timestamp}.`).update(raw).digest();

/** A `Stripe-Signature` header for `raw`, as the processor signs its deliveries (used to deliver local events). */
export const stripeSignatureHeader = (raw: Uint8Array, secret: string, unixSeconds: number): string =>
  `t=${unixSeconds},v1=${timestampedMac(secret, String(unixSeconds), raw).toString('hex')}`;

const verifyTimestamped = (raw: Uint8Array, signatureHeader: string | undefined, key: string | Buffer): { timestampMs: number; signature: string } => {
  if (!signatureHeader) throw invalid();
  const parts = signatureHeader.split(',').map((part) => part.trim().split('='));
  const timestamp = parts.find(([name]) => name === 't')?.[1];
  const candidates = parts.filter(([name]) => name === 'v1').map(([, value]) => value ?? '');
  if (!timestamp || !/^\d{1,12}$/.test(timestamp) || candidates.length === 0) throw invalid();
  const expected = timestampedMac(key, timestamp, raw);
  const matched = candidates.find((candidate) => HEX_SHA256.test(candidate) && sameBytes(Buffer.from(candidate, 'hex'), expected));
  if (!matched) throw invalid();
  return { timestampMs: Number(timestamp) * 1000, signature: matched };
};

/** The payment processor's `Stripe-Signature`, keyed with the whole `whsec_…` secret. */
export class StripeSignatureVerifier implements ProviderVerifier {
  private readonly secret: string;

  constructor(secret: string) {
    this.secret = secret;
  }

  verify(raw: Uint8Array, headers: InboundHeaders): VerifiedDelivery {
    const { timestampMs, signature } = verifyTimestamped(raw, header(headers, 'stripe-signature'), this.secret);
    const payload = json(raw);
    if (typeof payload.id !== 'string' || typeof payload.type !== 'string') throw validationFailed('id', 'required', 'The event has no id or type.');
    return { eventId: payload.id, timestampMs, type: payload.type, payload, signature };
  }
}

/** Standard Webhooks (`wh-id`, `wh-timestamp`, `wh-signature: v1,<base64>`), key = base64 after `whsec_`. */
export class StandardWebhooksVerifier implements ProviderVerifier {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = Buffer.from(secret.startsWith('whsec_') ? secret.slice(6) : secret, 'base64');
  }

  verify(raw: Uint8Array, headers: InboundHeaders): VerifiedDelivery {
    const id = header(headers, 'wh-id') ?? header(headers, 'webhook-id');
    const timestamp = header(headers, 'wh-timestamp') ?? header(headers, 'webhook-timestamp');
    const signatures = header(headers, 'wh-signature') ?? header(headers, 'webhook-signature');
    if (!id || !timestamp || !/^\d{1,12}$/.test(timestamp) || !signatures) throw invalid();
    const expected = createHmac('sha256', this.key).update(`${id}.${timestamp}.`).update(raw).digest();
    const matched = signatures
      .split(' ')
      .map((entry) => entry.split(','))
      .find(([version, value]) => version === 'v1' && value !== undefined && BASE64_SHA256.test(value) && sameBytes(Buffer.from(value, 'base64'), expected));
    if (!matched) throw invalid();
    const payload = json(raw);
    return { eventId: id, timestampMs: Number(timestamp) * 1000, type: typeof payload.type === 'string' ? payload.type : 'unknown', payload, signature: matched[1] as string };
  }
}

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
    const payload = json(raw);
    const data = payload.data as Record<string, unknown> | undefined;
    const attributes = data?.attributes as Record<string, unknown> | undefined;
    if (typeof data?.id !== 'string') throw validationFailed('data.id', 'required', 'The event has no id.');
    return { eventId: data.id, timestampMs, type: typeof attributes?.name === 'string' ? attributes.name : 'unknown', payload, signature };
  }
}

const ESIGN_SIGNATURE_HEADERS = ['x-webhook-signature', 'x-provider-a-signature', 'x-provider-b-signature-1'] as const;

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
    const given = name ? header(headers, name)?.trim() : undefined;
    const signature = given?.startsWith('sha256=') ? given.slice(7) : given;
    if (!signature || !HEX_SHA256.test(signature)) throw invalid();
    if (!sameBytes(Buffer.from(signature, 'hex'), createHmac('sha256', this.secret).update(raw).digest())) throw invalid();
    const payload = json(raw);
    const createdAt = typeof payload.createdAt === 'string' ? Date.parse(payload.createdAt) : Number.NaN;
    if (typeof payload.id !== 'string' || typeof payload.event !== 'string') throw validationFailed('id', 'required', 'The event has no id or event name.');
    if (Number.isNaN(createdAt)) throw validationFailed('createdAt', 'format', 'The event has no ISO createdAt timestamp.');
    return { eventId: payload.id, timestampMs: createdAt, type: payload.event, payload, signature };
  }
}
