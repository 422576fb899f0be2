import {
  addDaysInto,
  claimDays,
  claimDaysMoved,
  daysMoved,
  figureAndDay,
  figuresOn,
  policyDays,
  policyDaysMoved,
  type DayChanges,
  type PortfolioFigure,
  type PortfolioMonth,
} from '../../../core/analytics/portfolio-days.ts';
import type { Claim } from '../../../core/claims/claim.ts';
import type { Policy } from '../../../core/policy/policy.ts';
import type { KeptPortfolioMonth, PortfolioDaysRepository, PortfolioSources } from '../../../ports/analytics/portfolio-days.repository.ts';
import type { CollectionStore, GroupedWrite, StoredDocument } from '../../../ports/shared/persistence/collection-store.port.ts';
import type { KeptFigures } from '../../../ports/shared/persistence/kept-figures.port.ts';
import type { KeptLinePremium, KeptPremium } from '../../../ports/policy/kept-premium.port.ts';
import type { CalendarDate } from '../../../core/shared/calendar-date.ts';
import type { LineOfBusiness } from '../../../core/shared/reference-data.ts';
import { cents } from '../../../core/shared/money.ts';

export const PORTFOLIO_DAYS = 'portfolio_days';
/**
 * Set once the kept days hold every policy and claim (counted when first opened, or rebuilt).
 * `v3`: a row per figure, month and line of business, and the terms counted; `v2` kept a row per
 * figure and month; `v1` the five figures of a month in one row, which a bind rewrote whole for
 * each month of its term though only its earned premium moved there.
 */
const COUNTED = 'portfolio-days-v3';

/**
 * A figure's month of an organization on one line of business (claims: no line, ''): the month's
 * sum (`all`) and each day's (`d01` … `d31`).
 */
type FigureDocument = StoredDocument & { orgId: string; month: string; figure: PortfolioFigure; line: string } & Record<string, number>;

const keyOf = (orgId: string, month: string, figure: string, line: string): string => `${orgId}:${month}:${figure}:${line}`;

/** A policy's line of business: its figures are kept on it. */
const lineOf = (policy: Policy): string => policy.risk.lineOfBusiness;

interface FigureIncrements {
  readonly month: string;
  readonly figure: PortfolioFigure;
  /** `dNN` (a day) and `all` (the month's sum): what each moves by. */
  readonly increments: Record<string, number>;
}

/** The changes as one `$inc` per figure and month: its days and its month's sum (`all`). */
const byFigureMonth = (changes: DayChanges): FigureIncrements[] => {
  const rows: FigureIncrements[] = [];
  for (const [month, fields] of changes) {
    // Each figure's `all` first (the sum of its days, added up as they come), then its days.
    const figures = new Map<PortfolioFigure, Array<[string, number]>>();
    for (const [field, change] of fields) {
      const [figure, day] = figureAndDay(field);
      let entries = figures.get(figure);
      if (!entries) figures.set(figure, (entries = [['all', 0]]));
      entries.push([day, change]);
      (entries[0] as [string, number])[1] += change;
    }
    // Made at once (fromEntries): an object given its thirty-odd days one by one falls back to a
    // dictionary, which every update reads field by field at several times the cost.
    for (const [figure, entries] of figures) rows.push({ month, figure, increments: Object.fromEntries(entries) });
  }
  return rows;
};

/** Rows in month order (of one line, or of every line summed), as kept months. */
const monthsOf = (rows: readonly FigureDocument[]): KeptPortfolioMonth[] => {
  const months: Array<{ month: string; figures: PortfolioMonth }> = [];
  for (const { _id, orgId, month, figure, line, ...days } of rows) {
    if (months.at(-1)?.month !== month) months.push({ month, figures: {} });
    const figures = (months.at(-1) as { figures: PortfolioMonth }).figures;
    const kept = figures[figure];
    if (!kept) figures[figure] = days;
    else for (const [day, change] of Object.entries(days)) kept[day] = (kept[day] ?? 0) + change;
  }
  return months;
};

/**
 * The portfolio's figures kept per organization and day, a row per figure and month
 * (`core/analytics/portfolio-days.ts`). A policy or claim and the figures it moves are one write
 * (`writeTogether`, the record's update required to match): figures never count a change that was
 * not kept, nor miss one that was. A read of the portfolio is a few rows per month of the book,
 * whatever its size. A bind moves a year of earned premium, one row a month, and its other
 * figures in a row or two: each row is a figure's days, not all five.
 */
export class PortfolioDaysStore implements PortfolioDaysRepository, KeptPremium {
  private readonly store: CollectionStore;
  private readonly sources: PortfolioSources;

  private constructor(store: CollectionStore, sources: PortfolioSources) {
    this.store = store;
    this.sources = sources;
  }

  /** Opens the kept days; a store whose records predate them (or whose rebuild was interrupted) is counted here once, before the service takes a request. */
  static async open(store: CollectionStore, sources: PortfolioSources): Promise<PortfolioDaysStore> {
    await store.ensureIndexes(PORTFOLIO_DAYS, [{ name: 'org_month', keys: { orgId: 1, month: 1 } }]);
    const days = new PortfolioDaysStore(store, sources);
    if (!(await store.collection('migrations').findOne({ _id: COUNTED }))) await days.rebuild();
    return days;
  }

