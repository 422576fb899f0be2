/**
 * What a policyholder keeps up to date through the portal: a phone number and a postal address,
 * and the devices that receive their notifications. Kept per insured: the first term of their
 * policy, so renewals share it.
 */
import type { PostalAddress } from '../documents/certificate.ts';
import { validationFailed } from '../shared/domain-error.ts';

export interface InsuredProfile {
  /** The id of the policy's first term. */
  readonly id: string;
  readonly orgId: string;
  readonly phone: string | null;
  readonly address: PostalAddress | null;
  readonly updatedAt: Date;
}

export const PUSH_PLATFORMS = ['ios', 'android', 'web'] as const;
export type PushPlatform = (typeof PUSH_PLATFORMS)[number];

/** Devices kept per insured; registering one more forgets the least recently registered. */
export const MAX_PUSH_TOKENS = 10;

export interface PushToken {
  readonly id: string;
  readonly orgId: string;
  /** The insured (first term's policy id) it notifies. */
  readonly insuredId: string;
  readonly token: string;
  readonly platform: PushPlatform;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** E.164: a plus, a country code that does not start with 0, at most 15 digits in all. */
export const assertE164 = (phone: string): string => {
  if (!/^\+[1-9][0-9]{1,14}$/.test(phone)) throw validationFailed('phone', 'e164', "'phone' must be an E.164 number such as +14155550123.");
  return phone;
};
