import { addMonths, type CalendarDate } from '../shared/calendar-date.ts';
import { allocate, type Cents } from '../shared/money.ts';

export const INSTALLMENT_PLANS = ['PIF', 'TWO_PAY', 'QUARTERLY', 'MONTHLY_10', 'MONTHLY_12'] as const;
export type InstallmentPlan = (typeof INSTALLMENT_PLANS)[number];

const SHAPE: Record<InstallmentPlan, { count: number; everyMonths: number }> = {
  PIF: { count: 1, everyMonths: 0 },
  TWO_PAY: { count: 2, everyMonths: 6 },
  QUARTERLY: { count: 4, everyMonths: 3 },
  MONTHLY_10: { count: 10, everyMonths: 1 },
  MONTHLY_12: { count: 12, everyMonths: 1 },
};

interface Installment {
  readonly sequence: number;
  readonly amount: Cents;
  readonly dueDate: CalendarDate;
}

/** Equal installments due from the effective date; the leftover cents fall on the first ones. */
export const installmentSchedule = (plan: InstallmentPlan, premium: Cents, effectiveDate: CalendarDate): Installment[] => {
  const { count, everyMonths } = SHAPE[plan];
  return allocate(
    premium,
    Array.from({ length: count }, () => 1),
  ).map((amount, index) => ({
    sequence: index + 1,
    amount,
    dueDate: addMonths(effectiveDate, index * everyMonths),
  }));
};
