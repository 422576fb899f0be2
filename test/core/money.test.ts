import test from 'ava';
import { allocate, cents, centsToDollars, dollarsToCents } from '../../core/shared/money.ts';

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
  t.is(dollarsToCents(0.1 + 0.2) as number, 30);
  t.is(centsToDollars(cents(123456)), 1234.56);
  t.throws(() => dollarsToCents(1.234), { message: /two decimals/ });
  t.throws(() => dollarsToCents(Number.NaN));
  t.throws(() => cents(1.5));
});
