// Rating engine throughput in-process: quotes per second over the fixture rate tables.
import { FixtureReferenceData } from '../adapters/reference-data/fixture-reference-data.ts';
import { cents } from '../core/shared/money.ts';
import { rateOnVersion } from '../core/underwriting/rate-manual.ts';
import { LINES_OF_BUSINESS, US_STATES } from '../core/shared/reference-data.ts';
import type { CompleteRisk } from '../core/underwriting/submission.ts';

const data = new FixtureReferenceData();
const codes = ['238220', '541511', '722511', '484121', '5221', '6211', '44', '31', '622110', '92'];
const risks: CompleteRisk[] = Array.from({ length: 1000 }, (_, i) => ({
  insuredName: `Insured ${i}`,
  naicsCode: codes[i % codes.length] as string,
  annualRevenue: cents(100_000_00 + i * 12_345_67),
  requestedLimit: cents([1, 2, 3, 5, 10][i % 5]! * 1_000_000_00),
  effectiveDate: '2027-01-01',
  state: US_STATES[i % US_STATES.length] as string,
  lineOfBusiness: LINES_OF_BUSINESS[i % LINES_OF_BUSINESS.length]!,
}));

let checksum = 0;
const run = (count: number) => {
  for (let i = 0; i < count; i += 1) {
    const risk = risks[i % risks.length] as CompleteRisk;
    checksum += rateOnVersion(data.rateManual(), '2026-01', risk).grossPremium;
  }
};
run(50_000);
const count = 1_000_000;
const started = process.hrtime.bigint();
run(count);
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
console.log(
  `rating: ${Math.round(count / seconds).toLocaleString('en-US')} quotes/s (${count.toLocaleString('en-US')} quotes in ${seconds.toFixed(2)} s; target >= 100,000/s) [checksum ${checksum % 997}]`,
);
