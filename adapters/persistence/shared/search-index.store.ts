import { DomainError, writeUnlessDuplicate } from '../../../core/shared/domain-error.ts';
import type { RecordCollection } from './record-collection.ts';
import type { SearchIndex, SearchKind } from '../../../ports/shared/search-index.port.ts';
import type { Collection, CollectionStore } from '../../../ports/shared/persistence/collection-store.port.ts';

interface TermRow {
  _id: string;
  orgId: string;
  kind: SearchKind;
  term: string;
  recordId: string;
  [field: string]: unknown;
}

/** A search matching more records than this is refused as too broad: a word more, or a longer one, narrows it. */
export const SEARCH_CAP = 2_000;

/** Above every character a folded term holds: `word` … `word\uffff` is every term the word begins. */
const AFTER_PREFIX = '\uffff';

/**
 * One row per term of each record, indexed by organization, kind and term (for prefix ranges) and
 * by record (to check the other words of a search and to replace a record's terms).
 */
export class StoreSearchIndex implements SearchIndex {
  private readonly rows: Collection<TermRow>;

  private constructor(rows: Collection<TermRow>) {
    this.rows = rows;
  }

  static async create(store: CollectionStore): Promise<StoreSearchIndex> {
    await store.ensureIndexes('search_terms', [
      { name: 'org_kind_term', keys: { orgId: 1, kind: 1, term: 1 } },
      { name: 'org_kind_record', keys: { orgId: 1, kind: 1, recordId: 1 } },
    ]);
    return new StoreSearchIndex(store.collection<TermRow>('search_terms'));
  }

  async put(orgId: string, kind: SearchKind, recordId: string, terms: readonly string[]): Promise<void> {
    const existing = await this.rows.find({ orgId, kind, recordId });
    const stale = existing.filter((row) => !terms.includes(row.term)).map((row) => row._id);
    if (stale.length > 0) await this.rows.deleteMany({ orgId, _id: { $in: stale } });
    const known = new Set(existing.map((row) => row.term));
    for (const term of terms.filter((candidate) => !known.has(candidate))) {
      await writeUnlessDuplicate(() => this.rows.insertOne({ _id: `${kind}:${recordId}:${term}`, orgId, kind, term, recordId }));
    }
  }

  /**
   * The records a list is narrowed to by the words of `q`, within `among` (what the caller may
   * see) when given; `validation_failed` (rule `too_broad`) past SEARCH_CAP.
   */
  async among(orgId: string, kind: SearchKind, words: readonly string[], among: readonly string[] | undefined, noun: string): Promise<string[]> {
    const found = await this.matching(orgId, kind, words, SEARCH_CAP);
    if (found === 'too_broad') {
      throw new DomainError('validation_failed', `q matches more than ${SEARCH_CAP} ${noun}: add a word or a longer one.`, { field: 'q', rule: 'too_broad' });
    }
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
    // The longest word is usually the rarest: the first word matching at most `cap` records picks
    // the candidates, and each candidate's own terms are checked against every word.
    let candidates: Set<string> | null = null;
    for (const word of [...words].sort((a, b) => b.length - a.length)) {
      const rows = await this.rows.find({ orgId, kind, term: { $gte: word, $lt: `${word}${AFTER_PREFIX}` } }, { limit: cap * 2 + 1 });
      const ids = new Set(rows.map((row) => row.recordId));
      if (rows.length <= cap * 2 && ids.size <= cap) {
        candidates = ids;
        break;
      }
    }
    if (candidates === null) return 'too_broad';
    if (words.length === 1 || candidates.size === 0) return [...candidates];
    const termsByRecord = new Map<string, string[]>();
    for (const row of await this.rows.find({ orgId, kind, recordId: { $in: [...candidates] } })) {
      termsByRecord.set(row.recordId, [...(termsByRecord.get(row.recordId) ?? []), row.term]);
    }
    return [...candidates].filter((id) => words.every((word) => (termsByRecord.get(id) ?? []).some((term) => term.startsWith(word))));
  }
}
