import { createHmac, timingSafeEqual } from 'node:crypto';
import { DomainError, validationFailed } from '../../../core/shared/domain-error.ts';
import type { InboundHeaders } from '../../../ports/inbound/inbound.ports.ts';

export const invalidSignature = (message = 'The webhook signature is missing or does not match.') => new DomainError('invalid_signature', message);

export const header = (headers: InboundHeaders, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * No provider sends a signature header longer than this (a Standard Webhooks header with several
 * rotating keys is a few hundred bytes). A longer one is refused before anything reads it, so the
 * cost of a forged header never grows with its size.
 */
export const MAX_SIGNATURE_HEADER_BYTES = 4096;

/** A header that carries a signature or what it covers; over 4 KiB it is an invalid signature, unread. */
export const signatureHeader = (headers: InboundHeaders, name: string): string | undefined => {
  const value = header(headers, name);
  if (value !== undefined && value.length > MAX_SIGNATURE_HEADER_BYTES) {
    throw invalidSignature(`The ${name} header is longer than ${MAX_SIGNATURE_HEADER_BYTES} bytes.`);
  }
  return value;
};

const isSpace = (code: number): boolean => code === 0x20 || code === 0x09;

/**
 * The header's space-separated tokens, in one pass (no pattern): runs of spaces and tabs separate
 * them, empty tokens are dropped. Used for lists such as Standard Webhooks' `v1,<sig> v1,<sig>`.
 */
export const spaceSeparated = (value: string): string[] => {
  const tokens: string[] = [];
  let start = -1;
  for (let at = 0; at <= value.length; at += 1) {
    const space = at === value.length || isSpace(value.charCodeAt(at));
    if (space && start !== -1) {
      tokens.push(value.slice(start, at));
      start = -1;
    } else if (!space && start === -1) start = at;
  }
  return tokens;
};

/**
 * `t=…,v1=…` pairs as Persona sends them while a secret rotates: two pairs separated by a space.
 * A new pair starts at a token that begins with `t=`; any other token (after a space that follows
 * a comma) continues the pair before it.
 */
export const timestampedPairs = (value: string): string[] => {
  const pairs: string[] = [];
  for (const token of spaceSeparated(value)) {
    if (token.startsWith('t=') || pairs.length === 0) pairs.push(token);
    else pairs[pairs.length - 1] += token;
  }
  return pairs;
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
 * rotation). Returns the timestamp and the v1 value that matched. Given a header read through
 * `signatureHeader`, so never longer than 4 KiB.
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
