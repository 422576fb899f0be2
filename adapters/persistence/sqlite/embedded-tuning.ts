/**
 * What only the embedded engine makes of a collection or an index, given where the engine is wired
 * (never through the collection port, which speaks of records the same way for every engine).
 */
export interface EmbeddedTuning {
  /**
   * Collections of kept totals: few rows, each rewritten by many changes. Their rows stay text, not
   * compressed: compressing saves next to nothing on rows that do not grow with the book, and costs
   * every change.
   */
  readonly textRows: readonly string[];
  /**
   * Collections whose records are read again soon after they are inserted (a bound policy by the
   * books, its invoices summed, a submission and its quotes by the next step): an inserted
   * document's JSON is kept in the cache, decoded only if it is read. Not for every collection:
   * what is held survives the young generation's collections, and held for records never read again
   * it made the heap grow.
   */
  readonly readAfterInsert: readonly string[];
  /**
   * Indexes whose reads look up values few documents hold (a pending-work flag most documents have
   * cleared): the planner is told each key is selective, so such a read stays an index lookup
   * however many documents hold the common value.
   */
  readonly rareValueIndexes: readonly { readonly collection: string; readonly index: string }[];
}

export const NO_TUNING: EmbeddedTuning = { textRows: [], readAfterInsert: [], rareValueIndexes: [] };
