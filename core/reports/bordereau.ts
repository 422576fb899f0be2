import type { Commission } from '../billing/commission.ts';
import { incurred, type Claim } from '../claims/claim.ts';
import { premiumTermOf, type Policy } from '../policy/policy.ts';
import { earnedBefore, earnedThrough, writtenThrough } from '../policy/premium.ts';
import { addDays, addMonths, compareDates, type CalendarDate } from '../shared/calendar-date.ts';
import { centsToDollars, cents } from '../shared/money.ts';

interface Month {
  readonly first: CalendarDate;
  readonly last: CalendarDate;
}

export const monthOf = (month: string): Month => {
  const first = `${month}-01`;
  return { first, last: addDays(addMonths(first, 1), -1) };
};

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
] as const;

export const CLAIM_COLUMNS = ['Claim Number', 'Policy Number', 'Insured Name', 'Loss Date', 'Reported', 'Status', 'Paid', 'Reserves', 'Incurred'] as const;

/** A term that runs on any day of the month, or has a transaction effective in it. */
export const activeInMonth = (policy: Policy, month: Month): boolean =>
  (compareDates(policy.effectiveDate, month.last) <= 0 && compareDates(policy.expirationDate, month.first) > 0) ||
  premiumTermOf(policy).transactions.some(
    (transaction) => compareDates(transaction.effectiveDate, month.first) >= 0 && compareDates(transaction.effectiveDate, month.last) <= 0,
  );

/**
 * One policy's line of the month: premium written by the transactions effective in the month,
 * premium earned over its days, the commission recorded in it (agent and MGA), and the surplus
 * lines tax and stamping fee its transactions charged. Amounts in dollars.
 */
export const premiumLine = (
  policy: Policy,
  month: Month,
  commissions: readonly Pick<Commission, 'agentCommission' | 'mgaCommission'>[],
): (string | number)[] => {
  const term = premiumTermOf(policy);
  const dayBefore = addDays(month.first, -1);
  const inMonth = term.transactions.filter(
    (transaction) => compareDates(transaction.effectiveDate, month.first) >= 0 && compareDates(transaction.effectiveDate, month.last) <= 0,
  );
  const taxes = inMonth.reduce((sum, transaction) => sum + (transaction.charges?.surplusLinesTax ?? 0) + (transaction.charges?.stampingFee ?? 0), 0);
  const commission = commissions.reduce((sum, row) => sum + row.agentCommission + row.mgaCommission, 0);
  const dollars = (amount: number) => centsToDollars(cents(amount));
  return [
    policy.policyNumber,
    policy.risk.insuredName,
    policy.risk.state,
    policy.risk.lineOfBusiness,
    policy.programId,
    policy.effectiveDate,
    policy.expirationDate,
    inMonth.map((transaction) => transaction.type).join(' '),
    dollars(writtenThrough(term, month.last) - writtenThrough(term, dayBefore)),
    dollars(earnedThrough(term, month.last) - earnedBefore(term, month.first)),
    dollars(commission),
    dollars(taxes),
  ];
};

/** Reported by the month's end and not closed before it began (a closed claim's last change is its closing). */
export const claimActiveInMonth = (claim: Claim, month: Month): boolean =>
  compareDates(claim.createdAt.toISOString().slice(0, 10), month.last) <= 0 &&
  (claim.status !== 'closed' || compareDates(claim.updatedAt.toISOString().slice(0, 10), month.first) >= 0);

/** One claim's line: paid, outstanding reserves (indemnity and expense) and incurred, as they stand. */
export const claimLine = (claim: Claim, insuredName: string): (string | number)[] => [
  claim.claimNumber,
  claim.policyNumber,
  insuredName,
  claim.lossDate,
  claim.createdAt.toISOString().slice(0, 10),
  claim.status,
  centsToDollars(claim.paid),
  centsToDollars(cents(claim.reserves.indemnity + claim.reserves.expense)),
  centsToDollars(incurred(claim)),
];
