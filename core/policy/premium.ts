import type { ShortRateTable } from '../underwriting/commission-and-short-rate.ts';
import { compareDates, daysBetween, type CalendarDate } from '../shared/calendar-date.ts';
import { DomainError } from '../shared/domain-error.ts';
import { cents, type Cents } from '../shared/money.ts';
import { earnedBefore, earnedThrough } from './premium-earning.ts';
import { roundCents, termDays, type PremiumTerm, type PremiumTransaction, type RemovedChange } from './premium-term.ts';

// A term's premium as its transactions (premium-term.ts) and what they earn (premium-earning.ts);
// here, what each move writes and what the term stands at on a date.
export { earnedBefore, earnedThrough, earningByDay } from './premium-earning.ts';
export { termDays, type PremiumTerm, type PremiumTransaction, type RemovedChange } from './premium-term.ts';

export const CANCELLATION_METHODS = ['pro_rata', 'short_rate', 'flat'] as const;
export type CancellationMethod = (typeof CANCELLATION_METHODS)[number];

/** Net written premium of the term: every transaction's change. */
export const netWritten = (term: PremiumTerm): Cents => cents(term.transactions.reduce((sum, transaction) => sum + transaction.writtenChange, 0));

/** Where a transaction's written change falls in time: on its date, except what it takes back of later changes, on theirs. */
export const writtenParts = (transaction: PremiumTransaction): readonly RemovedChange[] => {
  const removed = transaction.removes ?? [];
  const own = transaction.writtenChange - removed.reduce((sum, part) => sum + part.writtenChange, 0);
  return [{ effectiveDate: transaction.effectiveDate, writtenChange: cents(own) }, ...removed];
};

/** Written premium effective on or before `asOf`. */
export const writtenThrough = (term: PremiumTerm, asOf: CalendarDate): Cents =>
  cents(
    term.transactions
      .flatMap(writtenParts)
      .filter((part) => compareDates(part.effectiveDate, asOf) <= 0)
      .reduce((sum, part) => sum + part.writtenChange, 0),
  );

/** The annual premium in force: every transaction records it (zero while cancelled; a reinstatement restores it). */
export const annualPremiumInForce = (term: PremiumTerm): Cents => term.transactions.at(-1)?.annualPremium ?? cents(0);

/**
 * The transactions the term stands on: a reinstatement and the cancellation it reverses are left
 * out together, as if neither happened (the reinstatement records the annual premium in force at
 * the end of the term, not on its own date).
 */
const standing = (term: PremiumTerm): PremiumTransaction[] => {
  const kept: PremiumTransaction[] = [];
  for (const transaction of term.transactions) {
    const reversed = transaction.type === 'reinstatement' ? kept.findLastIndex((earlier) => earlier.type === 'cancellation') : -1;
    if (reversed >= 0) kept.splice(reversed, 1);
    else kept.push(transaction);
  }
  return kept;
};

/** The annual premium in force on `date`: that of the last standing transaction taking effect by then. */
const annualPremiumOn = (term: PremiumTerm, date: CalendarDate): Cents =>
  standing(term)
    .filter((transaction) => compareDates(transaction.effectiveDate, date) <= 0)
    .at(-1)?.annualPremium ?? cents(0);

/** The written premium a cancellation from `date` takes back because it had not taken effect by then, per date. */
const changesAfter = (term: PremiumTerm, date: CalendarDate): RemovedChange[] => {
  const byDate = new Map<CalendarDate, number>();
  for (const part of term.transactions.flatMap(writtenParts))
    if (compareDates(part.effectiveDate, date) > 0) byDate.set(part.effectiveDate, (byDate.get(part.effectiveDate) ?? 0) + part.writtenChange);
  return [...byDate]
    .filter(([, written]) => written !== 0)
    .sort(([a], [b]) => compareDates(a, b))
    .map(([effectiveDate, written]) => ({ effectiveDate, writtenChange: cents(-written) }));
};

/** The first transaction of a term: the whole annual premium, written from the effective date. */
export const issuance = (type: 'bind' | 'renewal', effectiveDate: CalendarDate, annualPremium: Cents): PremiumTransaction => ({
  type,
  effectiveDate,
  writtenChange: annualPremium,
  annualPremium,
});

/**
 * An endorsement from `effectiveDate`: the change of annual premium, pro rata for the rest of
 * the term. One effective before a transaction already applied is refused (`out_of_sequence`)
 * rather than re-priced: every later transaction was priced on the premium it replaced.
 */
export const endorsement = (term: PremiumTerm, effectiveDate: CalendarDate, annualPremium: Cents): PremiumTransaction => {
  assertInSequence(term, effectiveDate);
  const change = ((annualPremium - annualPremiumInForce(term)) * daysBetween(effectiveDate, term.expirationDate)) / termDays(term);
  return { type: 'endorsement', effectiveDate, writtenChange: roundCents(change), annualPremium };
};

