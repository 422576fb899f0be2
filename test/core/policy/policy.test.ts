import test from 'ava';
import { installmentSchedule, INSTALLMENT_PLANS } from '../../../core/billing/installment-plan.ts';
import { addMonths, daysBetween, isCalendarDate } from '../../../core/shared/calendar-date.ts';
import { cents } from '../../../core/shared/money.ts';

test('calendar dates are real dates', (t) => {
  t.true(isCalendarDate('2028-02-29'));
  t.false(isCalendarDate('2027-02-29'));
  t.false(isCalendarDate('2027-13-01'));
  t.false(isCalendarDate('2027-1-01'));
  t.is(addMonths('2027-01-31', 1), '2027-02-28');
  t.is(addMonths('2027-11-15', 3), '2028-02-15');
  t.is(daysBetween('2027-01-01', '2028-01-01'), 365);
  t.is(daysBetween('2028-01-01', '2029-01-01'), 366);
});

test('installment schedules: count, due dates, and amounts summing to the cent', (t) => {
  const expected = { PIF: 1, TWO_PAY: 2, QUARTERLY: 4, MONTHLY_10: 10, MONTHLY_12: 12 };
  for (const premium of [cents(1), cents(100_00), cents(29_109_38), cents(99_999_99), cents(1_234_567)]) {
    for (const plan of INSTALLMENT_PLANS) {
      const schedule = installmentSchedule(plan, premium, '2027-01-31');
      t.is(schedule.length, expected[plan]);
      t.is(
        schedule.reduce((sum, item) => sum + item.amount, 0),
        premium,
        `${plan} ${premium}`,
      );
      const amounts = schedule.map((item) => item.amount);
      t.true(Math.max(...amounts) - Math.min(...amounts) <= 1);
    }
  }
  t.deepEqual(
    installmentSchedule('QUARTERLY', cents(1000_01), '2027-01-31').map((i) => [i.dueDate, i.amount]),
    [
      ['2027-01-31', 250_01],
      ['2027-04-30', 250_00],
      ['2027-07-31', 250_00],
      ['2027-10-31', 250_00],
    ],
  );
});
