import { DomainError, writeUnlessDuplicate } from '../../../core/shared/domain-error.ts';
import type { SearchIndex, SearchKind } from '../../../ports/shared/search-index.port.ts';
import type { Collection, CollectionStore, GroupedWrite } from '../../../ports/shared/persistence/collection-store.port.ts';
import type { RecordCollection } from './record-collection.ts';

/**
 * One row per term of a record, kept small: the id is `<recordId>:<term>` (a record's terms are
 * one range of the primary key; its id's prefix names its kind), and `t` is `<kind>:<term>`,
 * indexed with the organization for prefix ranges. Kinds, record ids and terms hold no colon.
 */
interface TermRow {
  _id: string;
  orgId: string;
  t: string;
  [field: string]: unknown;
}

const SEARCH_TERMS = 'search_terms';

/** A search matching more records than this is refused as too broad: a word more, or a longer one, narrows it. */
export const SEARCH_CAP = 2_000;

/** The refusal of a search past SEARCH_CAP (`noun`: what was searched). */
export const tooBroad = (noun: string): DomainError =>
  new DomainError('validation_failed', `q matches more than ${SEARCH_CAP} ${noun}: add a word or a longer one.`, { field: 'q', rule: 'too_broad' });

/** Rows of each word read by the first pass of a search (`matching`). */
const FIRST_PASS_ROWS = 64;

/** Above every character a folded term holds: `word` … `word\uffff` is every term the word begins. */
const AFTER_PREFIX = '\uffff';

const rowId = (recordId: string, term: string): string => `${recordId}:${term}`;
const recordRange = (recordId: string) => ({ $gte: `${recordId}:`, $lt: `${recordId}:${AFTER_PREFIX}` });
/** Rows written before were `<kind>:<recordId>:<term>`: a row's record is the part before its term. */
const legacyRecordRange = (kind: SearchKind, recordId: string) => recordRange(`${kind}:${recordId}`);
const isLegacy = (row: TermRow): boolean => row._id.indexOf(':') !== row._id.lastIndexOf(':');
const recordOf = (row: TermRow): string => {
  const parts = row._id.split(':');
  return parts[parts.length - 2] as string;
};
const termOf = (row: TermRow): string => row._id.slice(row._id.lastIndexOf(':') + 1);
const KINDS: readonly SearchKind[] = ['policy', 'submission', 'claim'];

/** The terms of records, looked up by word prefix through an index: a search never reads the records. */
export class StoreSearchIndex implements SearchIndex {
  private readonly rows: Collection<TermRow>;
  /** The kinds some rows of which were stored under ids of the form before (checked once, at start). */
  private readonly legacyKinds: ReadonlySet<SearchKind>;

  private constructor(rows: Collection<TermRow>, legacyKinds: ReadonlySet<SearchKind>) {
    this.rows = rows;
    this.legacyKinds = legacyKinds;
  }

  static async create(store: CollectionStore): Promise<StoreSearchIndex> {
    await store.ensureIndexes(SEARCH_TERMS, [{ name: 'org_term', keys: { orgId: 1, t: 1 } }]);
    const rows = store.collection<TermRow>(SEARCH_TERMS);
    // One probe of the primary key per kind: `<kind>:` begins only ids of the form before.
    const legacy = await Promise.all(KINDS.map(async (kind) => ((await rows.findOne({ _id: { $gte: `${kind}:`, $lt: `${kind};` } })) ? [kind] : [])));
    return new StoreSearchIndex(rows, new Set(legacy.flat()));
  }

  /** A record's rows: one range, and the range of the form before while the store may still hold it. */
  private async rowsOf(orgId: string, kind: SearchKind, recordId: string): Promise<TermRow[]> {
    const rows = await this.rows.find({ _id: recordRange(recordId), orgId });
    return this.legacyKinds.has(kind) ? [...rows, ...(await this.rows.find({ _id: legacyRecordRange(kind, recordId), orgId }))] : rows;
  }

