import { compareDates, daysBetween, forEachDay, type CalendarDate } from '../shared/calendar-date.ts';
import { incurred, type Claim } from '../claims/claim.ts';
import { premiumTermOf, type Policy } from '../policy/policy.ts';
import { earningByDay, writtenParts } from '../policy/premium.ts';

/**
 * The portfolio as changes by day. Each figure of the portfolio on a date (written and earned
 * premium, policies in force, bindings, incurred losses) is the sum of what each policy and claim
 * adds to it on every day up to that date. A policy or claim written changes the figures by the
 * difference between its days after and before, so figures kept per organization and day (summed
 * per month) always equal a recount of the records, to the cent, on any date.
 */
export const PORTFOLIO_FIGURES = ['written', 'earned', 'inForce', 'bindings', 'losses', 'terms'] as const;
export type PortfolioFigure = (typeof PORTFOLIO_FIGURES)[number];

/** The field of a day of the month in a month's figures (`d01` … `d31`). */
const DAY_FIELDS = Array.from({ length: 32 }, (_, day) => `d${String(day).padStart(2, '0')}`);
/** `figure.dNN`, made once: a term's schedule names a field for each of its days. */
const FIELDS = Object.fromEntries(PORTFOLIO_FIGURES.map((figure) => [figure, DAY_FIELDS.map((day) => `${figure}.${day}`)])) as Record<
  PortfolioFigure,
  string[]
>;

/** The figure and the day (`dNN`) a field of `DayChanges` names, made once for every field. */
const FIELD_PARTS = new Map(PORTFOLIO_FIGURES.flatMap((figure) => FIELDS[figure].map((field, day) => [field, [figure, DAY_FIELDS[day] as string] as const])));

/** The figure and the day (`dNN`) of a field of `DayChanges` (`written.d05`: written, d05). */
export const figureAndDay = (field: string): readonly [PortfolioFigure, string] => {
  const parts = FIELD_PARTS.get(field);
  if (!parts) throw new Error(`'${field}' names no figure's day.`);
  return parts;
};

/** Changes of figures by month (YYYY-MM), then by `figure.dNN` (a figure's day): never zero. */
export type DayChanges = Map<string, Map<string, number>>;

const addField = (changes: DayChanges, month: string, field: string, change: number): void => {
  if (change === 0) return;
  const fields = changes.get(month) ?? new Map<string, number>();
  changes.set(month, fields);
  const sum = (fields.get(field) ?? 0) + change;
  if (sum !== 0) fields.set(field, sum);
  else if (fields.delete(field) && fields.size === 0) changes.delete(month);
};

const add = (changes: DayChanges, figure: PortfolioFigure, date: CalendarDate, change: number): void =>
  addField(changes, date.slice(0, 7), FIELDS[figure][Number(date.slice(8, 10))] as string, change);

const later = (a: CalendarDate, b: CalendarDate): CalendarDate => (compareDates(a, b) >= 0 ? a : b);

/**
 * What a policy adds to its organization's portfolio, by day: nothing before its effective date
 * (the recount leaves out a term not yet started), then its written premium as each change takes
 * effect, its earned premium day by day to its expiration (as `earnedThrough` gives it), one
 * policy in force from its effective date to its expiration or cancellation, one binding when it
 * is new business, and one term from its effective date.
 */
export const policyDays = (policy: Policy): DayChanges => {
  const changes: DayChanges = new Map();
  const start = policy.effectiveDate;
  const term = premiumTermOf(policy);
  for (const part of term.transactions.flatMap(writtenParts)) add(changes, 'written', later(part.effectiveDate, start), part.writtenChange);
  const earnedBefore = earningByDay(term);
  let earned = 0;
  // Each day of the term is visited once and no other figure names its earned field: a day's change is set, not added.
  let [monthOfFields, fields] = ['', new Map<string, number>()];
  forEachDay(start, Math.max(1, daysBetween(start, term.expirationDate)), (month, day, offset) => {
    const through = earnedBefore(offset + 1);
    const change = through - earned;
    earned = through;
    if (change === 0) return;
    if (month !== monthOfFields) {
      fields = changes.get(month) ?? new Map<string, number>();
      changes.set(month, fields);
      monthOfFields = month;
    }
    fields.set(FIELDS.earned[day] as string, change);
  });
  const cancelled = policy.cancellation?.effectiveDate;
  const ends = cancelled && compareDates(cancelled, policy.expirationDate) < 0 ? cancelled : policy.expirationDate;
  if (compareDates(start, ends) < 0) {
    add(changes, 'inForce', start, 1);
    add(changes, 'inForce', ends, -1);
  }
  if (policy.renewalOf === null) add(changes, 'bindings', start, 1);
  // Every term counts from its effective date on, whatever became of it (the premium report's policy count).
  add(changes, 'terms', start, 1);
  return changes;
};

