import type { InsuredProfileRepository, PushTokenRepository } from '../ports/portal/insured-profile.repository.ts';
import type { PolicyholderPortal } from '../ports/portal/policyholder-portal.use-case.ts';
import { token } from './wiring.ts';

/** The policyholder portal: the insured's profile, push tokens and views. Each key is typed by the port bound to it in `portal.module.ts`. */
export const PORTAL = {
  InsuredProfileRepository: token<InsuredProfileRepository>('InsuredProfileRepository'),
  PushTokenRepository: token<PushTokenRepository>('PushTokenRepository'),
  PolicyholderPortal: token<PolicyholderPortal>('PolicyholderPortal'),
} as const;
