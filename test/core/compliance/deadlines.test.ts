import test from 'ava';
import { daysUntilWithinWindow, filingsDue, nextAppointmentRenewal, nextYearly } from '../../../core/compliance/deadlines.ts';
import { loadComplianceCalendar } from '../../../adapters/reference-data/compliance-calendar.ts';

test('yearly days: the next on or after the date; 29 February falls on the 28th in other years', (t) => {
  t.is(nextYearly('03-01', '2027-02-10'), '2027-03-01');
  t.is(nextYearly('03-01', '2027-03-01'), '2027-03-01');
  t.is(nextYearly('03-01', '2027-03-02'), '2028-03-01');
  t.is(nextYearly('02-29', '2027-01-01'), '2027-02-28');
  t.is(nextYearly('02-29', '2027-12-01'), '2028-02-29');
});

test('appointment renewals: every cycle from the appointment, or from the first fixed day after it', (t) => {
  const yearly = { anchor: 'anniversary', everyMonths: 12 } as const;
  t.is(nextAppointmentRenewal(yearly, '2025-05-20', '2026-11-23'), '2027-05-20');
  t.is(nextAppointmentRenewal(yearly, '2025-12-10', '2026-11-23'), '2026-12-10');
  t.is(nextAppointmentRenewal(yearly, '2026-11-23', '2026-11-23'), '2027-11-23', 'not the day it was made');
  const florida = { anchor: 'fixed', on: '09-30', everyMonths: 24 } as const;
  // Made 2024-10-15: first renewal 2025-09-30, then every two years.
  t.is(nextAppointmentRenewal(florida, '2024-10-15', '2025-01-01'), '2025-09-30');
  t.is(nextAppointmentRenewal(florida, '2024-10-15', '2025-10-01'), '2027-09-30');
});

test('the window is today through 30 days; filings due follow the state', (t) => {
  t.is(daysUntilWithinWindow('2026-11-23', '2026-11-23'), 0);
  t.is(daysUntilWithinWindow('2026-12-23', '2026-11-23'), 30);
  t.is(daysUntilWithinWindow('2026-12-24', '2026-11-23'), null);
  t.is(daysUntilWithinWindow('2026-11-22', '2026-11-23'), null);
  const calendar = loadComplianceCalendar();
  const due = (state: string, on: string) => filingsDue(calendar, state, on).map(({ filing, dueDate }) => `${filing.id} ${dueDate}`);
  t.deepEqual(due('TX', '2027-02-10'), ['annual-statement 2027-03-01', 'tx-surplus-lines-annual 2027-03-01']);
  t.deepEqual(due('TX', '2027-01-05'), [], 'Texas files surplus lines tax once a year, on March 1');
  t.deepEqual(due('FL', '2027-01-20'), ['fl-surplus-lines-quarterly 2027-02-14'], '45 days after the quarter');
  t.deepEqual(due('IL', '2027-07-10'), ['il-surplus-lines-semi-annual 2027-08-01']);
  t.deepEqual(due('NY', '2027-02-20'), ['annual-statement 2027-03-01', 'ny-excess-line-annual 2027-03-15']);
  t.true(
    loadComplianceCalendar().stateFilings.every((filing) => filing.source === null || filing.source.length > 0),
    'every filing names its source, or says it is not yet checked',
  );
  t.deepEqual(due('OH', '2027-01-05'), []);
  t.deepEqual(due('OH', '2026-12-10'), ['producer-continuing-education 2026-12-31']);
});
