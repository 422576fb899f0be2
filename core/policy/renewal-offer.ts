import { addDays, type CalendarDate } from '../shared/calendar-date.ts';
import type { Cents } from '../shared/money.ts';
import type { DaFlag, DaFlagCode } from '../underwriting/delegated-authority.ts';

/** What a renewal offer says: offered (renew accepts it), referred (outside authority: a referral decides), or declined (outside the program). */
export type RenewalDecision = 'offered' | 'referred' | 'declined';

/**
 * The next term prepared `renewalOfferDays` before a term expires: a quote on the rates in force
 * on the renewal date, checked against the program's delegated authority. `renew` accepts it.
 */
export interface RenewalOffer {
  readonly quoteId: string;
  readonly offeredOn: CalendarDate;
  /** The renewal term's effective date: the expiring term's expiration date. */
  readonly effectiveDate: CalendarDate;
  readonly grossPremium: Cents;
  readonly decision: RenewalDecision;
  readonly daFlags: readonly DaFlag[];
}

/** Flags no referral can lift for a renewal: the program no longer writes the risk at all. */
const DECLINING: readonly DaFlagCode[] = ['program_suspended', 'state_not_allowed', 'line_not_allowed', 'naics_excluded'];

export const renewalDecision = (flags: readonly DaFlag[]): RenewalDecision =>
  flags.length === 0 ? 'offered' : flags.some((flag) => DECLINING.includes(flag.code)) ? 'declined' : 'referred';

/** The day a term's renewal is offered. */
export const renewalOfferDate = (expirationDate: CalendarDate, renewalOfferDays: number): CalendarDate => addDays(expirationDate, -renewalOfferDays);
