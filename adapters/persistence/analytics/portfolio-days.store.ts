import {
  addDaysInto,
  claimDays,
  claimDaysMoved,
  policyDays,
  policyDaysMoved,
  type DayChanges,
  type PortfolioMonth,
} from '../../../core/analytics/portfolio-days.ts';
import type { Claim } from '../../../core/claims/claim.ts';
import type { Policy } from '../../../core/policy/policy.ts';
import type { KeptPortfolioMonth, PortfolioDaysRepository, PortfolioSources } from '../../../ports/analytics/portfolio-days.repository.ts';
import type { CollectionStore, GroupedWrite, StoredDocument } from '../../../ports/shared/persistence/collection-store.port.ts';
import type { KeptFigures } from '../../../ports/shared/persistence/kept-figures.port.ts';

export const PORTFOLIO_DAYS = 'portfolio_days';
/** Set once the kept days hold every policy and claim (counted when first opened, or rebuilt). */
const COUNTED = 'portfolio-days-v1';

type MonthDocument = StoredDocument & { orgId: string; month: string } & PortfolioMonth;

const keyOf = (orgId: string, month: string): string => `${orgId}:${month}`;

/** The changes as one `$inc` per month: each figure's days and its month sum (`figure.all`). */
const byMonth = (changes: DayChanges): Map<string, Record<string, number>> => {
  const months = new Map<string, Record<string, number>>();
  for (const [month, fields] of changes) {
    const increments: Record<string, number> = {};
    for (const [field, change] of fields) {
      increments[field] = change;
      const all = `${field.slice(0, field.indexOf('.'))}.all`;
      increments[all] = (increments[all] ?? 0) + change;
    }
    months.set(month, increments);
  }
  return months;
};

const monthOf = (row: MonthDocument): KeptPortfolioMonth => {
  const { _id, orgId, month, ...figures } = row;
  return { month, figures };
};

/**
 * The portfolio's figures kept per organization and day, a row per month (`core/analytics/portfolio-days.ts`).
 * A policy or claim and the figures it moves are one write (`writeTogether`, the record's update
 * required to match): figures never count a change that was not kept, nor miss one that was. A
 * read of the portfolio is a row per month of the book, whatever its size.
 */
export class PortfolioDaysStore implements PortfolioDaysRepository {
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

  /** The writes that move an organization's kept figures by `changes` (none when nothing moves). */
  static writes(orgId: string, changes: DayChanges): GroupedWrite[] {
    return [...byMonth(changes)].map(([month, increments]) => ({
      collection: PORTFOLIO_DAYS,
      updateOne: { filter: { _id: keyOf(orgId, month) }, update: { $setOnInsert: { orgId, month }, $inc: increments }, upsert: true },
    }));
  }

  /** What a policy stored for the first time, or changed from `before`, moves. */
  static readonly policyFigures: KeptFigures<Policy> = {
    writes: (after, before) => PortfolioDaysStore.writes(after.orgId, policyDaysMoved(before, after)),
  };

  /** What a claim stored for the first time, or changed from `before`, moves. */
  static readonly claimFigures: KeptFigures<Claim> = {
    writes: (after, before) => PortfolioDaysStore.writes(after.orgId, claimDaysMoved(before, after)),
  };

  async monthsThrough(orgId: string, month: string): Promise<KeptPortfolioMonth[]> {
    const rows = await this.store.collection<MonthDocument>(PORTFOLIO_DAYS).find({ orgId, month: { $lte: month } }, { sort: { month: 1 } });
    return rows.map(monthOf);
  }

  /** Every kept month of every organization (a row per organization and month: small whatever the book). */
  async all(): Promise<Array<KeptPortfolioMonth & { readonly orgId: string }>> {
    const rows = await this.store.collection<MonthDocument>(PORTFOLIO_DAYS).find({}, { sort: { _id: 1 } });
    return rows.map((row) => ({ orgId: row.orgId, ...monthOf(row) }));
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
    // Each organization's days summed first, then made into a row a month.
    const byOrganization = new Map<string, DayChanges>();
    const count = (orgId: string, changes: DayChanges): void => {
      const total = byOrganization.get(orgId) ?? new Map();
      byOrganization.set(orgId, total);
      addDaysInto(total, changes);
    };
    let [policies, claims] = [0, 0];
    for await (const policy of this.sources.policies()) {
      count(policy.orgId, policyDays(policy));
      policies += 1;
    }
    for await (const claim of this.sources.claims()) {
      count(claim.orgId, claimDays(claim));
      claims += 1;
    }
    const sums: MonthDocument[] = [];
    for (const [orgId, total] of byOrganization) {
      for (const [month, increments] of byMonth(total)) {
        const row = { _id: keyOf(orgId, month), orgId, month } as MonthDocument;
        for (const [path, change] of Object.entries(increments)) {
          const [figure, field] = path.split('.') as [keyof PortfolioMonth, string];
          (row[figure] ??= {})[field] = change;
        }
        sums.push(row);
      }
    }
    const kept = this.store.collection<MonthDocument>(PORTFOLIO_DAYS);
    await kept.deleteMany({});
    for (const row of sums) await kept.insertOne(row);
    await markers.updateOne({ _id: COUNTED }, { $set: { doneAt: new Date(), policies, claims } }, { upsert: true });
    return { policies, claims, months: sums.length };
  }
}
