import { createHmac, timingSafeEqual } from 'node:crypto';
import { DomainError, validationFailed } from '../../../core/shared/domain-error.ts';
import type { InboundHeaders } from '../../../ports/inbound/inbound.ports.ts';

export const invalidSignature = (message = 'The webhook signature is missing or does not match.') => new DomainError('invalid_signature', message);

export const header = (headers: InboundHeaders, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

export const sameBytes = (a: Buffer, b: Buffer): boolean => a.length === b.length && timingSafeEqual(a, b);

/** The body as a JSON object; anything else is a 400. */
export const jsonObject = (raw: Uint8Array): Record<string, unknown> => {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(raw).toString('utf8'));
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw validationFailed('body', 'json', 'The webhook body is not a JSON object.');
};

/** An HMAC-SHA256 as providers send it: lowercase hex, exactly 64 characters; anything else never matches. */
export const HEX_SHA256 = /^[0-9a-f]{64}$/;
/** The Standard Webhooks form: base64 of the 32 bytes, exactly 44 characters. */
export const BASE64_SHA256 = /^[A-Za-z0-9+/]{43}=$/;
/** A Unix timestamp in seconds, bounded so it is never an attacker-sized number. */
export const UNIX_SECONDS = /^\d{1,12}$/;

/** HMAC-SHA256 of `"<timestamp>.<raw body>"`: what a `t=…,v1=…` signature covers. */
export const timestampedMac = (key: string | Buffer, timestamp: string, raw: Uint8Array): Buffer =>
  createHmac('sha256', key).update(`${timestamp}.`).update(raw).digest();

/**
 * `t=<seconds>,v1=<hex>[,v1=<hex>…]`: HMAC-SHA256 of `t.rawBody`; any listed v1 may match (key
 * rotation). Returns the timestamp and the v1 value that matched.
 */
export const verifyTimestamped = (raw: Uint8Array, signatureHeader: string | undefined, key: string | Buffer): { timestampMs: number; signature: string } => {
  if (!signatureHeader) throw invalidSignature();
  const parts = signatureHeader.split(',').map((part) => part.trim().split('='));
  const timestamp = parts.find(([name]) => name === 't')?.[1];
  const candidates = parts.filter(([name]) => name === 'v1').map(([, value]) => value ?? '');
  if (!timestamp || !UNIX_SECONDS.test(timestamp) || candidates.length === 0) throw invalidSignature();
  const expected = timestampedMac(key, timestamp, raw);
  const matched = candidates.find((candidate) => HEX_SHA256.test(candidate) && sameBytes(Buffer.from(candidate, 'hex'), expected));
  if (!matched) throw invalidSignature();
  return { timestampMs: Number(timestamp) * 1000, signature: matched };
};
