import type { CalendarDate } from '../../core/shared/calendar-date.ts';
import type { LineOfBusiness } from '../../core/shared/reference-data.ts';
import type { Cents } from '../../core/shared/money.ts';

/** One line of business's premium by a date, as kept beside the policies. */
export interface KeptLinePremium {
  readonly lineOfBusiness: LineOfBusiness;
  /** Terms effective by the date. */
  readonly policyCount: number;
  readonly written: Cents;
  readonly earned: Cents;
}

/**
 * The organization's premium by line as kept with each policy change (the portfolio's days): what
 * the premium report reads instead of every policy, so it answers at once whatever the book.
 */
export interface KeptPremium {
  premiumByLine(orgId: string, asOf: CalendarDate): Promise<KeptLinePremium[]>;
}

/** The one kept premium a context contributes (`wire.contribute`): the premium report reads it and no other. */
export const theKeptPremium = (contributed: readonly KeptPremium[]): KeptPremium => {
  const [kept, ...more] = contributed;
  if (!kept || more.length > 0) throw new Error(`The premium report reads one kept premium; ${contributed.length} were contributed.`);
  return kept;
};
