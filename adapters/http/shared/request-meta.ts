import { randomUUID } from 'node:crypto';
import ipaddr from 'ipaddr.js';
import type { IncomingMessage } from 'node:http';
import type { PresentedCredential } from '../../../ports/identity/authenticate.use-case.ts';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** Keeps a caller's well-formed X-Request-Id so that traces join up; otherwise makes one. */
export const requestIdOf = (request: IncomingMessage): string => {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
};

/** The media type of the body, lower case, without parameters (`multipart/form-data`). */
export const mediaTypeOf = (request: IncomingMessage): string => (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

export const bearerOf = (request: IncomingMessage): string | undefined => {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? '';
};

export const credentialOf = (request: IncomingMessage): PresentedCredential => {
  const apiKey = request.headers['x-api-key'];
  const bearer = bearerOf(request);
  // One object of one shape, whichever was sent: built on every request.
  return { apiKey: typeof apiKey === 'string' ? apiKey : undefined, bearer };
};

export const cookiesOf = (request: IncomingMessage): Record<string, string> => {
  const cookies: Record<string, string> = {};
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index <= 0) continue;
    const name = part.slice(0, index).trim();
    try {
      cookies[name] = decodeURIComponent(part.slice(index + 1).trim());
    } catch {
      cookies[name] = part.slice(index + 1).trim();
    }
  }
  return cookies;
};

/**
 * The client's address. Behind `trustedHops` proxies, each appends the address it received the
 * request from to `X-Forwarded-For`, so the client is the entry the outermost trusted proxy
 * appended: `trustedHops` from the right. Entries left of it are whatever the client chose to
 * send and are never used.
 */
export const clientAddressOf = (request: IncomingMessage, trustedHops: number): string => {
  const peer = request.socket.remoteAddress ?? 'unknown';
  if (trustedHops === 0) return peer;
  const header = request.headers['x-forwarded-for'];
  const entries = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return peer;
  const chosen = entries[Math.max(0, entries.length - trustedHops)] ?? peer;
  return ipaddr.isValid(chosen) ? ipaddr.process(chosen).toString() : peer;
};

const SENSITIVE_QUERY = /([?&](?:token|secret|key|otp|code|password|signature)=)[^&]*/gi;

/** The URL for logs, with credential-like query values removed. */
export const loggableUrl = (url: string | undefined): string => (url?.includes('?') ? url.replace(SENSITIVE_QUERY, '$1[Redacted]') : (url ?? ''));

/** Headers that carry the platform's own credentials; provider signature headers come from the routes that declare them. */
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'x-api-key'] as const;

/** Every header never written to a log: credentials, and each route's headers declared `secret`. */
export const secretHeaderNames = (routes: readonly { readonly requestHeaders?: readonly { name: string; secret?: boolean }[] }[]): ReadonlySet<string> =>
  new Set([
    ...CREDENTIAL_HEADERS,
    ...routes.flatMap((route) => (route.requestHeaders ?? []).filter((header) => header.secret).map((header) => header.name.toLowerCase())),
  ]);

export const loggableHeaders = (headers: IncomingMessage['headers'], secret: ReadonlySet<string>): Record<string, unknown> => {
  const safe: Record<string, unknown> = {};
  for (const name in headers) safe[name] = secret.has(name) ? '[Redacted]' : headers[name];
  return safe;
};
