import { cents, type Cents } from '../shared/money.ts';
import type { Commission } from './commission.ts';

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
export const utcMonthOf = (at: Date): string => at.toISOString().slice(0, 7);

/** Changes summed by the month they were recorded in (a recount; the kept totals must equal it). */
export const totalsByMonth = (changes: readonly (CommissionFigures & { readonly createdAt: Date })[]): CommissionMonthTotal[] => {
  const months = new Map<string, { grossPremium: number; agentCommission: number; mgaCommission: number; carrierNet: number }>();
  for (const change of changes) {
    const month = utcMonthOf(change.createdAt);
    const total = months.get(month) ?? { grossPremium: 0, agentCommission: 0, mgaCommission: 0, carrierNet: 0 };
    total.grossPremium += change.grossPremium;
    total.agentCommission += change.agentCommission;
    total.mgaCommission += change.mgaCommission;
    total.carrierNet += change.carrierNet;
    months.set(month, total);
  }
  return [...months].map(([month, total]) => ({
    month,
    grossPremium: cents(total.grossPremium),
    agentCommission: cents(total.agentCommission),
    mgaCommission: cents(total.mgaCommission),
    carrierNet: cents(total.carrierNet),
  }));
};
