import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ComplianceCalendar, RenewalRule } from '../../core/compliance/deadlines.ts';
import { isCalendarDate } from '../../core/shared/calendar-date.ts';
import { HOME_STATES, US_STATES } from '../../core/shared/reference-data.ts';

const FILE = 'fixtures/compliance/calendar.json';

/** MM-DD of some year (02-29 of a leap one). */
const monthDay = (value: unknown): boolean => typeof value === 'string' && /^\d\d-\d\d$/.test(value) && isCalendarDate(`2028-${value}`);
const sourced = (value: unknown): boolean => typeof value === 'string' && value.trim().length > 0;
const inStates = (states: readonly string[]): boolean => states.every((state) => (HOME_STATES as readonly string[]).includes(state));
const optionalDate = (value: unknown): boolean => value === undefined || (typeof value === 'string' && isCalendarDate(value));
const cycle = (months: unknown): boolean => Number.isInteger(months) && (months as number) >= 1 && (months as number) <= 120;

const validRule = (rule: RenewalRule, where: string): void => {
  const shaped =
    rule.anchor === 'perpetual'
      ? rule.everyMonths === undefined
      : (rule.anchor === 'fixed' ? monthDay(rule.on) : rule.anchor === 'anniversary' || rule.anchor === 'birth_month') && cycle(rule.everyMonths);
  if (!shaped || !(rule.source === undefined || rule.source === null || sourced(rule.source))) {
    throw new Error(`${FILE}: the appointment renewal rule of ${where} is malformed.`);
  }
};

/**
 * The compliance calendar from fixtures/compliance/calendar.json, checked once at load: renewal
 * rules, period filings (MM-DD days, optionally bounded by dates) and per-policy filings (days after the effective date), each
 * filing in known states with a source (a period filing may still say null: not yet checked).
 */
export const loadComplianceCalendar = (): ComplianceCalendar => {
  const calendar = JSON.parse(readFileSync(join(import.meta.dirname, '../../', FILE), 'utf8')) as ComplianceCalendar;
  validRule(calendar.appointmentRenewals.default, 'default');
  for (const [state, rule] of Object.entries(calendar.appointmentRenewals.states)) {
    if (!(US_STATES as readonly string[]).includes(state)) throw new Error(`${FILE}: '${state}' is not a state.`);
    validRule(rule, state);
  }
  const ids = new Set<string>();
  for (const filing of calendar.stateFilings) {
    const states = filing.states === '*' || inStates(filing.states);
    const dated = optionalDate(filing.from) && optionalDate(filing.until) && !(filing.from && filing.until && filing.from > filing.until);
    const condition = filing.appliesWhen === undefined || sourced(filing.appliesWhen);
    if (
      ids.has(filing.id) ||
      !states ||
      !(filing.source === null || sourced(filing.source)) ||
      filing.due.length === 0 ||
      !filing.due.every(monthDay) ||
      !dated ||
      !condition
    ) {
      throw new Error(`${FILE}: the filing '${filing.id}' is malformed.`);
    }
    ids.add(filing.id);
  }
  for (const filing of calendar.policyFilings ?? []) {
    const days = Number.isInteger(filing.withinDays) && filing.withinDays >= 1 && filing.withinDays <= 366;
    if (ids.has(filing.id) || filing.states.length === 0 || !inStates(filing.states) || !sourced(filing.source) || !days) {
      throw new Error(`${FILE}: the policy filing '${filing.id}' is malformed.`);
    }
    ids.add(filing.id);
  }
  return { ...calendar, policyFilings: calendar.policyFilings ?? [] };
};
