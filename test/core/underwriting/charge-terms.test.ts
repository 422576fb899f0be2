import test from 'ava';
import { FixtureReferenceData } from '../../../adapters/reference-data/fixture-reference-data.ts';
import { endorsementCharges, issuanceCharges } from '../../../core/underwriting/charge-amounts.ts';
import { chargeTermsFor, type Placement } from '../../../core/underwriting/charge-terms.ts';
import { validTaxSchedules } from '../../../core/underwriting/tax-schedule-validation.ts';
import type { TaxSchedules } from '../../../core/underwriting/tax-schedule.ts';
import { isDomainError } from '../../../core/shared/domain-error.ts';
import { cents, type Cents } from '../../../core/shared/money.ts';
import { HOME_STATES, type LineOfBusiness } from '../../../core/shared/reference-data.ts';

const data = new FixtureReferenceData();
const schedules = data.taxSchedules();
const surplus = data.platformProgram('excess-and-surplus')!;

const placement = (homeState: string, overrides: Partial<Placement> = {}): Placement => ({
  homeState,
  riskState: homeState === 'PR' || homeState === 'GU' || homeState === 'VI' ? 'FL' : homeState,
  locality: null,
  lineOfBusiness: 'GL',
  effectiveDate: '2026-12-01',
  ...overrides,
});

/** What a $100,000 policy with the program's $250 fee is charged, by component code, in cents. */
const charged = (homeState: string, overrides: Partial<Placement> = {}): Record<string, Cents> =>
  Object.fromEntries(
    issuanceCharges(cents(100_000_00), chargeTermsFor(surplus, placement(homeState, overrides), schedules)).taxes.map((tax) => [tax.code, tax.amount]),
  );

test('every state, DC and territory has a schedule, and every component names its source', (t) => {
  for (const state of HOME_STATES) {
    const schedule = schedules.states[state];
    t.truthy(schedule, state);
    for (const component of schedule!.components) t.true(component.source.length > 10, `${state} ${component.code}`);
  }
});

test('a schedule without a state, or a component without a source, stops the start', (t) => {
  const { TX: _texas, ...withoutTexas } = schedules.states;
  t.throws(() => validTaxSchedules({ ...schedules, states: withoutTexas }), { message: /no schedule for TX/ });
  const unsourced = { components: schedules.states.TX!.components.map((component) => ({ ...component, source: '' })) };
  t.throws(() => validTaxSchedules({ ...schedules, states: { ...schedules.states, TX: unsourced } }), { message: /TX component 'tax' has no source/ });
  const overlapping = { components: [...schedules.states.KS!.components, { ...schedules.states.KS!.components[1]!, effectiveFrom: '2023-06-01' }] };
  t.throws(() => validTaxSchedules({ ...schedules, states: { ...schedules.states, KS: overlapping } }), {
    message: /KS component 'tax' has versions whose dates overlap/,
  });
  const twoAmounts = { components: [{ ...schedules.states.PA!.components[1]!, percent: 0.25 }] };
  t.throws(() => validTaxSchedules({ ...schedules, states: { ...schedules.states, PA: twoAmounts } } as TaxSchedules), {
    message: /exactly one of percent, flat or locality/,
  });
});

test('an admitted program charges its policy fee alone', (t) => {
  t.deepEqual(chargeTermsFor(data.defaultProgram(), placement('CA'), schedules), { policyFee: cents(0), taxState: null, components: [] });
});

