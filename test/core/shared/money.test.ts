import test from 'ava';
import { allocate, cents, centsToDollars, dollarsToCents, formatDollars } from '../../../core/shared/money.ts';

const sum = (parts: number[]) => parts.reduce((a, b) => a + b, 0);

test('allocation sums to the cent and keeps each part within a cent of its share', (t) => {
  const cases: Array<[number, number[]]> = [
    [100_00, [1, 1, 1]],
    [1, [1, 1, 1]],
    [99_999_99, [10, 10, 10, 10, 10, 10, 10, 10, 10, 10]],
    [12_345_67, [0.15, 0.05, 0.8]],
    [-500_01, [1, 2]],
    [7, [0, 1]],
  ];
  for (const [total, weights] of cases) {
    const parts = allocate(cents(total), weights);
    t.is(sum(parts), total, `${total} over ${weights}`);
    const weightSum = sum(weights);
    parts.forEach((part, i) => t.true(Math.abs(part - (total * (weights[i] ?? 0)) / weightSum) < 1));
  }
  t.deepEqual(allocate(cents(100), [1, 1, 1]), [34, 33, 33]);
});

test('allocation refuses meaningless weights', (t) => {
  t.throws(() => allocate(cents(100), []));
  t.throws(() => allocate(cents(100), [0, 0]));
  t.throws(() => allocate(cents(100), [1, -1]));
});

test('dollars convert to cents exactly or are refused', (t) => {
  t.is(dollarsToCents(1234.56) as number, 123456);
  // What a sender's JSON carries is checked digit by digit: 0.1 + 0.2 serializes with 17 decimals.
  t.throws(() => dollarsToCents(0.1 + 0.2), { message: /two decimals/ });
  t.is(dollarsToCents(144335143.7) as number, 14433514370);
  t.is(dollarsToCents(85899345.93) as number, 8589934593);
  t.is(dollarsToCents(9_999_999_999.99) as number, 999_999_999_999);
  t.is(dollarsToCents(10_000_000_000) as number, 1_000_000_000_000);
  t.is(dollarsToCents(-26198.37) as number, -2619837);
  t.is(dollarsToCents(0.07) as number, 7);
  t.throws(() => dollarsToCents(10_000_000_000.01), { message: /at most/ });
  t.throws(() => dollarsToCents(90_071_992_547_409.92), { message: /at most/ });
  t.throws(() => dollarsToCents(1e21), { message: /at most/ });
  t.throws(() => dollarsToCents(1e-7), { message: /two decimals/ });
  t.throws(() => dollarsToCents(Number.POSITIVE_INFINITY));
  t.is(centsToDollars(cents(123456)), 1234.56);
  t.throws(() => dollarsToCents(1.234), { message: /two decimals/ });
  t.throws(() => dollarsToCents(Number.NaN));
  t.throws(() => cents(1.5));
});

test('amounts in cents read as dollars, grouped by thousands, to the cent', (t) => {
  t.is(formatDollars(cents(123_450)), '$1,234.50');
  t.is(formatDollars(cents(-300)), '-$3.00');
  t.is(formatDollars(cents(5)), '$0.05');
  t.is(formatDollars(cents(0)), '$0.00');
  t.is(formatDollars(cents(100_000_000_000_01)), '$100,000,000,000.01');
  // The same text as the locale's own two-decimal formatting, over amounts of every size.
  for (let amount = 1; amount < 10 ** 13; amount = amount * 7 + 3) {
    const expected = `$${(amount / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    t.is(formatDollars(cents(amount)), expected, String(amount));
  }
});
