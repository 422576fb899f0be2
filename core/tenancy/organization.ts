import type { Cents } from '../shared/money.ts';

export const TIERS = ['standard', 'enterprise'] as const;
export type Tier = (typeof TIERS)[number];

export const ENVIRONMENTS = ['local', 'sandbox', 'production'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

export interface Organization {
  readonly id: string;
  readonly name: string;
  readonly tier: Tier;
  readonly allowedDomains: readonly string[];
  /** A contract-specific per-minute limit replacing the tier's and the environment's. */
  readonly rateLimitPerMinute: number | null;
  /** What a claims supervisor may approve alone; null: the platform's default ($250,000). */
  readonly claimsSupervisorAuthority: Cents | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export const normalizeDomain = (domain: string): string => domain.trim().toLowerCase().replace(/\.$/, '');

const emailDomain = (email: string): string => normalizeDomain(email.slice(email.lastIndexOf('@') + 1));

export const domainAllowed = (organization: Pick<Organization, 'allowedDomains'>, email: string): boolean =>
  organization.allowedDomains.map(normalizeDomain).includes(emailDomain(email));
