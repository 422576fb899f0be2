import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import { isRole } from '../../core/shared/access/roles.ts';
import { claimsTimeProblem, type ServiceClaims } from '../../core/identity/service-claims.ts';
import { DomainError } from '../../core/shared/domain-error.ts';
import type { TokenSigner } from '../../ports/identity/credential-crypto.port.ts';

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** Verified tokens remembered at most: far more than the tokens in use at once, a few MiB at most. */
const MAX_VERIFIED_TOKENS = 10_000;

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
  /**
   * Tokens whose signature and claims were checked, by their exact text: a client sends the same
   * token with every request for its whole life, and the HMAC and two JSON reads were a third of
   * an authenticated read. Only what verified is kept; times are checked again on every use.
   * Bounded: emptied when full (it refills with the tokens in use).
   */
  private readonly verified = new Map<string, ServiceClaims>();

  constructor(secret: string) {
    if (secret.length < 32) throw new Error('JWT_SECRET must have at least 32 characters.');
    this.key = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  sign(claims: ServiceClaims): string {
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `${HEADER}.${payload}.${this.mac(`${HEADER}.${payload}`)}`;
  }

  verify(token: string, nowMs: number): ServiceClaims {
    let claims = this.verified.get(token);
    if (claims === undefined) {
      claims = this.verifySignature(token);
      if (this.verified.size >= MAX_VERIFIED_TOKENS) this.verified.clear();
      this.verified.set(token, claims);
    }
    const { iat, exp, nbf } = claims;
    const problem = claimsTimeProblem({ iat, exp, ...(nbf !== undefined ? { nbf } : {}) }, nowMs);
    if (problem) throw invalid(problem);
    return claims;
  }

  /** The claims of a token whose algorithm and signature are ours, with each claim of its type. */
  private verifySignature(token: string): ServiceClaims {
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
    return claims as unknown as ServiceClaims;
  }

  private mac(input: string): string {
    return createHmac('sha256', this.key).update(input).digest('base64url');
  }
}
