import { chargeTermsOf, premiumTermOf, type Policy } from '../policy/policy.ts';
import { taxesInMonth } from '../policy/charged-parts.ts';
import { cents, type Cents } from '../shared/money.ts';
import { TAX_KINDS, type TaxKind } from '../underwriting/tax-schedule.ts';

/** What the month's booked transactions charged (net of returns) of one component, in one home state. */
export interface TaxReportRow {
  readonly homeState: string;
  readonly payee: TaxKind;
  readonly code: string;
  readonly name: string;
  readonly amount: Cents;
  /** Policies with a transaction of the component booked in the month. */
  readonly policies: number;
}

export const TAX_REPORT_COLUMNS = ['Home State', 'Payee', 'Component', 'Code', 'Amount', 'Policies'] as const;

/**
 * The surplus lines taxes and fees booked in a month (the accounting month of each premium
 * transaction), by home state, payee and component: what is to be remitted to each, and what a
 * return in the month takes off it. Rows in state, payee and code order. Built one policy at a
 * time: a walk of the book adds each and keeps only the sums.
 */
export const surplusLinesTaxReport = (month: string): { add(policy: Policy): void; rows(): TaxReportRow[] } => {
  const rows = new Map<string, { row: Omit<TaxReportRow, 'amount' | 'policies'>; amount: number; policies: Set<string> }>();
  const add = (policy: Policy): void => {
    const terms = chargeTermsOf(policy);
    if (terms.taxState === null) return;
    const names = new Map(terms.components.map((component) => [component.code, component.name]));
    for (const tax of taxesInMonth(premiumTermOf(policy).transactions, month)) {
      const key = `${terms.taxState}\u0000${tax.payee}\u0000${tax.code}`;
      const entry = rows.get(key) ?? {
        row: { homeState: terms.taxState, payee: tax.payee, code: tax.code, name: names.get(tax.code) ?? tax.code },
        amount: 0,
        policies: new Set<string>(),
      };
      entry.amount += tax.amount;
      entry.policies.add(policy.id);
      rows.set(key, entry);
    }
  };
  const order = (row: Omit<TaxReportRow, 'amount' | 'policies'>) => [row.homeState, String(TAX_KINDS.indexOf(row.payee)), row.code].join('\u0000');
  return {
    add,
    rows: () =>
      [...rows.values()]
        .map(({ row, amount, policies }) => ({ ...row, amount: cents(amount), policies: policies.size }))
        .sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0)),
  };
};
