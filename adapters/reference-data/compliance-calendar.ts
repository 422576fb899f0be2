import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ComplianceCalendar, RenewalRule } from '../../core/compliance/deadlines.ts';
import { isCalendarDate } from '../../core/shared/calendar-date.ts';
import { US_STATES } from '../../core/shared/reference-data.ts';

/** MM-DD of some year (02-29 of a leap one). */
const monthDay = (value: unknown): boolean => typeof value === 'string' && /^\d\d-\d\d$/.test(value) && isCalendarDate(`2028-${value}`);

const validRule = (rule: RenewalRule, where: string): void => {
  const fixedDay = rule.anchor === 'fixed' ? monthDay(rule.on) : rule.anchor === 'anniversary';
  if (!fixedDay || !Number.isInteger(rule.everyMonths) || rule.everyMonths < 1 || rule.everyMonths > 120) {
    throw new Error(`fixtures/compliance/calendar.json: the appointment renewal rule of ${where} is malformed.`);
  }
};

/** The compliance calendar from fixtures/compliance/calendar.json, checked once at load. */
export const loadComplianceCalendar = (): ComplianceCalendar => {
  const calendar = JSON.parse(readFileSync(join(import.meta.dirname, '../../fixtures/compliance/calendar.json'), 'utf8')) as ComplianceCalendar;
  validRule(calendar.appointmentRenewals.default, 'default');
  for (const [state, rule] of Object.entries(calendar.appointmentRenewals.states)) {
    if (!(US_STATES as readonly string[]).includes(state)) throw new Error(`fixtures/compliance/calendar.json: '${state}' is not a state.`);
    validRule(rule, state);
  }
  const ids = new Set<string>();
  for (const filing of calendar.stateFilings) {
    const states = filing.states === '*' || filing.states.every((state) => (US_STATES as readonly string[]).includes(state));
    const sourced = filing.source === null || (typeof filing.source === 'string' && filing.source.trim().length > 0);
    if (ids.has(filing.id) || !states || !sourced || filing.due.length === 0 || !filing.due.every(monthDay)) {
      throw new Error(`fixtures/compliance/calendar.json: the filing '${filing.id}' is malformed.`);
    }
    ids.add(filing.id);
  }
  return calendar;
};
