import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import { isRole } from '../../core/shared/access/roles.ts';
import { claimsTimeProblem, type ServiceClaims } from '../../core/identity/service-claims.ts';
import { DomainError } from '../../core/shared/domain-error.ts';
import type { TokenSigner } from '../../ports/identity/credential-crypto.port.ts';

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
const BASE64URL = /^[A-Za-z0-9_-]+$/;

const invalid = (message = 'The token is not valid.') => new DomainError('unauthenticated', message);

const decodeJson = (segment: string): Record<string, unknown> => {
  if (!BASE64URL.test(segment)) throw invalid();
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw invalid();
};

/**
 * Service JWTs: HS256 only. The algorithm is fixed here, never taken from the token, so
 * `alg: none` and algorithm substitution are refused before any signature is looked at.
 */
export class Hs256TokenSigner implements TokenSigner {
  /** Made once: a raw key given to every HMAC would be turned into a key object on each request. */
  private readonly key: KeyObject;

  constructor(secret: string) {
    if (secret.length < 32) throw new Error('JWT_SECRET must have at least 32 characters.');
    this.key = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  sign(claims: ServiceClaims): string {
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `${HEADER}.${payload}.${this.mac(`${HEADER}.${payload}`)}`;
  }

  verify(token: string, nowMs: number): ServiceClaims {
    const parts = token.split('.');
    if (parts.length !== 3) throw invalid();
    const [header, payload, signature] = parts as [string, string, string];
    const { alg, typ } = decodeJson(header);
    if (alg !== 'HS256' || (typ !== undefined && typ !== 'JWT')) throw invalid('The token algorithm is not accepted.');
    const expected = Buffer.from(this.mac(`${header}.${payload}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid('The token signature is not valid.');
    const claims = decodeJson(payload);
    const { sub, org, role, iat, exp, nbf, sid } = claims;
    if (typeof sub !== 'string' || typeof org !== 'string' || typeof role !== 'string' || !isRole(role)) throw invalid();
    if (typeof iat !== 'number' || typeof exp !== 'number' || (nbf !== undefined && typeof nbf !== 'number') || (sid !== undefined && typeof sid !== 'string'))
      throw invalid();
    const problem = claimsTimeProblem({ iat, exp, ...(nbf !== undefined ? { nbf } : {}) }, nowMs);
    if (problem) throw invalid(problem);
    return claims as unknown as ServiceClaims;
  }

  private mac(input: string): string {
    return createHmac('sha256', this.key).update(input).digest('base64url');
  }
}
