import { addDays, type CalendarDate } from '../shared/calendar-date.ts';
import { lifecycle } from '../shared/lifecycle.ts';
import type { Cents } from '../shared/money.ts';
import type { ChargeTerms } from './charge-terms.ts';
import type { StoredChargeTerms } from './stored-charges.ts';
import type { DaFlag } from './delegated-authority.ts';
import type { RatingWorksheet } from './rating.ts';
import type { CompleteRisk } from './submission.ts';

const QUOTE_VALIDITY_DAYS = 30;

const QUOTE_STATUSES = ['active', 'bound', 'superseded'] as const;
type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/**
 * A bind takes the active quote (`bound`) and gives it back if the bind fails before the policy
 * is stored; a newer quote, or a bind of another one, supersedes it.
 */
export const QUOTE_LIFECYCLE = lifecycle({
  subject: 'quote',
  statuses: QUOTE_STATUSES,
  moves: {
    bind: { from: ['active'], to: 'bound' },
    supersede: { from: ['active'], to: 'superseded' },
  },
});

export interface Quote {
  readonly id: string;
  readonly orgId: string;
  readonly submissionId: string;
  readonly risk: CompleteRisk;
  readonly grossPremium: Cents;
  readonly breakdown: RatingWorksheet;
  readonly daFlags: readonly DaFlag[];
  readonly bindable: boolean;
  readonly status: QuoteStatus;
  readonly programId: string;
  /** The program's version the quote was written under; null for platform programs (and quotes older than versions). */
  readonly programVersion: number | null;
  /** The rate manual version the quote is priced on; the policy keeps it for its term. */
  readonly rateTableVersion: string;
  /** The policy fee and tax rates quoted; the bind charges them. */
  /** Read through `chargeTermsFromStore` (older terms are stored in another shape). */
  readonly chargeTerms: StoredChargeTerms;
  readonly validUntil: CalendarDate;
  readonly policyId: string | null;
  /** Who asked for the quote (an actor description); such a person cannot approve its referral. Absent on older quotes. */
  readonly quotedBy?: string | null;
  readonly createdAt: Date;
}

const quoteValidUntil = (quotedOn: CalendarDate): CalendarDate => addDays(quotedOn, QUOTE_VALIDITY_DAYS);

/** A quote is rated from a complete risk; delegated-authority flags never block the quote, only its bind. */
export const newQuote = (
  input: {
    id: string;
    orgId: string;
    submissionId: string;
    risk: CompleteRisk;
    grossPremium: Cents;
    breakdown: RatingWorksheet;
    daFlags: readonly DaFlag[];
    programId: string;
    programVersion: number | null;
    rateTableVersion: string;
    chargeTerms: ChargeTerms;
    quotedBy: string | null;
  },
  at: Date,
  quotedOn: CalendarDate,
): Quote => ({
  ...input,
  bindable: input.daFlags.length === 0,
  status: 'active',
  validUntil: quoteValidUntil(quotedOn),
  policyId: null,
  createdAt: at,
});