/** What `policyDays` reads of a policy: a change that replaces none of them moves no figure. */
const POLICY_DAY_FIELDS = [
  'effectiveDate',
  'expirationDate',
  'premium',
  'grossPremium',
  'renewalOf',
  'cancellation',
] as const satisfies readonly (keyof Policy)[];
const CLAIM_DAY_FIELDS = ['lossDate', 'paid', 'reserves'] as const;

/** What a policy written as `after` (first written: `before` null) moves, day by day; nothing is computed for a change that replaces none of the fields the days come from. */
export const policyDaysMoved = (before: Policy | null, after: Policy): DayChanges => {
  if (!before) return policyDays(after);
  return POLICY_DAY_FIELDS.every((field) => before[field] === after[field]) ? new Map() : daysMoved(policyDays(before), policyDays(after));
};

type LossFigures = Pick<Claim, (typeof CLAIM_DAY_FIELDS)[number]>;

/** What a claim written as `after` (first written: `before` null) moves, day by day. */
export const claimDaysMoved = (before: LossFigures | null, after: LossFigures): DayChanges =>
  before && CLAIM_DAY_FIELDS.every((field) => before[field] === after[field]) ? new Map() : daysMoved(before && claimDays(before), claimDays(after));

/** What a claim adds: its incurred losses (paid and reserves) from the date of loss. */
export const claimDays = (claim: Pick<Claim, 'lossDate' | 'paid' | 'reserves'>): DayChanges => {
  const changes: DayChanges = new Map();
  add(changes, 'losses', claim.lossDate, incurred(claim));
  return changes;
};

/** Adds `changes` into `total` (a count of many records' days). */
export const addDaysInto = (total: DayChanges, changes: DayChanges): void => {
  for (const [month, fields] of changes) for (const [field, change] of fields) addField(total, month, field, change);
};

/** What replacing `before` (null: nothing) by `after` changes, day by day. */
export const daysMoved = (before: DayChanges | null, after: DayChanges): DayChanges => {
  const moved: DayChanges = new Map([...after].map(([month, fields]) => [month, new Map(fields)]));
  for (const [month, fields] of before ?? []) for (const [field, change] of fields) addField(moved, month, field, -change);
  return moved;
};

/** One month of kept figures: per figure, the month's sum (`all`) and each day's (`d01`…`d31`). */
export type PortfolioMonth = Partial<Record<PortfolioFigure, Record<string, number>>>;

/** The figures on `asOf` from kept months: every month before its month whole, its month through its day. */
export const figuresOn = (
  months: ReadonlyArray<{ readonly month: string; readonly figures: PortfolioMonth }>,
  asOf: CalendarDate,
): Record<PortfolioFigure, number> => {
  const sums: Record<PortfolioFigure, number> = { written: 0, earned: 0, inForce: 0, bindings: 0, losses: 0, terms: 0 };
  const month = asOf.slice(0, 7);
  const lastDay = Number(asOf.slice(8, 10));
  for (const row of months) {
    if (row.month > month) continue;
    for (const figure of PORTFOLIO_FIGURES) {
      const kept = row.figures[figure];
      if (!kept) continue;
      if (row.month < month) sums[figure] += kept.all ?? 0;
      else for (let day = 1; day <= lastDay; day += 1) sums[figure] += kept[DAY_FIELDS[day] as string] ?? 0;
    }
  }
  return sums;
};
