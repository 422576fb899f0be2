import { randomUUID, verify, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

/** The loopback certificate the HTTPS doubles serve, and the CA that signed it (trusted by the tests that use them). */
export const LOOPBACK_TLS = {
  cert: readFileSync(join(import.meta.dirname, 'tls/loopback.pem')),
  key: readFileSync(join(import.meta.dirname, 'tls/loopback.key')),
  ca: readFileSync(join(import.meta.dirname, 'tls/ca.pem'), 'utf8'),
};

interface DoubleEnvelope {
  envelopeId: string;
  status: 'sent' | 'delivered' | 'completed' | 'declined' | 'voided';
  emailSubject: string;
  documentBytes: Buffer;
  signers: { email: string; name: string; recipientId: string }[];
  customFields: unknown;
  voidedReason?: string;
}

const base64url = (value: string) => Buffer.from(value, 'base64url').toString('utf8');

/**
 * A loopback stand-in for DocuSign's account server and eSignature REST API v2.1, over HTTPS as the
 * SDK requires: the JWT grant (an RS256 assertion checked against the integration's public key,
 * its issuer, subject, audience and scopes), envelopes created from base64 documents, read, voided
 * (only while sent or delivered) and their combined document once completed. Errors are DocuSign's
 * own: `AUTHORIZATION_INVALID_TOKEN` for an expired token, 429 with `X-RateLimit-Reset` when told
 * to rate-limit, `ENVELOPE_CANNOT_VOID_INVALID_STATE`.
 */
export const startDocuSignDouble = async (registered: { integrationKey: string; userId: string; accountId: string; publicKey: KeyObject }) => {
  const envelopes = new Map<string, DoubleEnvelope>();
  const tokens = new Set<string>();
  const requests: { method: string; path: string }[] = [];
  const control = { rateLimitNext: 0, tokensIssued: 0 };
  let audience = '';

  const grant = (form: URLSearchParams): { status: number; body: unknown; pdf?: Buffer } => {
    const refused = (description: string) => ({ status: 400, body: { error: 'invalid_grant', error_description: description } });
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') return { status: 400, body: { error: 'unsupported_grant_type' } };
    const [header, payload, signature] = (form.get('assertion') ?? '').split('.');
    if (!header || !payload || !signature) return refused('no_valid_keys_or_signatures');
    if (JSON.parse(base64url(header)).alg !== 'RS256') return refused('no_valid_keys_or_signatures');
    if (!verify('RSA-SHA256', Buffer.from(`${header}.${payload}`), registered.publicKey, Buffer.from(signature, 'base64url'))) {
      return refused('no_valid_keys_or_signatures');
    }
    const claims = JSON.parse(base64url(payload)) as Record<string, unknown>;
    if (claims.iss !== registered.integrationKey) return refused('issuer_not_found');
    if (claims.sub !== registered.userId) return refused('user_not_found');
    if (claims.aud !== audience) return refused('invalid_audience');
    if (typeof claims.exp !== 'number' || claims.exp * 1000 < Date.now()) return refused('expired');
    if (!String(claims.scope).split(' ').includes('impersonation')) return { status: 400, body: { error: 'consent_required' } };
    const token = `eyJ0eXAi.${randomUUID()}`;
    tokens.add(token);
    control.tokensIssued += 1;
    return { status: 200, body: { access_token: token, token_type: 'Bearer', expires_in: 28800 } };
  };

  const rest = (
    method: string,
    path: string,
    authorization: string | undefined,
    body: Record<string, unknown>,
  ): { status: number; body: unknown; pdf?: Buffer } => {
    const error = (status: number, errorCode: string, message: string) => ({ status, body: { errorCode, message } });
    if (!authorization?.startsWith('Bearer ') || !tokens.has(authorization.slice(7))) {
      return error(
        401,
        'AUTHORIZATION_INVALID_TOKEN',
        'The access token provided is expired, revoked or malformed. Authentication for System Application failed.',
      );
    }
    if (control.rateLimitNext > 0) {
      control.rateLimitNext -= 1;
      return error(429, 'HOURLY_APIINVOCATION_LIMIT_EXCEEDED', 'The maximum number of hourly API invocations has been exceeded. The hourly limit is 1000.');
    }
    const match = /^\/restapi\/v2\.1\/accounts\/([^/]+)\/envelopes(?:\/([^/]+))?(\/documents\/combined)?$/.exec(path);
    if (!match || match[1] !== registered.accountId) return error(404, 'RESOURCE_NOT_FOUND', 'The URL provided does not resolve to a resource.');
    if (method === 'POST' && !match[2]) {
      const documents = body.documents as { documentBase64?: string; name?: string; documentId?: string }[] | undefined;
      const signers = (body.recipients as { signers?: DoubleEnvelope['signers'] } | undefined)?.signers ?? [];
      if (!documents?.[0]?.documentBase64)
        return error(
          400,
          'ENVELOPE_IS_INCOMPLETE',
          'The Envelope is not Complete. A Complete Envelope Requires Documents, Recipients, Tabs, and a Subject Line.',
        );
      if (signers.length === 0 || signers.some((signer) => !signer.email || !signer.name))
        return error(400, 'INVALID_RECIPIENT_ID', 'A recipient is missing an email or a name.');
      const envelopeId = randomUUID();
      envelopes.set(envelopeId, {
        envelopeId,
        status: 'sent',
        emailSubject: String(body.emailSubject),
        documentBytes: Buffer.from(documents[0].documentBase64, 'base64'),
        signers,
        customFields: body.customFields,
      });
      return { status: 201, body: { envelopeId, uri: `/envelopes/${envelopeId}`, statusDateTime: new Date().toISOString(), status: 'sent' } };
    }
    const envelope = match[2] ? envelopes.get(match[2]) : undefined;
    if (!envelope) return error(404, 'ENVELOPE_DOES_NOT_EXIST', 'The envelope specified either does not exist or you have no rights to it.');
    if (method === 'GET' && match[3])
      return {
        status: 200,
        body: null,
        pdf: Buffer.concat([envelope.documentBytes, Buffer.from(`\n% signed by ${envelope.signers.map((s) => s.email).join(', ')}\n`)]),
      };
    if (method === 'GET')
      return {
        status: 200,
        body: { envelopeId: envelope.envelopeId, status: envelope.status, emailSubject: envelope.emailSubject, voidedReason: envelope.voidedReason },
      };
    if (method === 'PUT') {
      if (body.status !== 'voided') return error(400, 'INVALID_REQUEST_PARAMETER', 'Only voiding is supported here.');
      if (envelope.status !== 'sent' && envelope.status !== 'delivered') {
        return error(400, 'ENVELOPE_CANNOT_VOID_INVALID_STATE', "Only envelopes in the 'Sent' or 'Delivered' states may be voided.");
      }
      envelope.status = 'voided';
      envelope.voidedReason = String(body.voidedReason);
      return { status: 200, body: { envelopeId: envelope.envelopeId } };
    }
    return error(405, 'INVALID_REQUEST_PARAMETER', 'The method is not allowed.');
  };

  // Answers are written in two calls: restify, loaded in the same process, replaces writeHead with one that returns nothing.
  const server = createServer({ cert: LOOPBACK_TLS.cert, key: LOOPBACK_TLS.key }, (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = (request.url ?? '').split('?')[0] as string;
      const text = Buffer.concat(chunks).toString('utf8');
      requests.push({ method: request.method ?? '', path });
      const answer =
        request.method === 'POST' && path === '/oauth/token'
          ? grant(new URLSearchParams(text))
          : rest(request.method ?? '', path, request.headers.authorization, text ? (JSON.parse(text) as Record<string, unknown>) : {});
      if (answer.status === 429) response.setHeader('X-RateLimit-Reset', String(Math.floor(Date.now() / 1000) + 120));
      if (answer.pdf) {
        {
          response.writeHead(200, { 'content-type': 'application/pdf' });
          response.end(answer.pdf);
        }
        return;
      }
      {
        response.writeHead(answer.status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(answer.body));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  audience = host;
  return {
    /** For DOCUSIGN_OAUTH_HOST (the SDK puts https:// before it) and DOCUSIGN_BASE_PATH. */
    oAuthHost: host,
    basePath: `https://${host}/restapi`,
    envelopes,
    requests,
    control,
    /** Every signer signed (what DocuSign then reports through Connect). */
    complete: (envelopeId: string) => {
      (envelopes.get(envelopeId) as DoubleEnvelope).status = 'completed';
    },
    /** Every token issued so far stops working, as an expired one does. */
    expireTokens: () => tokens.clear(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
