import { validationFailed } from './domain-error.ts';

/** Integer cents. Dollars exist only at the edges. */
export type Cents = number & { readonly __cents: unique symbol };

export const cents = (value: number): Cents => {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not an integer amount of cents: ${value}`);
  return value as Cents;
};

/**
 * The largest amount any money field accepts, in dollars: ten billion. Far above any premium,
 * limit or payment the platform handles, and small enough that sums of many such amounts in
 * cents stay exact integers.
 */
export const MAX_DOLLARS = 10_000_000_000;

/**
 * Why a payload amount in dollars is not acceptable, or null. The number is read back as the
 * shortest decimal that JSON would print for it (what the sender wrote), so two decimals are
 * checked on digits, never on binary fractions.
 */
export const dollarsProblem = (dollars: number): 'number' | 'maximum' | 'multipleOf' | null => {
  if (!Number.isFinite(dollars)) return 'number';
  if (Math.abs(dollars) > MAX_DOLLARS) return 'maximum';
  const text = String(Math.abs(dollars));
  // Exponent notation only appears below 1e-6 here (the maximum keeps large values plain).
  if (text.includes('e')) return 'multipleOf';
  const fraction = text.split('.')[1] ?? '';
  return fraction.length > 2 ? 'multipleOf' : null;
};

/** Converts a payload amount in dollars (at most two decimals, at most MAX_DOLLARS) to cents exactly. */
export const dollarsToCents = (dollars: number, field = 'amount'): Cents => {
  const problem = dollarsProblem(dollars);
  if (problem === 'maximum') throw validationFailed(field, 'maximum', `'${field}' must be at most ${MAX_DOLLARS} dollars.`);
  if (problem === 'multipleOf') throw validationFailed(field, 'multipleOf', `'${field}' has more than two decimals.`);
  if (problem) throw validationFailed(field, 'number');
  const [whole = '0', fraction = ''] = String(Math.abs(dollars)).split('.');
  const magnitude = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return cents(dollars < 0 ? -magnitude : magnitude);
};

export const centsToDollars = (amount: Cents): number => amount / 100;

/** A computed amount in dollars (a rate times an exposure), rounded half up to the cent. */
export const roundToCents = (dollars: number): Cents => cents(Math.round(dollars * 100 + 1e-9));

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
  const order = exact.map((value, index) => ({ index, fraction: value - Math.floor(value) })).sort((a, b) => b.fraction - a.fraction || a.index - b.index);
  for (const { index } of order) {
    if (remainder === 0) break;
    parts[index] = (parts[index] ?? 0) + 1;
    remainder -= 1;
  }
  return parts.map((p) => cents(sign * p));
};

/** Whole dollars grouped by thousands; made once, as each `toLocaleString` with options builds a formatter anew. */
const WHOLE_DOLLARS = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0, useGrouping: true });

/** An amount in cents as people read it: `$1,234.50`, `-$3.00`; exact, with no division into a float. */
export const formatDollars = (amount: number): string => {
  const magnitude = Math.round(Math.abs(amount));
  const fraction = String(magnitude % 100).padStart(2, '0');
  return `${amount < 0 ? '-' : ''}$${WHOLE_DOLLARS.format(Math.floor(magnitude / 100))}.${fraction}`;
};