  /** The writes that move an organization's kept figures on a line by `changes` (none when nothing moves). */
  static writes(orgId: string, changes: DayChanges, line = ''): GroupedWrite[] {
    return byFigureMonth(changes).map(({ month, figure, increments }) => ({
      collection: PORTFOLIO_DAYS,
      updateOne: {
        filter: { _id: keyOf(orgId, month, figure, line) },
        update: { $setOnInsert: { orgId, month, figure, line }, $inc: increments },
        upsert: true,
      },
    }));
  }

  /** What a policy stored for the first time, or changed from `before`, moves (from one line to another when its line changed). */
  static readonly policyFigures: KeptFigures<Policy> = {
    writes: (after, before) => {
      if (!before || lineOf(before) === lineOf(after)) return PortfolioDaysStore.writes(after.orgId, policyDaysMoved(before, after), lineOf(after));
      return [
        ...PortfolioDaysStore.writes(before.orgId, daysMoved(policyDays(before), new Map()), lineOf(before)),
        ...PortfolioDaysStore.writes(after.orgId, policyDays(after), lineOf(after)),
      ];
    },
  };

  /** What a claim stored for the first time, or changed from `before`, moves. */
  static readonly claimFigures: KeptFigures<Claim> = {
    writes: (after, before) => PortfolioDaysStore.writes(after.orgId, claimDaysMoved(before, after)),
  };

  private rowsThrough(orgId: string, month: string): Promise<FigureDocument[]> {
    return this.store.collection<FigureDocument>(PORTFOLIO_DAYS).find({ orgId, month: { $lte: month } }, { sort: { month: 1 } });
  }

  async monthsThrough(orgId: string, month: string): Promise<KeptPortfolioMonth[]> {
    return monthsOf(await this.rowsThrough(orgId, month));
  }

  /**
   * The premium of every term in force by a date, by line of business, from the kept days: a few
   * rows per month, figure and line, whatever the size of the book (the premium report).
   */
  async premiumByLine(orgId: string, asOf: CalendarDate): Promise<KeptLinePremium[]> {
    const byLine = Map.groupBy(await this.rowsThrough(orgId, asOf.slice(0, 7)), (row) => row.line);
    const lines: KeptLinePremium[] = [];
    for (const [line, rows] of byLine) {
      if (line === '') continue;
      const { terms, written, earned } = figuresOn(monthsOf(rows), asOf);
      if (terms !== 0) lines.push({ lineOfBusiness: line as LineOfBusiness, policyCount: terms, written: cents(written), earned: cents(earned) });
    }
    return lines;
  }

  /** Every kept month of every organization (a few rows per organization and month: small whatever the book). */
  async all(): Promise<Array<KeptPortfolioMonth & { readonly orgId: string }>> {
    const rows = await this.store.collection<FigureDocument>(PORTFOLIO_DAYS).find({}, { sort: { _id: 1 } });
    const byOrganization = Map.groupBy(rows, (row) => row.orgId);
    return [...byOrganization].flatMap(([orgId, kept]) => monthsOf(kept).map((month) => ({ orgId, ...month })));
  }

  /**
   * Counts every policy and claim again and replaces the kept days with the count (a store
   * restored from a journal, or moved to MongoDB). Run with the service stopped: a change made
   * meanwhile could be counted twice or not at all. The marker is cleared first, so an
   * interrupted rebuild is counted again at the next start.
   */
  async rebuild(): Promise<{ policies: number; claims: number; months: number }> {
    const markers = this.store.collection('migrations');
    await markers.deleteOne({ _id: COUNTED });
    // Each organization's days on each line summed first, then made into a row a month.
    const byOrganizationLine = new Map<string, { orgId: string; line: string; total: DayChanges }>();
    const count = (orgId: string, line: string, changes: DayChanges): void => {
      const key = `${orgId}:${line}`;
      const kept = byOrganizationLine.get(key) ?? { orgId, line, total: new Map() };
      byOrganizationLine.set(key, kept);
      addDaysInto(kept.total, changes);
    };
    let [policies, claims] = [0, 0];
    for await (const policy of this.sources.policies()) {
      count(policy.orgId, lineOf(policy), policyDays(policy));
      policies += 1;
    }
    for await (const claim of this.sources.claims()) {
      count(claim.orgId, '', claimDays(claim));
      claims += 1;
    }
    const sums: FigureDocument[] = [];
    for (const { orgId, line, total } of byOrganizationLine.values()) {
      for (const { month, figure, increments } of byFigureMonth(total)) {
        sums.push({ ...increments, _id: keyOf(orgId, month, figure, line), orgId, month, figure, line } as FigureDocument);
      }
    }
    const kept = this.store.collection<FigureDocument>(PORTFOLIO_DAYS);
    await kept.deleteMany({});
    for (const row of sums) await kept.insertOne(row);
    await markers.updateOne({ _id: COUNTED }, { $set: { doneAt: new Date(), policies, claims } }, { upsert: true });
    return { policies, claims, months: new Set(sums.map((row) => `${row.orgId}:${row.month}`)).size };
  }
}