  /**
   * Makes `terms` what a stored record is found by: the terms it no longer has are removed, the new
   * ones added. Rows of the form before are replaced by rows of the form now (`store:reindex-search`
   * rewrites them all).
   */
  async put(orgId: string, kind: SearchKind, recordId: string, terms: readonly string[]): Promise<void> {
    const existing = await this.rowsOf(orgId, kind, recordId);
    const stale = existing.filter((row) => isLegacy(row) || !terms.includes(termOf(row))).map((row) => row._id);
    if (stale.length > 0) await this.rows.deleteMany({ orgId, _id: { $in: stale } });
    const known = new Set(existing.filter((row) => !isLegacy(row)).map(termOf));
    await Promise.all(
      terms
        .filter((candidate) => !known.has(candidate))
        .map((term) => writeUnlessDuplicate(() => this.rows.insertOne({ _id: rowId(recordId, term), orgId, t: `${kind}:${term}` }))),
    );
  }

  /**
   * The rows of a new record's terms, for the group that inserts the record: found by `q` from
   * the moment it is stored, never stored without them. A new id has no rows yet, so none is read.
   */
  static freshWrites(orgId: string, kind: SearchKind, recordId: string, terms: readonly string[]): GroupedWrite[] {
    return [...new Set(terms)].map((term) => ({ collection: SEARCH_TERMS, insertOne: { _id: rowId(recordId, term), orgId, t: `${kind}:${term}` } }));
  }

  /**
   * The records a list is narrowed to by the words of `q`, within `among` (what the caller may
   * see) when given; `validation_failed` (rule `too_broad`) past SEARCH_CAP.
   */
  async among(orgId: string, kind: SearchKind, words: readonly string[], among: readonly string[] | undefined, noun: string): Promise<string[]> {
    const found = await this.matching(orgId, kind, words, SEARCH_CAP);
    if (found === 'too_broad') throw tooBroad(noun);
    const visible = among ? new Set(among) : null;
    return visible ? found.filter((id) => visible.has(id)) : found;
  }

  /** Puts again the terms of a batch of stored records after `after` (by id); the last id, or null at the end. */
  async reindex<T extends { id: string; orgId: string }>(
    records: RecordCollection<T>,
    kind: SearchKind,
    termsOf: (record: T) => string[],
    after: string | null,
    limit: number,
  ): Promise<string | null> {
    const batch = await records.raw.find(after ? { _id: { $gt: after } } : {}, { sort: { _id: 1 }, limit });
    for (const document of batch) {
      const record = records.fromStored(document);
      await this.put(record.orgId, kind, record.id, termsOf(record));
    }
    return batch.length < limit ? null : (batch.at(-1)?._id ?? null);
  }

  async matching(orgId: string, kind: SearchKind, words: readonly string[], cap: number): Promise<string[] | 'too_broad'> {
    // One word picks the candidates, and each candidate's own terms (one range of the primary key)
    // are checked against every word. A first pass reads a few rows of each word: a rare one (an
    // insured's number, a policy number) then picks at once, however common the others ("insured",
    // a city). Only when every word is common does a second pass read up to `cap` records of each,
    // the longest first (usually the rarest): the first matching at most `cap` picks.
    const longestFirst = [...words].sort((a, b) => b.length - a.length);
    let candidates: Set<string> | null = null;
    for (const rowsRead of [Math.min(FIRST_PASS_ROWS, cap), cap * 2]) {
      for (const word of longestFirst) {
        const prefix = `${kind}:${word}`;
        const rows = await this.rows.find({ orgId, t: { $gte: prefix, $lt: `${prefix}${AFTER_PREFIX}` } }, { limit: rowsRead + 1 });
        const ids = new Set(rows.map(recordOf));
        if (rows.length <= rowsRead && ids.size <= cap) {
          candidates = ids;
          break;
        }
      }
      if (candidates !== null) break;
    }
    if (candidates === null) return 'too_broad';
    if (words.length === 1 || candidates.size === 0) return [...candidates];
    const matched: string[] = [];
    for (const id of candidates) {
      const terms = (await this.rowsOf(orgId, kind, id)).map(termOf);
      if (words.every((word) => terms.some((term) => term.startsWith(word)))) matched.push(id);
    }
    return matched;
  }
}
