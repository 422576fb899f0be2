import type { InsuredProfileRepository, PushTokenRepository } from '../ports/portal/insured-profile.repository.ts';
import type { PolicyholderPortal } from '../ports/portal/policyholder-portal.use-case.ts';
import type { PolicyholderCodeRepository } from '../ports/portal/policyholder-code.repository.ts';
import type { PolicyholderSignIn } from '../ports/portal/policyholder-sign-in.use-case.ts';
import { token } from './wiring.ts';

/** The policyholder portal: sign-in by code, the insured's profile, push tokens and views. Each key is typed by the port bound to it in `portal.module.ts`. */
export const PORTAL = {
  InsuredProfileRepository: token<InsuredProfileRepository>('InsuredProfileRepository'),
  PushTokenRepository: token<PushTokenRepository>('PushTokenRepository'),
  PolicyholderPortal: token<PolicyholderPortal>('PolicyholderPortal'),
  PolicyholderCodeRepository: token<PolicyholderCodeRepository>('PolicyholderCodeRepository'),
  PolicyholderSignIn: token<PolicyholderSignIn>('PolicyholderSignIn'),
} as const;
