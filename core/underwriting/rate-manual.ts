import { compareDates, type CalendarDate } from '../shared/calendar-date.ts';
import { validationFailed } from '../shared/domain-error.ts';
import { rate, type RateTable, type Rating } from './rating.ts';
import { LINES_OF_BUSINESS, type LineOfBusiness } from '../shared/reference-data.ts';
import type { CompleteRisk } from './submission.ts';

/**
 * One filing of the rate manual: the tables it changes, for terms effective from a date. A line
 * it does not change keeps the table of the filing before it, as a manual's revised pages do.
 */
export interface RateManualVersion {
  readonly version: string;
  /** Terms (new business and renewals) effective on or after this date are rated on this version. */
  readonly effectiveFrom: CalendarDate;
  readonly tables: Partial<Record<LineOfBusiness, Omit<RateTable, 'version'>>>;
}

/** Every filing, oldest first. */
export type RateManual = readonly RateManualVersion[];

/**
 * Checks a manual once at load: filings in order of their dates, versions unique, and the first
 * one rating every line (so every later version has a table for every line).
 */
export const validRateManual = (manual: RateManual): RateManual => {
  const [first] = manual;
  if (!first || LINES_OF_BUSINESS.some((line) => !first.tables[line])) throw new Error('The first rate manual version must rate every line of business.');
  manual.forEach((entry, i) => {
    const before = manual[i - 1];
    if (before && compareDates(entry.effectiveFrom, before.effectiveFrom) <= 0) throw new Error(`Rate manual version ${entry.version} is out of date order.`);
    if (manual.findIndex((other) => other.version === entry.version) !== i) throw new Error(`Rate manual version ${entry.version} is listed twice.`);
    for (const [line, table] of Object.entries(entry.tables)) {
      if (table.lineOfBusiness !== line) throw new Error(`Rate manual version ${entry.version} files a ${table.lineOfBusiness} table as ${line}.`);
    }
  });
  return manual;
};

/**
 * The version a term effective on `date` is rated on, for its whole life: endorsements re-rate on
 * it, so a rate filing after the bind never re-prices a change that changes nothing.
 */
export const rateVersionOn = (manual: RateManual, date: CalendarDate): string => {
  const inForce = manual.filter((entry) => compareDates(entry.effectiveFrom, date) <= 0).at(-1);
  if (!inForce) {
    throw validationFailed('effectiveDate', 'rated', `No rate table is in force on ${date}; the first takes effect ${manual[0]?.effectiveFrom}.`);
  }
  return inForce.version;
};

/** A line's table as of a version: the one the version files, or the latest filed before it. */
export const rateTableOf = (manual: RateManual, version: string, line: LineOfBusiness): RateTable => {
  const index = manual.findIndex((entry) => entry.version === version);
  if (index < 0) throw new Error(`Unknown rate manual version ${version}.`);
  for (let i = index; i >= 0; i -= 1) {
    const table = manual[i]?.tables[line];
    if (table) return { ...table, version };
  }
  throw new Error(`Rate manual version ${version} has no ${line} table.`);
};

/** Rates a risk on a version of the manual. */
export const rateOnVersion = (manual: RateManual, version: string, risk: CompleteRisk): Rating => rate(risk, rateTableOf(manual, version, risk.lineOfBusiness));
