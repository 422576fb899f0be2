import test from 'ava';
import { activeInMonth, monthOf, premiumRow } from '../../../core/reports/bordereau.ts';
import { toCsv } from '../../../core/shared/csv.ts';
import { cents } from '../../../core/shared/money.ts';
import { aNewPolicy } from '../../support/mothers.ts';

// $3,650 a year: $10 a day.
const policy = aNewPolicy({ risk: { insuredName: 'Acme, "The" Bakery', state: 'TX' }, premium: 365_000, effectiveDate: '2027-01-15' });

test('a premium line: written by the month’s transactions, earned over its days, commission recorded in it', (t) => {
  const january = monthOf('2027-01');
  t.deepEqual(january, { month: '2027-01', first: '2027-01-01', last: '2027-01-31' });
  t.true(activeInMonth(policy, january));
  t.false(activeInMonth(policy, monthOf('2026-12')));
  t.true(activeInMonth(policy, monthOf('2028-01')), 'the term runs to 2028-01-15');
  t.false(activeInMonth(policy, monthOf('2028-02')));
  const commission = { agentCommission: cents(36_500), mgaCommission: cents(18_250) } as never;
  // January: written in full on the 15th; 17 days earned (15th to 31st) = $170.
  t.deepEqual(premiumRow(policy, january, [commission]).cells.slice(7), ['bind', 3650, 170, 547.5, 0, 'TX', 0, 0, 0, 0, 0]);
  // February: nothing written; 28 days earned = $280.
  t.deepEqual(premiumRow(policy, monthOf('2027-02'), []).cells.slice(7), ['', 0, 280, 0, 0, 'TX', 0, 0, 0, 0, 0]);
});

test('CSV: quoted where needed, formulas defused, numbers as numbers', (t) => {
  t.is(
    toCsv(
      ['a', 'b'],
      [
        ['Acme, "The" Bakery', 12.5],
        ['=HYPERLINK("x")', null],
        ['-1', -1],
      ],
    ),
    'a,b\r\n"Acme, ""The"" Bakery",12.5\r\n"\'=HYPERLINK(""x"")",\r\n\'-1,-1\r\n',
  );
});
