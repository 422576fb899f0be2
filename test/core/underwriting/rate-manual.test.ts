import test from 'ava';
import { FixtureReferenceData } from '../../../adapters/reference-data/fixture-reference-data.ts';
import { rateTableOf, rateVersionOn, validRateManual, type RateManual } from '../../../core/underwriting/rate-manual.ts';
import { isDomainError } from '../../../core/shared/domain-error.ts';

const manual = new FixtureReferenceData().rateManual();

test('a term is priced on the version in force on its effective date', (t) => {
  t.is(rateVersionOn(manual, '2026-01-01'), '2026-01');
  t.is(rateVersionOn(manual, '2027-06-30'), '2026-01');
  t.is(rateVersionOn(manual, '2027-07-01'), '2027-07');
  t.is(rateVersionOn(manual, '2030-01-01'), '2027-07');
  const error = t.throws(() => rateVersionOn(manual, '2025-12-31'));
  t.true(isDomainError(error), 'a date before the first filing is a validation error, not a crash');
  t.regex(error.message, /No rate table is in force on 2025-12-31/);
});

test('a version keeps the tables of the lines it does not change', (t) => {
  const gl = rateTableOf(manual, '2027-07', 'GL');
  t.is(gl.version, '2027-07');
  t.is(gl.classRates['5415'], 0.85);
  t.is(rateTableOf(manual, '2026-01', 'GL').classRates['5415'], 0.8);
  const property = rateTableOf(manual, '2027-07', 'PROPERTY');
  t.is(property.version, '2027-07', 'the worksheet names the version priced on');
  t.deepEqual({ ...property, version: '2026-01' }, rateTableOf(manual, '2026-01', 'PROPERTY'));
  t.throws(() => rateTableOf(manual, '2031-01', 'GL'), { message: /Unknown rate manual version/ });
});

test('a manual out of date order, with a version twice, or with a first filing missing a line is refused at load', (t) => {
  const [first, second] = manual as [RateManual[number], RateManual[number]];
  t.throws(() => validRateManual([first, { ...second, effectiveFrom: first.effectiveFrom }]), { message: /out of date order/ });
  t.throws(() => validRateManual([first, { ...second, version: first.version }]), { message: /listed twice/ });
  t.throws(() => validRateManual([{ ...first, tables: { GL: first.tables.GL! } }]), { message: /must rate every line/ });
  t.throws(() => validRateManual([first, { ...second, tables: { PL: first.tables.GL! } }]), { message: /files a GL table as PL/ });
});
