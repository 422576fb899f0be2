import { validationFailed } from './domain-error.ts';

/** Integer cents. Dollars exist only at the edges. */
export type Cents = number & { readonly __cents: unique symbol };

export const cents = (value: number): Cents => {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not an integer amount of cents: ${value}`);
  return value as Cents;
};

/** Converts a payload amount in dollars (at most two decimals) to cents, refusing anything else. */
export const dollarsToCents = (dollars: number, field = 'amount'): Cents => {
  if (!Number.isFinite(dollars)) throw validationFailed(field, 'number');
  const scaled = Math.round(dollars * 100);
  if (Math.abs(scaled - dollars * 100) > 1e-6) throw validationFailed(field, 'multipleOf', `'${field}' has more than two decimals.`);
  return cents(scaled);
};

export const centsToDollars = (amount: Cents): number => amount / 100;

/**
 * Splits a total into parts proportional to weights so that the parts sum exactly to the total.
 * Remainder cents go to the largest fractional shares first (ties to the earlier part), which
 * keeps every part within one cent of its exact share.
 */
export const allocate = (total: Cents, weights: readonly number[]): Cents[] => {
  if (weights.length === 0) throw new RangeError('allocate needs at least one weight');
  if (weights.some((w) => !(w >= 0))) throw new RangeError('weights must be non-negative');
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) throw new RangeError('weights must not all be zero');
  const sign = total < 0 ? -1 : 1;
  const magnitude = Math.abs(total);
  const exact = weights.map((w) => (magnitude * w) / sum);
  const parts = exact.map(Math.floor);
  let remainder = magnitude - parts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((value, index) => ({ index, fraction: value - Math.floor(value) }))
    .sort((a, b) => b.fraction - a.fraction || a.index - b.index);
  for (const { index } of order) {
    if (remainder === 0) break;
    parts[index] = (parts[index] ?? 0) + 1;
    remainder -= 1;
  }
  return parts.map((p) => cents(sign * p));
};
