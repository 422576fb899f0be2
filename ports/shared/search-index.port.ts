/** The kinds of record the lists search by `q`. */
export type SearchKind = 'policy' | 'submission' | 'claim';

/**
 * What records are found by: each record's terms (searchTerms), kept beside it, and looked up by
 * word prefix through an index, never by reading the records.
 */
export interface SearchIndex {
  /** Makes `terms` what the record is found by (replacing what it was found by before). */
  put(orgId: string, kind: SearchKind, recordId: string, terms: readonly string[]): Promise<void>;
  /**
   * The ids of the records every word begins a term of. `too_broad` when even the word matching
   * the fewest records matches more than `cap` of them.
   */
  matching(orgId: string, kind: SearchKind, words: readonly string[], cap?: number): Promise<string[] | 'too_broad'>;
}
