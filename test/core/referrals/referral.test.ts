import test from 'ava';
import { authorityFor, REFERRAL_LIFECYCLE } from '../../../core/referrals/referral.ts';
import { programForRisk, type DaProgram } from '../../../core/underwriting/delegated-authority.ts';
import { nextStatuses } from '../../../core/shared/lifecycle.ts';

test('an approval takes the highest authority its overrides need; a suspended program none can give', (t) => {
  t.is(authorityFor([]), 'authority_standard');
  t.is(authorityFor(['premium_exceeded', 'limit_exceeded', 'triage_decline']), 'authority_standard');
  t.is(authorityFor(['premium_exceeded', 'state_not_allowed']), 'authority_senior');
  t.is(authorityFor(['aggregate_exceeded']), 'authority_senior');
  t.is(authorityFor(['naics_excluded', 'program_suspended']), null);
});

test('open referrals are decided or sent back for information; decided ones stay decided', (t) => {
  t.deepEqual(nextStatuses(REFERRAL_LIFECYCLE, 'pending').sort(), ['approved', 'info_requested', 'rejected']);
  t.deepEqual(nextStatuses(REFERRAL_LIFECYCLE, 'info_requested').sort(), ['approved', 'info_requested', 'rejected']);
  t.deepEqual(nextStatuses(REFERRAL_LIFECYCLE, 'approved'), []);
  t.deepEqual(nextStatuses(REFERRAL_LIFECYCLE, 'rejected'), []);
});

const program = (id: string, status: DaProgram['status'], states: string[] | null, lines: DaProgram['allowedLines']): DaProgram =>
  ({ id, status, allowedStates: states, allowedLines: lines }) as DaProgram;

test('the program for a risk: the first active one covering it, else the first active, else the first, else none', (t) => {
  const ohio = program('ohio', 'active', ['OH'], ['GL']);
  const texas = program('texas', 'active', ['TX'], null);
  const closed = program('closed', 'suspended', null, null);
  t.is(programForRisk([ohio, texas], { state: 'TX', lineOfBusiness: 'AUTO' })?.id, 'texas');
  t.is(programForRisk([ohio, texas], { state: 'AZ', lineOfBusiness: 'GL' })?.id, 'ohio');
  t.is(programForRisk([closed, texas], { state: 'OH', lineOfBusiness: 'GL' })?.id, 'texas', 'a suspended program is passed over');
  t.is(programForRisk([closed], { state: 'OH', lineOfBusiness: 'GL' })?.id, 'closed');
  t.is(programForRisk([], { state: 'OH', lineOfBusiness: 'GL' }), null);
});
