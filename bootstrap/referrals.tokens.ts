import type { ReferralRepository } from '../ports/referrals/referral.repository.ts';
import type { Referrals } from '../ports/referrals/referrals.use-case.ts';
import { token } from './wiring.ts';

/** Referrals, whose approvals lift delegated-authority blocks (contributed to `UNDERWRITING.ReferralApprovals`). Each key is typed by the port bound to it in `referrals.module.ts`. */
export const REFERRALS = {
  ReferralRepository: token<ReferralRepository>('ReferralRepository'),
  Referrals: token<Referrals>('Referrals'),
} as const;
