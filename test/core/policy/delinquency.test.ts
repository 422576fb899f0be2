import test from 'ava';
import { loadNoticePeriods } from '../../../adapters/reference-data/cancellation-notice-periods.ts';
import { delinquencyOutcome, isPastDueOn, noticeOf, noticePeriodIn, pastDueOwed, warrantsNotice } from '../../../core/policy/delinquency.ts';
import { renewalDecision, renewalOfferDate } from '../../../core/policy/renewal-offer.ts';
import { HOME_STATES } from '../../../core/shared/reference-data.ts';
import { cents } from '../../../core/shared/money.ts';
import { DEFAULT_COLLECTION_TERMS } from '../../../core/underwriting/program-terms.ts';

test('an installment is past due the day after its due date plus the grace days, not before', (t) => {
  t.false(isPastDueOn('2027-01-10', 10, '2027-01-20'));
  t.true(isPastDueOn('2027-01-10', 10, '2027-01-21'));
  t.true(isPastDueOn('2027-02-28', 0, '2027-03-01'));
});

test('what is past due: the unpaid rest of past-due invoices only; a remainder below the minimum starts nothing', (t) => {
  const owed = pastDueOwed([
    { status: 'past_due', amount: cents(10_000), paidAmount: cents(2_500) },
    { status: 'open', amount: cents(10_000), paidAmount: cents(0) },
    { status: 'paid', amount: cents(10_000), paidAmount: cents(10_000) },
  ]);
  t.is(owed, cents(7_500));
  t.true(warrantsNotice(cents(500), DEFAULT_COLLECTION_TERMS));
  t.false(warrantsNotice(cents(499), DEFAULT_COLLECTION_TERMS));
});

test('a notice runs the home state period; paid down it is rescinded, unpaid it cancels on its last day', (t) => {
  const periods = loadNoticePeriods();
  const notice = noticeOf('2027-01-21', cents(12_345), noticePeriodIn(periods, 'NY'));
  t.like(notice, { noticeOn: '2027-01-21', cancelsOn: '2027-02-05', pastDue: cents(12_345) });
  t.is(delinquencyOutcome(notice, cents(12_345), DEFAULT_COLLECTION_TERMS, '2027-02-04'), 'wait');
  t.is(delinquencyOutcome(notice, cents(12_345), DEFAULT_COLLECTION_TERMS, '2027-02-05'), 'cancel');
  t.is(delinquencyOutcome(notice, cents(100), DEFAULT_COLLECTION_TERMS, '2027-02-05'), 'rescind');
});

test('every state and territory has a notice period with its source; checked ones say when', (t) => {
  const periods = loadNoticePeriods();
  for (const state of HOME_STATES) {
    const period = periods.states[state];
    t.truthy(period, state);
    t.true((period?.source.length ?? 0) > 10, state);
  }
  t.like(periods.states.NY, { days: 15 });
  t.like(periods.states.GA, { days: 30 });
  t.true(Object.values(periods.states).filter((period) => period.verifiedOn !== null).length >= 15);
});

test('a renewal outside the program is declined, outside its authority referred, else offered', (t) => {
  const flag = (code: 'premium_exceeded' | 'state_not_allowed') => ({ code, message: code, limit: null, actual: 0 });
  t.is(renewalDecision([]), 'offered');
  t.is(renewalDecision([flag('premium_exceeded')]), 'referred');
  t.is(renewalDecision([flag('premium_exceeded'), flag('state_not_allowed')]), 'declined');
  t.is(renewalOfferDate('2028-01-10', 60), '2027-11-11');
});
