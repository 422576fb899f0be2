import { DomainError, writeUnlessDuplicate } from '../../../core/shared/domain-error.ts';
import type { SearchIndex, SearchKind } from '../../../ports/shared/search-index.port.ts';
import type { Collection, CollectionStore, GroupedWrite } from '../../../ports/shared/persistence/collection-store.port.ts';
import type { Page, PageRequest } from '../../../ports/shared/persistence/page.ts';
import { Turns } from '../../../ports/shared/next-turn.ts';
import { encodeCursor, pageWindow } from './cursor-page.ts';
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

/**
 * A search whose every word matches more records than this is refused as too broad (a word more,
 * or a longer one, narrows it); so no request examines more candidates than this (CONTRACT
 * 18.19), whatever a tenant stores.
 */
export const SEARCH_CAP = 5_000;

/** Rows of a word read at once while picking candidates: a common word is read in a few turns. */
const PICKING_CHUNK = 250;

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
    const rows = await this.ofRecord(orgId, recordRange(recordId));
    return this.legacyKinds.has(kind) ? [...rows, ...(await this.ofRecord(orgId, legacyRecordRange(kind, recordId)))] : rows;
  }

  /**
   * The rows in a range of the primary key (one record's terms), of the organization. Looked up by
   * the key alone: given the organization too, a planner may walk the organization's whole term
   * index instead of the record's few rows. Record ids are unique across organizations; the
   * organization is checked on what is read.
   */
  private async ofRecord(orgId: string, range: { $gte: string; $lt: string }, limit?: number): Promise<TermRow[]> {
    const rows = await this.rows.find({ _id: range }, limit === undefined ? {} : { limit });
    return rows.filter((row) => row.orgId === orgId);
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
   * One page of a list narrowed by the words of `q`: candidates (the records of the word that picks
   * them, within `visible` when given) are examined newest first after the cursor, with a turn of
   * the event loop every millisecond of work (Turns); each is checked against the other words by one seek a word, and
   * those that match are read through `read` (the list's other filters) until the page is full. At
   * most SEARCH_CAP candidates are examined a request: `validation_failed` (rule `too_broad`) when
   * every word matches more records than that.
   */
  async page<T extends { id: string }>(
    orgId: string,
    kind: SearchKind,
    words: readonly string[],
    request: PageRequest,
    visible: readonly string[] | undefined,
    noun: string,
    read: (ids: readonly string[]) => Promise<T[]>,
  ): Promise<Page<T>> {
    const { limit, after } = pageWindow(request);
    const turns = new Turns();
    const picked = await this.candidates(orgId, kind, words, SEARCH_CAP, turns);
    if (picked === 'too_broad') throw tooBroad(noun);
    const among = visible ? new Set(visible) : null;
    const candidates = picked.ids.filter((id) => (after === null || id < after) && (among === null || among.has(id))).sort(newestFirst);
    const others = words.filter((word) => word !== picked.word);
    const found: T[] = [];
    let examined = 0;
    let matched: string[] = [];
    // Candidates are checked one by one until the page is full; what matched is read a turn's worth at a time.
    // At most SEARCH_CAP of them: the word that picked them matched no more.
    while (examined < candidates.length && found.length + matched.length <= limit) {
      const id = candidates[examined] as string;
      examined += 1;
      if (others.length === 0 || (await this.hasEvery(orgId, kind, id, others))) matched.push(id);
      if (matched.length > 0 && (matched.length + found.length > limit || examined === candidates.length)) {
        found.push(...(await read(matched)));
        matched = [];
      }
      await turns.next();
    }
    if (matched.length > 0) found.push(...(await read(matched)));
    if (found.length > limit) return { data: found.slice(0, limit), nextCursor: encodeCursor((found[limit - 1] as T).id) };
    return { data: found, nextCursor: null };
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

  /** The ids of the records every word begins a term of; `too_broad` when even the rarest word matches more than `cap`. */
  async matching(orgId: string, kind: SearchKind, words: readonly string[], cap: number = SEARCH_CAP): Promise<string[] | 'too_broad'> {
    const turns = new Turns();
    const picked = await this.candidates(orgId, kind, words, cap, turns);
    if (picked === 'too_broad') return picked;
    const others = words.filter((word) => word !== picked.word);
    const matched: string[] = [];
    for (const id of picked.ids) {
      if (others.length === 0 || (await this.hasEvery(orgId, kind, id, others))) matched.push(id);
      await turns.next();
    }
    return matched;
  }

  /**
   * The candidates of a search: the records of one word. A first pass reads a few rows of each word:
   * a rare one (an insured's number, a policy number) then picks at once, however common the others
   * ("insured", a city). Only when every word is common does a second pass read up to `cap` records
   * of each, the longest first (usually the rarest), PICKING_CHUNK rows at a time within the turns:
   * the first matching at most `cap` picks.
   */
  private async candidates(
    orgId: string,
    kind: SearchKind,
    words: readonly string[],
    cap: number,
    turns: Turns,
  ): Promise<{ ids: string[]; word: string } | 'too_broad'> {
    const longestFirst = [...words].sort((a, b) => b.length - a.length);
    const rowsOf = (word: string, skip: number, limit: number) => {
      const prefix = `${kind}:${word}`;
      return this.rows.find({ orgId, t: { $gte: prefix, $lt: `${prefix}${AFTER_PREFIX}` } }, { skip, limit });
    };
    const firstPass = Math.min(FIRST_PASS_ROWS, cap);
    for (const word of longestFirst) {
      const rows = await rowsOf(word, 0, firstPass + 1);
      if (rows.length <= firstPass) return { ids: [...new Set(rows.map(recordOf))], word };
    }
    for (const word of longestFirst) {
      const ids = new Set<string>();
      let read = 0;
      while (read <= cap) {
        await turns.next();
        const chunk = await rowsOf(word, read, Math.min(PICKING_CHUNK, cap + 1 - read));
        for (const row of chunk) ids.add(recordOf(row));
        read += chunk.length;
        if (chunk.length < PICKING_CHUNK) break;
      }
      if (read <= cap) return { ids: [...ids], word };
    }
    return 'too_broad';
  }

  /** Whether the record has, for every word, a term it begins: one seek of the record's own rows a word. */
  private async hasEvery(orgId: string, kind: SearchKind, recordId: string, words: readonly string[]): Promise<boolean> {
    for (const word of words) if (!(await this.hasTermBegunBy(orgId, kind, recordId, word))) return false;
    return true;
  }

  private async hasTermBegunBy(orgId: string, kind: SearchKind, recordId: string, word: string): Promise<boolean> {
    const begun = async (record: string) => (await this.ofRecord(orgId, { $gte: `${record}:${word}`, $lt: `${record}:${word}${AFTER_PREFIX}` }, 1)).length > 0;
    return (await begun(recordId)) || (this.legacyKinds.has(kind) && (await begun(`${kind}:${recordId}`)));
  }
}

const newestFirst = (a: string, b: string): number => (a < b ? 1 : a > b ? -1 : 0);
