import test from 'ava';
import {
  alertStage,
  daysUntilWithinWindow,
  filingsDue,
  nextAppointmentRenewal,
  nextYearly,
  policyFilingDue,
  type ComplianceCalendar,
} from '../../../core/compliance/deadlines.ts';
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

test('Florida renews in the birth month every 24 months (an agency in its appointment month); Texas never', (t) => {
  const florida = { anchor: 'birth_month', everyMonths: 24 } as const;
  // Born in March, appointed 2025-05-20: first renewal in the next March, then every 24 months.
  t.is(nextAppointmentRenewal(florida, '2025-05-20', '2025-06-01', 3), '2026-03-31');
  t.is(nextAppointmentRenewal(florida, '2025-05-20', '2026-04-01', 3), '2028-03-31');
  // Appointed in the birth month: the next one renews it.
  t.is(nextAppointmentRenewal(florida, '2025-03-10', '2025-03-11', 3), '2026-03-31');
  // February's last day follows the year.
  t.is(nextAppointmentRenewal(florida, '2025-05-20', '2027-03-01', 2), '2028-02-29');
  // An agency: the month of its original appointment, 24 months on.
  t.is(nextAppointmentRenewal(florida, '2025-05-20', '2025-06-01'), '2027-05-31');
  t.is(nextAppointmentRenewal({ anchor: 'perpetual' }, '2025-05-20', '2030-01-01'), null);
});

test('an alert 30 days before and another 7 days before; policy filings count from the effective date', (t) => {
  t.is(alertStage('2027-02-01', '2027-01-02'), 30);
  t.is(alertStage('2027-02-01', '2027-01-01'), null);
  t.is(alertStage('2027-02-01', '2027-01-25'), 7);
  t.is(alertStage('2027-02-01', '2027-02-01'), 7);
  t.is(alertStage('2027-02-01', '2026-12-31'), null);
  t.is(alertStage('2027-02-01', '2027-02-02'), null);
  const calendar = loadComplianceCalendar();
  const policyFilingsOf = (of: ComplianceCalendar, state: string, effectiveDate: string) =>
    of.policyFilings.filter((filing) => filing.states.includes(state)).map((filing) => ({ filing, dueDate: policyFilingDue(filing, effectiveDate) }));
  t.deepEqual(
    policyFilingsOf(calendar, 'NY', '2027-01-01').map(({ filing, dueDate }) => [filing.id, dueDate]),
    [['ny-excess-line-affidavit', '2027-02-15']],
  );
  t.deepEqual(
    policyFilingsOf(calendar, 'TX', '2027-01-01').map(({ dueDate }) => dueDate),
    ['2027-03-02'],
  );
  t.deepEqual(policyFilingsOf(calendar, 'OH', '2027-01-01'), []);
  for (const filing of calendar.policyFilings) t.true(filing.source.length > 20, filing.id);
});

test('the period filings checked against their sources cover these states, each filing naming its source', (t) => {
  const calendar = loadComplianceCalendar();
  const sourced = calendar.stateFilings.filter((filing) => filing.source !== null && filing.states !== '*');
  const states = [...new Set(sourced.flatMap((filing) => filing.states as readonly string[]))].sort();
  t.deepEqual(states, [
    'AK',
    'AL',
    'AR',
    'AZ',
    'CA',
    'CO',
    'CT',
    'DC',
    'DE',
    'FL',
    'GA',
    'HI',
    'IA',
    'ID',
    'IL',
    'IN',
    'KS',
    'KY',
    'LA',
    'MA',
    'MD',
    'ME',
    'MI',
    'MN',
    'MO',
    'MS',
    'MT',
    'NC',
    'ND',
    'NE',
    'NH',
    'NJ',
    'NM',
    'NV',
    'NY',
    'OH',
    'OK',
    'OR',
    'PA',
    'RI',
    'SC',
    'SD',
    'TN',
    'TX',
    'UT',
    'VA',
    'VI',
    'VT',
    'WA',
    'WI',
    'WV',
    'WY',
  ]);
  // Arkansas files monthly, 60 days after each month (Ark. Code § 23-65-315(a)); Oregon by each month's end.
  t.is(calendar.stateFilings.find((filing) => filing.id === 'ar-surplus-lines-monthly')?.due.length, 12);
  t.true(filingsDue(calendar, 'OR', '2027-02-10').some(({ filing, dueDate }) => filing.id === 'or-surplus-lines-monthly' && dueDate === '2027-02-28'));
});

test('a state that changed its schedule files by the one in force on each due date; a conditional filing says who must file', (t) => {
  const calendar = loadComplianceCalendar();
  const due = (state: string, on: string) => filingsDue(calendar, state, on).map(({ filing, dueDate }) => `${filing.id} ${dueDate}`);
  // Colorado: monthly and annual reports through tax year 2024, then SLIP+ quarterly invoices from policies effective 2025.
  t.deepEqual(due('CO', '2024-12-20'), ['co-surplus-lines-monthly 2025-01-15']);
  t.deepEqual(due('CO', '2025-02-10'), ['annual-statement 2025-03-01', 'co-surplus-lines-annual 2025-03-01']);
  t.deepEqual(due('CO', '2025-04-20'), ['co-slip-quarterly 2025-05-15']);
  t.deepEqual(due('CO', '2027-02-10'), ['annual-statement 2027-03-01', 'co-slip-quarterly 2027-02-15']);
  // California: every broker's annual return; the monthly installment only for a broker whose tax last year reached $20,000.
  t.deepEqual(due('CA', '2027-02-10'), ['annual-statement 2027-03-01', 'ca-surplus-lines-annual 2027-03-01']);
  const [monthly] = filingsDue(calendar, 'CA', '2027-03-10');
  t.is(monthly?.filing.id, 'ca-surplus-lines-monthly');
  t.is(monthly?.dueDate, '2027-04-01');
  t.regex(monthly?.filing.appliesWhen ?? '', /\$20,000 or more/);
  // Rhode Island: the T-71A by April 1, estimated tax by April 30, June 30, October 31 and December 31.
  t.deepEqual(due('RI', '2027-03-15'), ['ri-surplus-lines-annual 2027-04-01']);
  t.deepEqual(due('RI', '2027-12-10'), ['ri-surplus-lines-estimated 2027-12-31']);
  // South Dakota pays on the clearinghouse's quarterly invoices; no broker report of its own.
  t.deepEqual(due('SD', '2027-04-20'), ['sd-surplus-lines-quarterly 2027-05-15']);
});
