import test from 'ava';
import fc from 'fast-check';
import { instantFromIso, isoInstant } from '../../../core/shared/iso-instant.ts';

const sameInstant = (a: Date, b: Date): boolean => (Number.isNaN(a.getTime()) ? Number.isNaN(b.getTime()) : a.getTime() === b.getTime());

test('isoInstant writes what toISOString writes, for any instant from year -271821 to 275760', (t) => {
  fc.assert(
    fc.property(fc.integer({ min: -8.64e15, max: 8.64e15 }), (ms) => {
      const date = new Date(ms);
      return isoInstant(date) === date.toISOString();
    }),
    { numRuns: 20_000 },
  );
  for (const ms of [0, 1, 951_782_400_000 /* 2000-02-29 */, 4_107_542_400_000 /* 2100-03-01 */, 253_402_300_799_999, 253_402_300_800_000, -1]) {
    t.is(isoInstant(new Date(ms)), new Date(ms).toISOString(), String(ms));
  }
});

test('isoInstant throws as toISOString does for an invalid date', (t) => {
  t.throws(() => isoInstant(new Date(Number.NaN)), { instanceOf: RangeError });
});

test('instantFromIso reads back every instant isoInstant writes', (t) => {
  fc.assert(
    fc.property(fc.integer({ min: -8.64e15, max: 8.64e15 }), (ms) => instantFromIso(isoInstant(new Date(ms))).getTime() === ms),
    { numRuns: 20_000 },
  );
  t.pass();
});

test('instantFromIso reads any other text exactly as new Date does', (t) => {
  const part = (digits: number) => fc.integer({ min: 0, max: 10 ** digits - 1 }).map((n) => String(n).padStart(digits, '0'));
  const shaped = fc
    .tuple(
      part(4),
      part(2),
      part(2),
      part(2),
      part(2),
      part(2),
      part(3),
      fc.constantFrom('-', '/', ' '),
      fc.constantFrom('T', 't', ' '),
      fc.constantFrom('Z', 'z', '+'),
    )
    .map(([y, mo, d, h, mi, s, ms, dash, tee, zed]) => `${y}${dash}${mo}-${d}${tee}${h}:${mi}:${s}.${ms}${zed}`);
  fc.assert(
    fc.property(fc.oneof(shaped, fc.string({ maxLength: 30 })), (text) => sameInstant(instantFromIso(text), new Date(text))),
    { numRuns: 20_000 },
  );
  for (const text of [
    '2027-02-29T00:00:00.000Z',
    '2028-02-29T12:00:00.000Z',
    '2027-02-30T00:00:00.000Z',
    '2027-04-31T00:00:00.000Z',
    '2027-01-01T24:00:00.000Z',
    '2027-00-10T00:00:00.000Z',
    '1969-12-31T23:59:59.999Z',
    '2027-01-01T00:00:60.000Z',
    '２０２７-01-01T00:00:00.000Z',
  ]) {
    t.true(sameInstant(instantFromIso(text), new Date(text)), text);
  }
});
