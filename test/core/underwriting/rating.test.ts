import test from 'ava';
import { FixtureReferenceData } from '../../../adapters/reference-data/fixture-reference-data.ts';
import { rateTableOf } from '../../../core/underwriting/rate-manual.ts';
import { rate } from '../../../core/underwriting/rating.ts';
import type { CompleteRisk } from '../../../core/underwriting/submission.ts';
import { cents } from '../../../core/shared/money.ts';
import { NAICS_SECTORS } from '../../../core/shared/reference-data.ts';

const data = new FixtureReferenceData();
/** The initial filing: the examples below were worked by hand from it. */
const table = (line: CompleteRisk['lineOfBusiness']) => rateTableOf(data.rateManual(), '2026-01', line);
const risk = (overrides: Partial<CompleteRisk>): CompleteRisk => ({
  insuredName: 'Acme',
  naicsCode: '238220',
  annualRevenue: cents(2_500_000_00),
  requestedLimit: cents(2_000_000_00),
  effectiveDate: '2027-01-01',
  state: 'CA',
  lineOfBusiness: 'GL',
  ...overrides,
});

// Worked by hand from fixtures/rate-tables: units x rate x ILF x state, minimum premium, half-up cents.
const examples: Array<[string, Partial<CompleteRisk>, number, string]> = [
  ['GL plumbing contractor, CA, 2M', {}, 29_109.38, '2,500 x 7.50 x 1.35 x 1.15 = 29,109.375'],
  [
    'GL software firm, OH, 1M',
    { naicsCode: '541511', annualRevenue: cents(4_000_000_00), requestedLimit: cents(1_000_000_00), state: 'OH' },
    3_040.0,
    '4,000 x 0.80 x 1.00 x 0.95',
  ],
  [
    'GL sector rate, unlisted state, 3M',
    { naicsCode: '4411', annualRevenue: cents(1_234_567_00), requestedLimit: cents(2_500_000_00), state: 'VT' },
    4_975.31,
    '1,234.567 x 2.60 x 1.55 x 1.00 = 4,975.30501',
  ],
  [
    'GL minimum premium',
    { naicsCode: '541511', annualRevenue: cents(100_000_00), requestedLimit: cents(1_000_000_00), state: 'VT' },
    750.0,
    '100 x 0.80 = 80 < 750',
  ],
  [
    'PROPERTY per $100 of value, FL',
    { lineOfBusiness: 'PROPERTY', naicsCode: '722511', requestedLimit: cents(1_500_000_00), state: 'FL' },
    12_480.0,
    '15,000 x 0.52 x 1.60',
  ],
  [
    'AUTO trucking, TX, 5M',
    { lineOfBusiness: 'AUTO', naicsCode: '484121', annualRevenue: cents(3_000_000_00), requestedLimit: cents(5_000_000_00), state: 'TX' },
    74_250.0,
    '3,000 x 12.50 x 1.80 x 1.10',
  ],
  [
    'CYBER bank, NY, 1M',
    { lineOfBusiness: 'CYBER', naicsCode: '522110', annualRevenue: cents(10_000_000_00), requestedLimit: cents(1_000_000_00), state: 'NY' },
    24_200.0,
    '10,000 x 2.20 x 1.00 x 1.10',
  ],
  [
    'PL law firm, NJ, 2M',
    { lineOfBusiness: 'PL', naicsCode: '541110', annualRevenue: cents(750_000_00), requestedLimit: cents(2_000_000_00), state: 'NJ' },
    5_791.5,
    '750 x 5.20 x 1.35 x 1.10 = 5,791.50',
  ],
  [
    'PL limit above the top tier uses the top factor',
    { lineOfBusiness: 'PL', naicsCode: '541110', annualRevenue: cents(750_000_00), requestedLimit: cents(20_000_000_00), state: 'NJ' },
    9_009.0,
    '750 x 5.20 x 2.10 x 1.10',
  ],
];

for (const [title, overrides, expected, working] of examples) {
  test(`rating: ${title} (${working})`, (t) => {
    const subject = risk(overrides);
    const result = rate(subject, table(subject.lineOfBusiness));
    t.is(result.grossPremium / 100, expected);
    t.is(result.worksheet.grossPremium, expected);
  });
}

test('rating: the worksheet shows every factor', (t) => {
  const { worksheet } = rate(risk({}), table('GL'));
  t.like(worksheet, {
    exposureUnits: 2500,
    classRate: 7.5,
    rateSource: 'class 238220',
    increasedLimitFactor: 1.35,
    stateFactor: 1.15,
    minimumPremiumApplied: false,
  });
});

test('rating: every NAICS sector rates on every line', (t) => {
  for (const line of ['GL', 'PROPERTY', 'AUTO', 'CYBER', 'PL'] as const) {
    for (const sector of NAICS_SECTORS) {
      const code = sector.slice(0, 2);
      t.true(rate(risk({ lineOfBusiness: line, naicsCode: code }), table(line)).grossPremium > 0, `${line} ${sector}`);
    }
  }
  t.throws(() => rate(risk({ naicsCode: '99' }), table('GL')), { message: /no rated sector/ });
});

test('rating: coverage options add the charges the rate manual files for their endorsements, after the minimum premium, each named on the worksheet', (t) => {
  const address = { line1: '1 Main St', city: 'Oakland', state: 'CA', postalCode: '94612' };
  const insured = (name: string) => ({ name, address, relationship: 'general contractor', operations: 'ongoing' as const });
  const base = rate(risk({}), table('GL'));
  const optioned = rate(
    risk({
      coverage: {
        additionalInsureds: [insured('A Builders'), insured('B Builders')],
        waiverOfSubrogation: { blanket: true, parties: [] },
        primaryNonContributory: true,
      },
    }),
    table('GL'),
  );
  // 2 additional insureds x $150, a blanket waiver $250, primary and non-contributory $100.
  t.is(Number(optioned.grossPremium), base.grossPremium + 650_00);
  t.deepEqual(optioned.worksheet.endorsementCharges, { additionalInsureds: 300, waiverOfSubrogation: 250, primaryNonContributory: 100 });
  t.is(
    Number(
      rate(risk({ coverage: { waiverOfSubrogation: { blanket: false, parties: ['A Builders', 'B Builders', 'C Builders'] } } }), table('GL')).grossPremium,
    ),
    base.grossPremium + 300_00,
  );
  // Below the minimum premium, the charges come on top of the minimum.
  const small = risk({ naicsCode: '541511', annualRevenue: cents(100_000_00), requestedLimit: cents(1_000_000_00), state: 'OH' });
  t.is(Number(rate({ ...small, coverage: { primaryNonContributory: true } }, table('GL')).grossPremium), rate(small, table('GL')).grossPremium + 100_00);
  t.is(base.worksheet.endorsementCharges, undefined, 'no options, no charges');
});
