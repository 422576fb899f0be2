import { cents, type Cents } from '../shared/money.ts';
import type { Commission } from './commission.ts';
import { isoInstant } from '../shared/iso-instant.ts';

/** One month's commission, summed: what is kept per organization and month as postings are made. */
export interface CommissionMonthTotal {
  /** YYYY-MM, the UTC month the changes were recorded in. */
  readonly month: string;
  readonly grossPremium: Cents;
  readonly agentCommission: Cents;
  readonly mgaCommission: Cents;
  readonly carrierNet: Cents;
}

type CommissionFigures = Pick<Commission, 'grossPremium' | 'agentCommission' | 'mgaCommission' | 'carrierNet'>;

/** The UTC month (YYYY-MM) a change recorded at `at` counts in. */
export const utcMonthOf = (at: Date): string => isoInstant(at).slice(0, 7);

/** A change's figures added to a month's total (none: the month starts at zero). */
export const withChange = (month: string, total: CommissionMonthTotal | undefined, change: CommissionFigures): CommissionMonthTotal => ({
  month,
  grossPremium: cents((total?.grossPremium ?? 0) + change.grossPremium),
  agentCommission: cents((total?.agentCommission ?? 0) + change.agentCommission),
  mgaCommission: cents((total?.mgaCommission ?? 0) + change.mgaCommission),
  carrierNet: cents((total?.carrierNet ?? 0) + change.carrierNet),
});

/** Changes summed by the month they were recorded in (a recount; the kept totals must equal it). */
export const totalsByMonth = (changes: readonly (CommissionFigures & { readonly createdAt: Date })[]): CommissionMonthTotal[] => {
  const months = new Map<string, CommissionMonthTotal>();
  for (const change of changes) {
    const month = utcMonthOf(change.createdAt);
    months.set(month, withChange(month, months.get(month), change));
  }
  return [...months.values()];
};
