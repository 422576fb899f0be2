import type { PortfolioMonth } from '../core/analytics/portfolio-days.ts';
import type { KeptPortfolioMonth } from '../ports/analytics/portfolio-days.repository.ts';

type Row = KeptPortfolioMonth & { readonly orgId: string };

/** A month's figures without the days whose changes cancelled out (kept rows hold them at zero, a count leaves them out). */
const nonZero = (figures: PortfolioMonth): string =>
  JSON.stringify(
    Object.entries(figures)
      .map(
        ([figure, days]) =>
          [
            figure,
            Object.entries(days ?? {})
              .filter(([, value]) => value !== 0)
              .sort(([a], [b]) => a.localeCompare(b)),
          ] as const,
      )
      .filter(([, days]) => days.length > 0)
      .sort(([a], [b]) => a.localeCompare(b)),
  );

/** Each organization-month whose kept figures differ from the recount, as a line to print. */
export const portfolioDifferences = (kept: readonly Row[], recounted: readonly Row[]): string[] => {
  const keyed = (rows: readonly Row[]) => new Map(rows.map((row) => [`${row.orgId} ${row.month}`, nonZero(row.figures)]));
  const [before, after] = [keyed(kept), keyed(recounted)];
  const empty = nonZero({});
  return [...new Set([...before.keys(), ...after.keys()])]
    .sort()
    .filter((key) => (before.get(key) ?? empty) !== (after.get(key) ?? empty))
    .map((key) => `${key}: kept ${before.get(key) ?? empty}, recounted ${after.get(key) ?? empty}`);
};
