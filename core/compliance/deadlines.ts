import { addDays, addMonths, compareDates, daysBetween, isCalendarDate, yearOf, type CalendarDate } from '../shared/calendar-date.ts';

/** `compliance.deadline_approaching` is sent for what falls due within this many days. */
const COMPLIANCE_WINDOW_DAYS = 30;
/** `da.limit_approaching` is sent above this share of a program's aggregate cap. */
export const DA_ALERT_THRESHOLD = 0.85;

/** How a state's producer appointments renew: every N months from the appointment, or on a fixed day each cycle. */
export interface RenewalRule {
  readonly anchor: 'anniversary' | 'fixed';
  /** MM-DD, for a fixed anchor. */
  readonly on?: string;
  readonly everyMonths: number;
}

/** A filing due yearly on each of its days (MM-DD), in the states listed or all (`*`). */
interface StateFiling {
  readonly id: string;
  readonly states: '*' | readonly string[];
  readonly description: string;
  readonly due: readonly string[];
  /** The statute, regulation or stamping office that sets it; null while not yet checked. */
  readonly source: string | null;
}

export interface ComplianceCalendar {
  readonly appointmentRenewals: { readonly default: RenewalRule; readonly states: Readonly<Record<string, RenewalRule>> };
  readonly stateFilings: readonly StateFiling[];
}

/** MM-DD in a year; 02-29 falls on the 28th in other years. */
const inYear = (monthDay: string, year: number): CalendarDate => {
  const date = `${year}-${monthDay}`;
  return isCalendarDate(date) ? date : `${year}-02-28`;
};

/** The first day on or after `from` that is `monthDay` (MM-DD). */
export const nextYearly = (monthDay: string, from: CalendarDate): CalendarDate => {
  const thisYear = inYear(monthDay, yearOf(from));
  return compareDates(thisYear, from) >= 0 ? thisYear : inYear(monthDay, yearOf(from) + 1);
};

/**
 * An appointment's next renewal on or after `from`: every `everyMonths` from the day it was made,
 * or from the first fixed day after it.
 */
export const nextAppointmentRenewal = (rule: RenewalRule, since: CalendarDate, from: CalendarDate): CalendarDate => {
  const first = rule.anchor === 'fixed' && rule.on ? nextYearly(rule.on, addDays(since, 1)) : addMonths(since, rule.everyMonths);
  let renewal = first;
  for (let cycle = 1; compareDates(renewal, from) < 0; cycle += 1) {
    renewal = rule.anchor === 'fixed' ? addMonths(first, cycle * rule.everyMonths) : addMonths(since, (cycle + 1) * rule.everyMonths);
  }
  return renewal;
};

/** Days from `today` to `due` when it falls within the window (today itself included); null otherwise. */
export const daysUntilWithinWindow = (due: CalendarDate, on: CalendarDate, windowDays = COMPLIANCE_WINDOW_DAYS): number | null => {
  const days = daysBetween(on, due);
  return days >= 0 && days <= windowDays ? days : null;
};

/** The state filings due in the window for a state, with their due days. */
export const filingsDue = (calendar: ComplianceCalendar, state: string, on: CalendarDate): { filing: StateFiling; dueDate: CalendarDate }[] =>
  calendar.stateFilings
    .filter((filing) => filing.states === '*' || filing.states.includes(state))
    .flatMap((filing) => filing.due.map((monthDay) => ({ filing, dueDate: nextYearly(monthDay, on) })))
    .filter(({ dueDate }) => daysUntilWithinWindow(dueDate, on) !== null);
