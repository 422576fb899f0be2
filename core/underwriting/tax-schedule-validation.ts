import { isCalendarDate } from '../shared/calendar-date.ts';
import { dollarsProblem } from '../shared/money.ts';
import { HOME_STATES, LINES_OF_BUSINESS } from '../shared/reference-data.ts';
import {
  LEVIES,
  REFUND_RULES,
  ROUNDINGS,
  TAX_KINDS,
  type LocalityRate,
  type PerilShares,
  type StateTaxSchedule,
  type TaxComponentRule,
  type TaxSchedules,
} from './tax-schedule.ts';

const percent = (value: unknown): boolean =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 100 && Math.abs(value * 1000 - Math.round(value * 1000)) < 1e-6;
const dollars = (value: unknown): boolean => typeof value === 'number' && value >= 0 && dollarsProblem(value) === null;
const text = (value: unknown): boolean => typeof value === 'string' && value.trim().length > 0;
const oneOf = (values: readonly string[], value: unknown): boolean => typeof value === 'string' && values.includes(value);

/** Why a component cannot be charged as written, or null when it can. */
const componentProblem = (rule: TaxComponentRule): string | null => {
  if (!text(rule.code) || !text(rule.name)) return 'needs a code and a name';
  if (!text(rule.source)) return 'has no source (statute, stamping office or regulator)';
  if (!(rule.verifiedOn === null || isCalendarDate(rule.verifiedOn)) || !isCalendarDate(rule.effectiveFrom))
    return 'needs an effectiveFrom date and a verifiedOn date (or null)';
  if (rule.effectiveTo !== undefined && (!isCalendarDate(rule.effectiveTo) || rule.effectiveTo < rule.effectiveFrom)) return 'ends before it begins';
  if (!oneOf(TAX_KINDS, rule.payee) || !oneOf(LEVIES, rule.levy) || !oneOf(REFUND_RULES, rule.refund) || !oneOf(ROUNDINGS, rule.rounding))
    return 'has an unknown payee, levy, refund rule or rounding';
  const amounts = [rule.percent !== undefined, rule.flat !== undefined, rule.locality === true].filter(Boolean).length;
  if (amounts !== 1) return 'needs exactly one of percent, flat or locality';
  if (rule.percent !== undefined && !percent(rule.percent)) return 'has a percent outside 0-100 or with more than three decimals';
  if (rule.flat !== undefined && (!dollars(rule.flat) || !oneOf(['policy', 'filing'], rule.per)))
    return "needs a flat amount in dollars and 'per' (policy or filing)";
  if (rule.lines !== undefined && !rule.lines.every((line) => oneOf(LINES_OF_BUSINESS, line))) return 'names an unknown line of business';
  return null;
};

/** Two versions of a component must not both apply to one effective date. */
const overlapping = (rules: readonly TaxComponentRule[]): string | null => {
  for (const [index, rule] of rules.entries()) {
    const clash = rules
      .slice(index + 1)
      .find(
        (other) =>
          other.code === rule.code && other.effectiveFrom <= (rule.effectiveTo ?? '9999-12-31') && rule.effectiveFrom <= (other.effectiveTo ?? '9999-12-31'),
      );
    if (clash) return rule.code;
  }
  return null;
};

const validLocalities = (state: string, localities: Readonly<Record<string, LocalityRate>> | undefined): void => {
  if (!localities || Object.keys(localities).length === 0)
    throw new Error(`${state} levies a local premium tax but fixtures/taxes/localities.json has no jurisdictions for it.`);
  for (const [key, locality] of Object.entries(localities)) {
    if (!text(locality.name) || !text(locality.source) || !LINES_OF_BUSINESS.every((line) => percent(locality.rates?.[line])))
      throw new Error(`Locality ${state} ${key} needs a name, a source and a percent for every line of business.`);
  }
};

const validShares = (shares: Readonly<Record<string, PerilShares>>): void => {
  for (const line of LINES_OF_BUSINESS) {
    const share = shares[line];
    if (!share || !percent(share.fire) || !percent(share.marine) || share.fire + share.marine > 100)
      throw new Error(`The peril shares need fire and marine percents for ${line}.`);
  }
};

/**
 * Checks the schedules once at load: every state, DC and territory has one, every component says
 * what it charges and where that comes from, versions of a component do not overlap, and local and
 * peril-share tables cover what the components ask of them. A schedule that fails stops the start.
 */
export const validTaxSchedules = (schedules: TaxSchedules): TaxSchedules => {
  for (const state of HOME_STATES) {
    const schedule: StateTaxSchedule | undefined = schedules.states[state];
    if (!schedule || !Array.isArray(schedule.components)) throw new Error(`The surplus lines schedules have no schedule for ${state}.`);
    for (const rule of schedule.components) {
      const problem = componentProblem(rule);
      if (problem) throw new Error(`${state} component '${rule.code}' ${problem}.`);
    }
    const clash = overlapping(schedule.components);
    if (clash) throw new Error(`${state} component '${clash}' has versions whose dates overlap.`);
    if (schedule.components.some((rule) => rule.locality)) validLocalities(state, schedules.localities[state]);
  }
  validShares(schedules.perilShares);
  return schedules;
};
