import { compareDates, type CalendarDate } from '../shared/calendar-date.ts';
import { cents, type Cents } from '../shared/money.ts';
import { incurred, type Claim } from '../claims/claim.ts';
import type { CommissionMonthTotal } from '../billing/commission-totals.ts';
import type { Policy } from '../policy/policy.ts';

/** In force on the date: within its term and not cancelled from that date or before. */
export const inForceOn = (policy: Pick<Policy, 'effectiveDate' | 'expirationDate' | 'cancellation'>, on: CalendarDate): boolean =>
  compareDates(policy.effectiveDate, on) <= 0 &&
  compareDates(on, policy.expirationDate) < 0 &&
  (policy.cancellation === null || compareDates(on, policy.cancellation.effectiveDate) < 0);

/** Incurred (paid plus reserves) of the claims whose loss happened on or before the date. */
export const incurredLosses = (claims: readonly Pick<Claim, 'lossDate' | 'paid' | 'reserves'>[], asOf: CalendarDate): Cents =>
  cents(claims.filter((claim) => compareDates(claim.lossDate, asOf) <= 0).reduce((sum, claim) => sum + incurred(claim), 0));

/** Incurred over earned, to four decimals; null while nothing is earned. */
export const lossRatio = (losses: Cents, earned: Cents): number | null => (earned > 0 ? Math.round((losses / earned) * 10_000) / 10_000 : null);

/** A share of a cap, to four decimals, within 0..1 (an approved referral may write past the cap: the written figure shows by how much). */
export const utilization = (written: Cents, cap: Cents): number => (cap > 0 ? Math.min(1, Math.max(0, Math.round((written / cap) * 10_000) / 10_000)) : 0);

/** Every month from `from` to `to` (YYYY-MM), both included. */
export const monthsBetween = (from: string, to: string): string[] => {
  const months: string[] = [];
  let [year, month] = from.split('-').map(Number) as [number, number];
  const [lastYear, lastMonth] = to.split('-').map(Number) as [number, number];
  while (year < lastYear || (year === lastYear && month <= lastMonth)) {
    months.push(`${year}-${String(month).padStart(2, '0')}`);
    [year, month] = month === 12 ? [year + 1, 1] : [year, month + 1];
  }
  return months;
};

export interface CommissionPeriod {
  readonly period: string;
  readonly agentCommission: Cents;
  readonly mgaCommission: Cents;
  readonly carrierNet: Cents;
}

/** Every month from `from` to `to` with its total; a month with none at zero. */
export const commissionPeriods = (totals: readonly CommissionMonthTotal[], from: string, to: string): CommissionPeriod[] => {
  const byMonth = new Map(totals.map((total) => [total.month, total]));
  return monthsBetween(from, to).map((period) => {
    const total = byMonth.get(period);
    return {
      period,
      agentCommission: total?.agentCommission ?? cents(0),
      mgaCommission: total?.mgaCommission ?? cents(0),
      carrierNet: total?.carrierNet ?? cents(0),
    };
  });
};

/** The first instant of a month and of the month after `to`, for reading the records of a range. */
export const monthRange = (from: string, to: string): { start: Date; end: Date } => {
  const [year, month] = to.split('-').map(Number) as [number, number];
  const after = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
  return { start: new Date(`${from}-01T00:00:00Z`), end: new Date(`${after}-01T00:00:00Z`) };
};
