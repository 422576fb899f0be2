import type { ShortRateTable } from '../underwriting/commission-and-short-rate.ts';
import { addDays, compareDates, daysBetween, type CalendarDate } from '../shared/calendar-date.ts';
import { DomainError } from '../shared/domain-error.ts';
import { cents, type Cents } from '../shared/money.ts';
import type { StoredFees } from '../underwriting/stored-charges.ts';
import type { PolicyTransactionType } from './policy-transaction.ts';

/**
 * A policy term's premium as the transactions that wrote it. Each transaction writes a change of
 * premium effective from a date to the end of the term, and earns it day by day over that period;
 * written, earned and unearned premium on any date are sums over the transactions, and on the
 * last day of the term every transaction has earned exactly what it wrote.
 */
export interface PremiumTransaction {
  readonly type: PolicyTransactionType;
  readonly effectiveDate: CalendarDate;
  /** Written premium this transaction adds (negative when it returns premium). */
  readonly writtenChange: Cents;
  /** The annual premium in force from `effectiveDate` on; zero once cancelled. */
  readonly annualPremium: Cents;
  /** A cancellation's premium kept beyond pro rata (short-rate penalty, minimum earned premium). */
  readonly penalty?: Cents;
  /** Fee and taxes the transaction adds beside premium (policy-charges.ts; read through `feesOf`); absent when none. */
  readonly charges?: StoredFees;
  /**
   * The part of `writtenChange` that takes back changes effective after this transaction's date
   * (a cancellation reaching back before an endorsement), dated as those changes were: written
   * premium on any date never counts a change before it took effect, nor its return.
   */
  readonly removes?: readonly RemovedChange[];
  /** When it was recorded (the organization's date) and the month it is booked in (premium-booking.ts); absent on older ones. */
  readonly bookedOn?: CalendarDate;
  readonly accountingMonth?: string;
}

/** A change of written premium taken back (or, by a reinstatement, written again) on its own effective date. */
export interface RemovedChange {
  readonly effectiveDate: CalendarDate;
  readonly writtenChange: Cents;
}

export interface PremiumTerm {
  readonly effectiveDate: CalendarDate;
  readonly expirationDate: CalendarDate;
  readonly transactions: readonly PremiumTransaction[];
}

export const CANCELLATION_METHODS = ['pro_rata', 'short_rate', 'flat'] as const;
export type CancellationMethod = (typeof CANCELLATION_METHODS)[number];

/** Rounds half away from zero, so a return is the exact mirror of a charge. */
const roundCents = (value: number): Cents => cents(Math.sign(value) * Math.round(Math.abs(value)));

export const termDays = (term: Pick<PremiumTerm, 'effectiveDate' | 'expirationDate'>): number => daysBetween(term.effectiveDate, term.expirationDate);

/**
 * What one transaction has earned for the days before a day, the day counted from the term's
 * effective date (whole days: a term's schedule is read for every day of it).
 */
type Earning = (beforeDay: number) => number;

/**
 * The earning of every transaction of the term, in order. A rating transaction (bind, renewal,
 * endorsement) earns its written change evenly over its period. A cancellation earns nothing
 * before its date; from its date on it earns its penalty and takes back whatever the transactions
 * before it would still earn after that date, so the term earns nothing more. A reinstatement
 * undoes the cancellation before it exactly.
 */
const earnings = (term: PremiumTerm): Earning[] => {
  const built: Earning[] = [];
  const cancellations: Earning[] = [];
  const end = termDays(term);
  for (const transaction of term.transactions) {
    const from = daysBetween(term.effectiveDate, transaction.effectiveDate);
    if (transaction.type === 'cancellation') {
      const prior = [...built];
      const penalty = transaction.penalty ?? 0;
      const earning: Earning = (before) => (before <= from ? 0 : penalty - prior.reduce((sum, earned) => sum + earned(before) - earned(from), 0));
      cancellations.push(earning);
      built.push(earning);
    } else if (transaction.type === 'reinstatement') {
      const reversed = cancellations.pop();
      built.push(reversed ? (before) => -reversed(before) : () => 0);
    } else {
      const written = transaction.writtenChange;
      const period = end - from;
      built.push((before) => (period <= 0 ? written : roundCents((written * Math.max(0, Math.min(period, before - from))) / period)));
    }
  }
  return built;
};

/**
 * Premium earned for the days before a day counted from the term's effective date (0: nothing
 * yet), with the term's earnings built once: for a schedule of every day of the term.
 */
export const earningByDay = (term: PremiumTerm): ((beforeDay: number) => Cents) => {
  const built = earnings(term);
  return (beforeDay) => cents(built.reduce((sum, earned) => sum + earned(beforeDay), 0));
};

/** Premium earned for the days before `before` (the whole term once `before` reaches its expiration). */
export const earnedBefore = (term: PremiumTerm, before: CalendarDate): Cents => earningByDay(term)(daysBetween(term.effectiveDate, before));

/** Premium earned through the end of `asOf`. */
export const earnedThrough = (term: PremiumTerm, asOf: CalendarDate): Cents => earnedBefore(term, addDays(asOf, 1));

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

/** The annual premium in force on `date`: that of the last transaction taking effect by then. */
const annualPremiumOn = (term: PremiumTerm, date: CalendarDate): Cents =>
  term.transactions.filter((transaction) => compareDates(transaction.effectiveDate, date) <= 0).at(-1)?.annualPremium ?? cents(0);

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
