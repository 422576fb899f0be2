import { addDays, addMonths, compareDates, daysBetween, isCalendarDate, yearOf, type CalendarDate } from '../shared/calendar-date.ts';

/** `compliance.deadline_approaching` is sent for what falls due within this many days. */
const COMPLIANCE_WINDOW_DAYS = 30;
/** `da.limit_approaching` is sent above this share of a program's aggregate cap. */
export const DA_ALERT_THRESHOLD = 0.85;

/**
 * How a state's producer appointments renew: every N months from the appointment, on a fixed day
 * each cycle, in the producer's birth month (an agency's: the month it was first appointed), or
 * never (perpetual until terminated).
 */
export interface RenewalRule {
  readonly anchor: 'anniversary' | 'fixed' | 'birth_month' | 'perpetual';
  /** MM-DD, for a fixed anchor. */
  readonly on?: string;
  readonly everyMonths?: number;
  readonly source?: string | null;
}

/**
 * A filing due yearly on each of its days (MM-DD), in the states listed or all (`*`), for due
 * dates from `from` through `until` when the state changed its schedule (both optional).
 */
interface StateFiling {
  readonly id: string;
  readonly states: '*' | readonly string[];
  readonly description: string;
  readonly due: readonly string[];
  /** The statute, regulation or stamping office that sets it; null while not yet checked. */
  readonly source: string | null;
  /** Who must file, when the law sets a condition the books cannot tell (a broker's size): said in the alert. */
  readonly appliesWhen?: string;
  readonly from?: CalendarDate;
  readonly until?: CalendarDate;
}

/** A filing each surplus lines policy of the home state needs within N days of its effective date. */
export interface PolicyFiling {
  readonly id: string;
  readonly states: readonly string[];
  readonly description: string;
  readonly withinDays: number;
  readonly source: string;
}

export interface ComplianceCalendar {
  readonly appointmentRenewals: { readonly default: RenewalRule; readonly states: Readonly<Record<string, RenewalRule>> };
  readonly stateFilings: readonly StateFiling[];
  readonly policyFilings: readonly PolicyFiling[];
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

/** The last day of the month `date` falls in. */
const endOfMonth = (date: CalendarDate): CalendarDate => addDays(addMonths(`${date.slice(0, 8)}01`, 1), -1);

/** The first renewal of an appointment made on `since`, by the rule (null: it never renews). */
const firstRenewal = (rule: RenewalRule, since: CalendarDate, birthMonth: number | null): CalendarDate | null => {
  const every = rule.everyMonths ?? 12;
  if (rule.anchor === 'perpetual') return null;
  if (rule.anchor === 'fixed' && rule.on) return nextYearly(rule.on, addDays(since, 1));
  if (rule.anchor !== 'birth_month') return addMonths(since, every);
  // An individual renews in the first birth month after the appointment; an agency in the month it was appointed, a cycle on.
  if (birthMonth === null) return endOfMonth(addMonths(since, every));
  const month = String(birthMonth).padStart(2, '0');
  const thisYear = endOfMonth(`${yearOf(since)}-${month}-01`);
  return compareDates(thisYear.slice(0, 7), since.slice(0, 7)) > 0 ? thisYear : endOfMonth(`${yearOf(since) + 1}-${month}-01`);
};

/**
 * An appointment's next renewal on or after `from`: every `everyMonths` from the first one (the
 * appointment's anniversary, a fixed day, or the birth month's last day), or null when the state's
 * appointments do not renew.
 */
export const nextAppointmentRenewal = (rule: RenewalRule, since: CalendarDate, from: CalendarDate, birthMonth: number | null = null): CalendarDate | null => {
  const first = firstRenewal(rule, since, birthMonth);
  if (first === null) return null;
  const every = rule.everyMonths ?? 12;
  let renewal = first;
  for (let cycle = 1; compareDates(renewal, from) < 0; cycle += 1) {
    const next = addMonths(first, cycle * every);
    renewal = rule.anchor === 'birth_month' ? endOfMonth(next) : next;
  }
  return renewal;
};

/** An alert goes out 30 days before a deadline and again 7 days before: the stage a day falls in, or null. */
export const alertStage = (due: CalendarDate, on: CalendarDate): 30 | 7 | null => {
  const days = daysUntilWithinWindow(due, on);
  return days === null ? null : days <= 7 ? 7 : 30;
};

/** When a policy's own filing is due: its days after the policy takes effect. */
export const policyFilingDue = (filing: Pick<PolicyFiling, 'withinDays'>, effectiveDate: CalendarDate): CalendarDate =>
  addDays(effectiveDate, filing.withinDays);

/** The effective dates whose policies' filing falls due within the window from `on`. */
export const effectiveDatesFiledWithinWindow = (filing: Pick<PolicyFiling, 'withinDays'>, on: CalendarDate): { from: CalendarDate; to: CalendarDate } => ({
  from: addDays(on, -filing.withinDays),
  to: addDays(on, COMPLIANCE_WINDOW_DAYS - filing.withinDays),
});

/** Days from `today` to `due` when it falls within the window (today itself included); null otherwise. */
export const daysUntilWithinWindow = (due: CalendarDate, on: CalendarDate, windowDays = COMPLIANCE_WINDOW_DAYS): number | null => {
  const days = daysBetween(on, due);
  return days >= 0 && days <= windowDays ? days : null;
};

const inForceOn = (filing: StateFiling, dueDate: CalendarDate): boolean =>
  (filing.from === undefined || compareDates(dueDate, filing.from) >= 0) && (filing.until === undefined || compareDates(dueDate, filing.until) <= 0);

/** The state filings due in the window for a state, with their due days (those of the schedule in force on each). */
export const filingsDue = (calendar: ComplianceCalendar, state: string, on: CalendarDate): { filing: StateFiling; dueDate: CalendarDate }[] =>
  calendar.stateFilings
    .filter((filing) => filing.states === '*' || filing.states.includes(state))
    .flatMap((filing) => filing.due.map((monthDay) => ({ filing, dueDate: nextYearly(monthDay, on) })))
    .filter(({ filing, dueDate }) => daysUntilWithinWindow(dueDate, on) !== null && inForceOn(filing, dueDate));