const assertInSequence = (term: PremiumTerm, effectiveDate: CalendarDate): void => {
  const latest = term.transactions.reduce<CalendarDate | null>(
    (last, transaction) => (last === null || compareDates(transaction.effectiveDate, last) > 0 ? transaction.effectiveDate : last),
    null,
  );
  if (latest !== null && compareDates(effectiveDate, latest) < 0) {
    throw new DomainError(
      'out_of_sequence',
      `A change effective ${effectiveDate} comes before one already applied from ${latest}; cancel and reissue instead.`,
      {
        latestEffectiveDate: latest,
      },
    );
  }
};

export const shortRatePercent = (table: ShortRateTable, daysInForce: number, daysInTerm: number): number => {
  if (daysInForce <= 0) return 0;
  const scaled = Math.ceil((daysInForce * 365) / daysInTerm);
  return (table.find(([lastDay]) => scaled <= lastDay) ?? [365, 100])[1];
};

interface CancellationTerms {
  readonly effectiveDate: CalendarDate;
  readonly method: CancellationMethod;
  readonly shortRate: ShortRateTable;
  /** Percent of the written premium kept at least (insured-requested cancellations), or 0. */
  readonly minimumEarnedPercent: number;
}

/**
 * A cancellation: the term keeps what it earned before the date (pro rata), plus the short-rate
 * penalty over the annual premium in force, and at least the minimum earned premium; never more
 * than was written. Flat cancels from inception only, and returns everything.
 */
export const cancellation = (term: PremiumTerm, terms: CancellationTerms): PremiumTransaction => {
  if (terms.method === 'flat' && terms.effectiveDate !== term.effectiveDate) {
    throw new DomainError(
      'flat_cancellation_after_inception',
      `A flat cancellation takes effect at inception (${term.effectiveDate}); use pro_rata or short_rate.`,
      {
        inception: term.effectiveDate,
      },
    );
  }
  // Changes effective after the date are taken back whole: they never took effect, so they feed
  // neither the penalty nor the minimum, and their return is dated as they were.
  const removes = changesAfter(term, terms.effectiveDate);
  const writtenInForce = writtenThrough(term, terms.effectiveDate);
  // A cancellation may reach back before later endorsements: they earn nothing before their dates.
  const earned = terms.method === 'flat' ? 0 : earnedBefore(term, terms.effectiveDate);
  let kept = earned;
  if (terms.method === 'short_rate') {
    const inForce = daysBetween(term.effectiveDate, terms.effectiveDate);
    const annual = annualPremiumOn(term, terms.effectiveDate);
    const proRataShare = Math.round((annual * inForce) / termDays(term));
    const shortRateShare = Math.round((annual * shortRatePercent(terms.shortRate, inForce, termDays(term))) / 100);
    kept += Math.max(0, shortRateShare - proRataShare);
  }
  if (terms.method !== 'flat') kept = Math.max(kept, Math.round((writtenInForce * terms.minimumEarnedPercent) / 100));
  kept = Math.max(earned, Math.min(kept, writtenInForce));
  const removed = removes.reduce((sum, part) => sum + part.writtenChange, 0);
  return {
    type: 'cancellation',
    effectiveDate: terms.effectiveDate,
    writtenChange: cents(kept - writtenInForce + removed),
    annualPremium: cents(0),
    penalty: cents(kept - earned),
    ...(removes.length > 0 ? { removes } : {}),
  };
};

/** Reverses the term's last cancellation: its return written back, from the same date. */
export const reinstatement = (term: PremiumTerm): PremiumTransaction => {
  const cancelled = term.transactions.at(-1);
  if (!cancelled || cancelled.type !== 'cancellation') throw new DomainError('invalid_transition', 'The policy has no cancellation to reverse.');
  return {
    type: 'reinstatement',
    effectiveDate: cancelled.effectiveDate,
    writtenChange: cents(-cancelled.writtenChange),
    annualPremium: annualPremiumInForce({ ...term, transactions: term.transactions.slice(0, -1) }),
    ...(cancelled.removes
      ? { removes: cancelled.removes.map((part) => ({ effectiveDate: part.effectiveDate, writtenChange: cents(-part.writtenChange) })) }
      : {}),
  };
};

/** The figures a premium bordereau reports for one term, as of the end of a date. */
export const premiumAsOf = (term: PremiumTerm, asOf: CalendarDate): { written: Cents; earned: Cents; unearned: Cents } => {
  const written = writtenThrough(term, asOf);
  const earned = earnedThrough(term, asOf);
  return { written, earned, unearned: cents(written - earned) };
};
