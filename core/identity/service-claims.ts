import type { Role } from '../shared/access/roles.ts';

/** Claims of every service JWT (HS256). */
export interface ServiceClaims {
  readonly sub: string;
  readonly org: string;
  readonly role: Role;
  readonly iat: number;
  readonly exp: number;
  readonly typ?: 'insured';
  readonly policyNumber?: string;
  readonly insuredName?: string;
  /** The authentication session the token was issued from; signing out of it ends the token. */
  readonly sid?: string;
  /** Not valid before (epoch seconds); tokens the service issues never carry a future one. */
  readonly nbf?: number;
}

/** The longest lifetime any service JWT may have (8 hours). */
export const MAX_TOKEN_LIFETIME_SECONDS = 8 * 60 * 60;
/** Clocks of the machines issuing and checking tokens may disagree by this much. */
const CLOCK_SKEW_SECONDS = 60;

/**
 * Why a signed token's times make it unusable now, or null: issued in the future, not valid yet,
 * expired, or living longer than any token the service issues (a leaked signing key cannot mint
 * a token for years).
 */
export const claimsTimeProblem = (claims: { iat: number; exp: number; nbf?: number }, nowMs: number): string | null => {
  const now = nowMs / 1000;
  if (claims.iat > now + CLOCK_SKEW_SECONDS) return 'The token was issued in the future.';
  if (claims.nbf !== undefined && claims.nbf > now + CLOCK_SKEW_SECONDS) return 'The token is not valid yet.';
  if (claims.exp <= now) return 'The token has expired.';
  if (claims.exp - claims.iat > MAX_TOKEN_LIFETIME_SECONDS) return 'The token lives longer than 8 hours.';
  return null;
};

/** Subjects of tokens issued for the machine secret rather than for a stored user. */
export const DEMO_SUBJECT_PREFIX = 'demo_';

export const issueClaims = (subject: { sub: string; org: string; role: Role; sid?: string }, nowMs: number, ttlSeconds: number): ServiceClaims => {
  const iat = Math.floor(nowMs / 1000);
  return { ...subject, iat, exp: iat + ttlSeconds };
};
