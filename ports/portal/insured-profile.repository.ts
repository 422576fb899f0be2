import type { InsuredProfile, PushToken } from '../../core/portal/insured-profile.ts';

export interface InsuredProfileRepository {
  find(orgId: string, insuredId: string): Promise<InsuredProfile | null>;
  save(profile: InsuredProfile): Promise<void>;
}

export interface PushTokenRepository {
  /**
   * Stores the device token for the insured: a token already known (to this insured or, after a
   * device changed hands, another) is moved and refreshed rather than stored twice. Only the
   * `keep` most recent tokens of the insured remain. A device's record id follows from its token.
   */
  register(device: Pick<PushToken, 'orgId' | 'insuredId' | 'token' | 'platform'>, at: Date, keep: number): Promise<PushToken>;
  forInsured(orgId: string, insuredId: string): Promise<PushToken[]>;
}