test('the figures states set, on $100,000 of premium with a $250 policy fee', (t) => {
  // Kansas: 6 % through 2023, 3 % from 2024 (K.S.A. 40-246c).
  t.deepEqual(charged('KS', { effectiveDate: '2023-12-31' }), { tax: cents(6_000_00) });
  // From 2026 Kansas policies also pay the 0.175 % SLIP+ transaction fee.
  t.deepEqual(charged('KS', { effectiveDate: '2025-06-01' }), { tax: cents(3_000_00) });
  t.deepEqual(charged('KS'), { tax: cents(3_000_00), slipFee: cents(175_00) });
  // Delaware: 3 % (2 % before July 30, 2014) on the whole premium including fees.
  t.deepEqual(charged('DE'), { tax: cents(3_007_50) });
  t.deepEqual(charged('DE', { effectiveDate: '2014-01-01' }), { tax: cents(2_005_00) });
  // Kentucky: 3 % and 1.8 % on premium and fees, and the city's tax for the line (Albany, casualty 10 %).
  t.deepEqual(charged('KY', { locality: 'ALBANY' }), { tax: cents(3_007_50), surcharge: cents(1_804_50), local: cents(10_025_00) });
  // Mississippi: 4 %, 0.25 % and the 3 % MWUA fee, all on premium and fees.
  t.deepEqual(charged('MS'), { tax: cents(4_010_00), stamping: cents(250_63), mwua: cents(3_007_50) });
  t.deepEqual(charged('AK'), { tax: cents(2_700_00), filing: cents(1_000_00) });
  // Nevada taxes the policy fee as premium (NRS 685A.180(3)).
  t.deepEqual(charged('NV'), { tax: cents(3_508_75), stamping: cents(400_00) });
  t.deepEqual(charged('NC'), { tax: cents(5_012_50), stamping: cents(300_75) });
  t.deepEqual(charged('PA'), { tax: cents(3_000_00), stamping: cents(20_00) });
  // Illinois rounds to whole dollars; the fire marshal tax falls on the fire part (all of a property policy's premium).
  t.deepEqual(charged('IL'), { tax: cents(3_500_00), stamping: cents(40_00) });
  t.deepEqual(charged('IL', { lineOfBusiness: 'PROPERTY' }), { tax: cents(3_500_00), fireMarshal: cents(1_000_00), stamping: cents(40_00) });
  t.deepEqual(charged('OR'), { tax: cents(2_005_00), fireMarshal: cents(300_75), serviceCharge: cents(10_00) });
  t.deepEqual(charged('IA'), { tax: cents(925_00) });
  t.deepEqual(charged('IA', { effectiveDate: '2027-01-01' }), { tax: cents(900_00) });
  t.deepEqual(charged('WY'), { tax: cents(3_000_00), slipFee: cents(175_00) });
  t.deepEqual(charged('MT', { lineOfBusiness: 'PROPERTY' }), { tax: cents(2_750_00), fireTax: cents(2_500_00), slipFee: cents(175_00) });
  t.deepEqual(charged('SD', { lineOfBusiness: 'PROPERTY' }), { tax: cents(2_500_00), fireTax: cents(500_00), slipFee: cents(175_00) });
  t.deepEqual(charged('SD', { effectiveDate: '2025-06-01' }), { tax: cents(2_500_00) });
  // Colorado: 3 % on premium and fees; the SLIP+ transaction fee on policies effective from 2025-01-01.
  t.deepEqual(charged('CO'), { tax: cents(3_007_50), slipFee: cents(175_44) });
  t.deepEqual(charged('CO', { effectiveDate: '2024-12-31' }), { tax: cents(3_007_50) });
  t.deepEqual(charged('NV'), { tax: cents(3_508_75), stamping: cents(400_00) });
  t.deepEqual(charged('NM'), { tax: cents(3_010_51) });
  t.deepEqual(charged('FL', { lineOfBusiness: 'PROPERTY' }), { tax: cents(4_952_35), stamping: cents(60_15), empa: cents(4_00) });
  t.deepEqual(charged('FL'), { tax: cents(4_952_35), stamping: cents(60_15) });
  t.deepEqual(charged('TX', { effectiveDate: '2023-06-01' }), { tax: cents(4_850_00), stamping: cents(75_00) });
  t.deepEqual(charged('TX'), { tax: cents(4_850_00), stamping: cents(40_00) });
  // Tennessee: 5 % on premium and fees and the 0.175 % SLIP transaction fee (Department bulletin, 2016).
  t.deepEqual(charged('TN'), { tax: cents(5_012_50), slipFee: cents(175_00) });
  t.deepEqual(charged('PR'), { tax: cents(9_000_00) });
  t.deepEqual(charged('VI'), { tax: cents(5_000_00) });
  t.deepEqual(charged('GU'), {});
});

test('Kentucky local premium tax follows the risk: it needs a known locality, and a risk in another state has none', (t) => {
  const error = t.throws(() => charged('KY'));
  t.true(isDomainError(error) && error.code === 'locality_required');
  t.throws(() => charged('KY', { locality: 'NOWHERE' }), { message: /ALBANY/ });
  t.deepEqual(charged('KY', { riskState: 'OH' }), { tax: cents(3_007_50), surcharge: cents(1_804_50) });
  // A city that levies nothing on the line charges no local tax (Alexandria: no casualty tax).
  t.deepEqual(charged('KY', { locality: 'ALEXANDRIA' }), { tax: cents(3_007_50), surcharge: cents(1_804_50) });
  const lines: LineOfBusiness[] = ['PROPERTY'];
  for (const lineOfBusiness of lines) t.is(charged('KY', { locality: 'ALEXANDRIA', lineOfBusiness }).local, cents(10_025_00));
});

test('an endorsement charges percent components on the added premium and a flat fee per filing; a return gives back only what is returned pro rata', (t) => {
  const pennsylvania = chargeTermsFor(surplus, placement('PA'), schedules);
  t.deepEqual(endorsementCharges(cents(1_000_00), pennsylvania).taxes, [
    { code: 'tax', payee: 'surplusLinesTax', amount: cents(30_00) },
    { code: 'stamping', payee: 'stampingFee', amount: cents(20_00) },
  ]);
  t.deepEqual(endorsementCharges(cents(-1_000_00), pennsylvania).taxes, [{ code: 'tax', payee: 'surplusLinesTax', amount: cents(-30_00) }]);
  const oregon = chargeTermsFor(surplus, placement('OR'), schedules);
  // Oregon's service charge is per policy: an endorsement does not charge it again.
  t.deepEqual(
    endorsementCharges(cents(1_000_00), oregon).taxes.map((tax) => tax.code),
    ['tax', 'fireMarshal'],
  );
});
