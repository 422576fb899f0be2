import type { Role } from './roles.ts';

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
}

/** Subjects of tokens issued for the machine secret rather than for a stored user. */
export const DEMO_SUBJECT_PREFIX = 'demo_';

export const issueClaims = (
  subject: { sub: string; org: string; role: Role },
  nowMs: number,
  ttlSeconds: number,
): ServiceClaims => {
  const iat = Math.floor(nowMs / 1000);
  return { ...subject, iat, exp: iat + ttlSeconds };
};
