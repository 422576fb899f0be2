import { NO_CHARGE_TERMS } from '../../../core/underwriting/charge-terms.ts';
import test from 'ava';
import { FixtureReferenceData } from '../../../adapters/reference-data/fixture-reference-data.ts';
import { cents } from '../../../core/shared/money.ts';
import { daFlags } from '../../../core/underwriting/delegated-authority.ts';
import type { Quote } from '../../../core/underwriting/quote.ts';
import { bindRefusals, type BindChecks } from '../../../core/underwriting/bind-refusals.ts';
import { naicsSector } from '../../../core/shared/reference-data.ts';
import type { CompleteRisk } from '../../../core/underwriting/submission.ts';
import { bandOf, triage } from '../../../core/underwriting/triage.ts';

const data = new FixtureReferenceData();
const risk: CompleteRisk = {
  insuredName: 'Acme',
  naicsCode: '541511',
  annualRevenue: cents(4_000_000_00),
  requestedLimit: cents(1_000_000_00),
  effectiveDate: '2027-01-01',
  state: 'OH',
  lineOfBusiness: 'GL',
};

test('NAICS sectors: 2-6 digits of a real sector', (t) => {
  t.is(naicsSector('31'), '31-33');
  t.is(naicsSector('339999'), '31-33');
  t.is(naicsSector('4841'), '48-49');
  t.is(naicsSector('99'), null);
  t.is(naicsSector('5'), null);
  t.is(naicsSector('5415111'), null);
  t.is(naicsSector('54a'), null);
});

test('triage: bands at their edges', (t) => {
  t.is(bandOf(0), 'decline');
  t.is(bandOf(29), 'decline');
  t.is(bandOf(30), 'refer');
  t.is(bandOf(69), 'refer');
  t.is(bandOf(70), 'fast_track');
  t.is(bandOf(100), 'fast_track');
});

test('triage: a clean preferred risk fast-tracks with its reasons', (t) => {
  const result = triage({ ...risk, contactEmail: 'a@b.test', description: 'Software', priorLosses: [] }, data.appetite(), '2026-11-21');
  t.deepEqual(result, { score: 100, band: 'fast_track', reasons: ['NAICS sector 54 is preferred appetite'] });
});

test('triage: deductions add up, each with a reason', (t) => {
  const result = triage(
    {
      ...risk,
      naicsCode: '622110',
      state: 'FL',
      requestedLimit: cents(5_000_000_00),
      annualRevenue: cents(2_000_000_00),
      contactEmail: null,
      description: null,
      priorLosses: [
        { date: '2025-03-01', amount: cents(80_000_00), description: 'slip' },
        { date: '2024-03-01', amount: cents(30_000_00), description: 'fall' },
        { date: '2015-01-01', amount: cents(1_000_000_00), description: 'old' },
      ],
    },
    data.appetite(),
    '2026-11-21',
  );
  // 100 - 35 (restricted) - 10 (limit > 2x revenue) - 10 (FL) - 5 - 5 - 16 (two recent losses) - 10 (over $100k)
  t.is(result.score, 9);
  t.is(result.band, 'decline');
  t.is(result.reasons.length, 7);
  t.true(result.reasons.includes('2 loss(es) in the last five years (-16)'));
});

test('triage: missing fields lower the score and the score stays within 0-100', (t) => {
  const result = triage({ insuredName: 'X', priorLosses: [] }, data.appetite(), '2026-11-21');
  t.is(result.score, 0);
  t.true(result.reasons.some((reason) => reason.startsWith('Missing naicsCode')));
});

test('delegated authority: each limit of the program raises its own flag', (t) => {
  const program = { ...data.defaultProgram(), allowedStates: ['OH'], allowedLines: ['GL' as const], excludedNaics: ['5415'] };
  t.deepEqual(daFlags(risk, cents(1_000_00), { ...program, excludedNaics: [] }, cents(0)), []);
  const flags = daFlags({ ...risk, state: 'TX', lineOfBusiness: 'PL', requestedLimit: cents(6_000_000_00) }, cents(300_000_00), program, cents(49_800_000_00));
  t.deepEqual(
    flags.map((flag) => flag.code),
    ['limit_exceeded', 'premium_exceeded', 'state_not_allowed', 'line_not_allowed', 'naics_excluded', 'aggregate_exceeded'],
  );
  t.deepEqual(flags[0], {
    code: 'limit_exceeded',
    message: 'Requested limit is above the per-risk limit of the program.',
    limit: 5_000_000,
    actual: 6_000_000,
  });
  t.like(flags[5], { limit: 50_000_000, actual: 50_100_000 });
});

const quote = (overrides: Partial<Quote>): Quote => ({
  id: 'q',
  orgId: 'o',
  submissionId: 's',
  risk,
  grossPremium: cents(100),
  breakdown: {} as Quote['breakdown'],
  daFlags: [],
  bindable: true,
  status: 'active',
  programId: 'default',
  programVersion: null,
  rateTableVersion: '2026-01',
  chargeTerms: NO_CHARGE_TERMS,
  validUntil: '2026-12-01',
  policyId: null,
  createdAt: new Date(),
  ...overrides,
});

const checks = (overrides: Partial<BindChecks> = {}): BindChecks => ({
  triage: { score: 40, band: 'refer', reasons: [] } as unknown as BindChecks['triage'],
  declineOverridden: false,
  quote: quote({ risk: { ...quote({}).risk, effectiveDate: '2026-11-15' } }),
  approved: false,
  on: '2026-11-01',
  withAuthority: false,
  program: { id: 'default', name: 'Default', status: 'active' },
  ...overrides,
});
const codesOf = (given: BindChecks) => bindRefusals(given).map((refusal) => refusal.code);

test('quotes bind while active, unexpired, in the date window and free of flags: every refusal at once, in order', (t) => {
  t.deepEqual(codesOf(checks()), []);
  t.deepEqual(codesOf(checks({ on: '2026-12-02' })), ['quote_expired']);
  t.deepEqual(codesOf(checks({ quote: quote({ status: 'bound' }) })), ['invalid_transition']);
  t.deepEqual(codesOf(checks({ quote: quote({ bindable: false }) })), ['not_bindable']);
  t.deepEqual(codesOf(checks({ quote: quote({ bindable: false }), approved: true })), [], 'an approved referral lifts the flags');
  const farOff = quote({ bindable: false, risk: { ...quote({}).risk, effectiveDate: '2030-01-01' } });
  const refused = bindRefusals(checks({ quote: farOff, on: '2026-12-02', program: { id: 'p1', name: 'Paused', status: 'suspended' } }));
  t.deepEqual(
    refused.map((refusal) => refusal.code),
    ['quote_expired', 'effective_date_out_of_window', 'not_bindable', 'not_bindable'],
  );
  t.like(refused[1]?.details, { effectiveDate: '2030-01-01', earliest: '2026-11-02', latest: '2028-06-02' });
  t.deepEqual(codesOf(checks({ triage: { ...checks().triage, band: 'decline' } })), ['referral_required']);
  t.deepEqual(codesOf(checks({ triage: { ...checks().triage, band: 'decline' }, declineOverridden: true })), []);
});
