import { lifecycle } from '../shared/lifecycle.ts';
import type { DaFlag, DaFlagCode } from '../underwriting/delegated-authority.ts';

export const REFERRAL_ENTITY_TYPES = ['submission', 'quote', 'policy', 'claim'] as const;
export type ReferralEntityType = (typeof REFERRAL_ENTITY_TYPES)[number];

export const REFERRAL_STATUSES = ['pending', 'info_requested', 'approved', 'rejected'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

export const REFERRAL_DECISIONS = ['approve', 'reject', 'request_info'] as const;
export type ReferralDecision = (typeof REFERRAL_DECISIONS)[number];

/** Open referrals are decided (or sent back for information); decided ones stay decided. */
export const REFERRAL_LIFECYCLE = lifecycle({
  subject: 'referral',
  statuses: REFERRAL_STATUSES,
  moves: {
    approve: { from: ['pending', 'info_requested'], to: 'approved' },
    reject: { from: ['pending', 'info_requested'], to: 'rejected' },
    request_info: { from: ['pending', 'info_requested'], to: 'info_requested' },
  },
});

export interface ReferralDecisionEntry {
  readonly decision: ReferralDecision;
  readonly notes: string | null;
  readonly decidedBy: string;
  readonly decidedById: string | null;
  readonly decidedAt: Date;
}

export interface Referral {
  readonly id: string;
  readonly orgId: string;
  readonly entityType: ReferralEntityType;
  readonly entityId: string;
  readonly reason: string;
  readonly dealRoomId: string | null;
  readonly assigneeId: string | null;
  readonly status: ReferralStatus;
  /** Every decision made, oldest first (requests for information, then the final one). */
  readonly decisions: readonly ReferralDecisionEntry[];
  /** What an approval overrode: the quote's flags, and `triage_decline` for a declined submission. */
  readonly approvedOverrides: readonly string[];
  readonly createdBy: string;
  readonly createdById: string | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/**
 * Underwriting authority, as the authorization model names it on the organization: standard
 * (underwriters and administrators) and senior (administrators, or users granted it).
 */
type AuthorityLevel = 'authority_standard' | 'authority_senior';

/** What it takes to approve past each block: how far a risk may stretch the program. */
const AUTHORITY_FOR: Readonly<Record<DaFlagCode | 'triage_decline', AuthorityLevel | null>> = {
  limit_exceeded: 'authority_standard',
  premium_exceeded: 'authority_standard',
  triage_decline: 'authority_standard',
  naics_excluded: 'authority_senior',
  state_not_allowed: 'authority_senior',
  line_not_allowed: 'authority_senior',
  aggregate_exceeded: 'authority_senior',
  // A suspended program writes nothing, whoever approves.
  program_suspended: null,
};

/**
 * The authority an approval needs for the blocks it overrides: senior when any block asks for it,
 * else standard (every decision asks at least that); null when one of them no one may override.
 */
export const authorityFor = (overrides: readonly (DaFlagCode | 'triage_decline')[]): AuthorityLevel | null => {
  const levels = overrides.map((code) => AUTHORITY_FOR[code]);
  if (levels.includes(null)) return null;
  return levels.includes('authority_senior') ? 'authority_senior' : 'authority_standard';
};

export const flagCodes = (flags: readonly DaFlag[]): DaFlagCode[] => flags.map((flag) => flag.code);
