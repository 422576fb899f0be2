import type { ReferralRepository, Referrals } from '../ports/referrals/referrals.use-case.ts';
import type { ReferralApprovals } from '../ports/underwriting/referral-approvals.port.ts';
import { token } from './wiring.ts';

/** Referrals and the approvals that lift delegated-authority blocks. Each key is typed by the port bound to it in `referrals.module.ts`. */
export const REFERRALS = {
  ReferralRepository: token<ReferralRepository>('ReferralRepository'),
  ReferralApprovals: token<ReferralApprovals>('ReferralApprovals'),
  Referrals: token<Referrals>('Referrals'),
} as const;
