import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NoticePeriod, NoticePeriods } from '../../core/policy/delinquency.ts';
import { isCalendarDate } from '../../core/shared/calendar-date.ts';
import { HOME_STATES } from '../../core/shared/reference-data.ts';

const FILE = 'fixtures/compliance/cancellation-notice-days.json';

const validPeriod = (period: NoticePeriod | undefined, where: string): void => {
  const shaped =
    period !== undefined &&
    Number.isInteger(period.days) &&
    period.days >= 1 &&
    period.days <= 90 &&
    typeof period.source === 'string' &&
    period.source.trim().length > 0 &&
    (period.verifiedOn === null || (typeof period.verifiedOn === 'string' && isCalendarDate(period.verifiedOn)));
  if (!shaped) throw new Error(`${FILE}: the notice period of ${where} is missing or malformed (days 1-90, a source, verifiedOn a date or null).`);
};

/** Each home state's notice period for cancelling for non-payment, checked once at load: every state and territory, each with its source. */
export const loadNoticePeriods = (): NoticePeriods => {
  const periods = JSON.parse(readFileSync(join(import.meta.dirname, '../../', FILE), 'utf8')) as NoticePeriods;
  validPeriod(periods.default, 'the default');
  for (const state of HOME_STATES) validPeriod(periods.states[state], state);
  for (const state of Object.keys(periods.states)) {
    if (!(HOME_STATES as readonly string[]).includes(state)) throw new Error(`${FILE}: '${state}' is not a state or territory.`);
  }
  return periods;
};
