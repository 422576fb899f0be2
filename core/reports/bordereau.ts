import { lastDayOf } from '../billing/accounting-period.ts';
import type { Commission } from '../billing/commission.ts';
import { incurred, type Claim } from '../claims/claim.ts';
import { chargeTermsOf, premiumTermOf, type Policy } from '../policy/policy.ts';
import { taxesInMonth } from '../policy/charged-parts.ts';
import { amountsByPayee, taxTotal } from '../underwriting/charge-amounts.ts';
import { TAX_KINDS } from '../underwriting/tax-schedule.ts';
import { earnedBefore, earnedThrough } from '../policy/premium.ts';
import { bookedIn, booksIn, writtenInMonth } from '../policy/premium-booking.ts';
import { compareDates, type CalendarDate } from '../shared/calendar-date.ts';
import { centsToDollars, cents, type Cents } from '../shared/money.ts';
import { isoInstant } from '../shared/iso-instant.ts';

export interface Month {
  /** `YYYY-MM`. */
  readonly month: string;
  readonly first: CalendarDate;
  readonly last: CalendarDate;
}

export const monthOf = (month: string): Month => ({ month, first: `${month}-01`, last: lastDayOf(month) });

export const PREMIUM_COLUMNS = [
  'Policy Number',
  'Insured Name',
  'Risk State',
  'Line of Business',
  'Program',
  'Period From',
  'Period To',
  'Transaction Types',
  'Written Premium',
  'Earned Premium',
  'Commission',
  'Taxes',
  // Columns added after months were first closed come last: a closed month keeps the columns it had.
  'Home State',
  'Surplus Lines Tax',
  'Stamping Fee',
  'Fire Marshal Tax',
  'State Fund Fees',
  'Local Premium Tax',
] as const;

/** The premium bordereau's header before the home state and payee columns: months closed then keep it. */
export const PREMIUM_COLUMNS_BEFORE_PAYEES = PREMIUM_COLUMNS.slice(0, 12);

export const CLAIM_COLUMNS = ['Claim Number', 'Policy Number', 'Insured Name', 'Loss Date', 'Reported', 'Status', 'Paid', 'Reserves', 'Incurred'] as const;

/** A term in force on any day of the month, or with premium booked in it. */
export const activeInMonth = (policy: Policy, month: Month): boolean =>
  (compareDates(policy.effectiveDate, month.last) <= 0 && compareDates(policy.expirationDate, month.first) > 0) || booksIn(premiumTermOf(policy), month.month);

/** One policy's line of the month, and the earned premium it reports (in cents). */
export interface PremiumRow {
  readonly cells: (string | number)[];
  /** Earned premium reported through this month: what the next month's earned premium starts from. */
  readonly earnedToDate: Cents;
}

/**
 * One policy's line of the month: the premium written by the transactions booked in it (accounting
 * month), the premium it earned, the commission recorded in it (agent and MGA), and the surplus
 * lines taxes and fees its booked transactions charged, in all and by payee, with the home state
 * they are owed to; amounts in dollars. Earned is what
 * the term has earned through the month's last day less what earlier months reported:
 * `reportedBefore` when the month before is closed (its rows as stored), else what the term had
 * earned before the month began.
 */
export const premiumRow = (
  policy: Policy,
  month: Month,
  commissions: readonly Pick<Commission, 'agentCommission' | 'mgaCommission'>[],
  reportedBefore: Cents | null = null,
): PremiumRow => {
  const term = premiumTermOf(policy);
  const booked = bookedIn(term, month.month);
  const taxes = taxesInMonth(term.transactions, month.month);
  const byPayee = amountsByPayee(taxes);
  const commission = commissions.reduce((sum, row) => sum + row.agentCommission + row.mgaCommission, 0);
  const earnedToDate = earnedThrough(term, month.last);
  const earned = earnedToDate - (reportedBefore ?? earnedBefore(term, month.first));
  const dollars = (amount: number) => centsToDollars(cents(amount));
  const cells = [
    policy.policyNumber,
    policy.risk.insuredName,
    policy.risk.state,
    policy.risk.lineOfBusiness,
    policy.programId,
    policy.effectiveDate,
    policy.expirationDate,
    booked.map((transaction) => transaction.type).join(' '),
    dollars(writtenInMonth(term, month.month)),
    dollars(earned),
    dollars(commission),
    dollars(taxTotal(taxes)),
    chargeTermsOf(policy).taxState ?? policy.risk.homeState ?? policy.risk.state,
    ...TAX_KINDS.map((kind) => dollars(byPayee[kind])),
  ];
  return { cells, earnedToDate };
};

/** Reported by the month's end and not closed before it began (a closed claim's last change is its closing). */
export const claimActiveInMonth = (claim: Claim, month: Month): boolean =>
  compareDates(isoInstant(claim.createdAt).slice(0, 10), month.last) <= 0 &&
  (claim.status !== 'closed' || compareDates(isoInstant(claim.updatedAt).slice(0, 10), month.first) >= 0);

/** One claim's line: paid, outstanding reserves (indemnity and expense) and incurred, as they stand. */
export const claimLine = (claim: Claim, insuredName: string): (string | number)[] => [
  claim.claimNumber,
  claim.policyNumber,
  insuredName,
  claim.lossDate,
  isoInstant(claim.createdAt).slice(0, 10),
  claim.status,
  centsToDollars(claim.paid),
  centsToDollars(cents(claim.reserves.indemnity + claim.reserves.expense)),
  centsToDollars(incurred(claim)),
];
