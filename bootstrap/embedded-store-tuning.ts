import { PORTFOLIO_DAYS } from '../adapters/persistence/analytics/portfolio-days.store.ts';
import { COMMISSION_TOTALS } from '../adapters/persistence/billing/commission-totals.store.ts';
import { EVENT_CARRYING_COLLECTIONS, OUTBOX_INDEX } from '../adapters/persistence/shared/outbox.ts';
import type { EmbeddedTuning } from '../adapters/persistence/sqlite/embedded-tuning.ts';

/**
 * What the embedded engine makes of the service's collections (embedded-tuning.ts says what each
 * means). Given where the store is opened: the service, its commands and the benches; MongoDB has
 * nothing of the kind.
 */
export const EMBEDDED_STORE_TUNING: EmbeddedTuning = {
  // Kept totals: rewritten by many changes, never growing with the book.
  textRows: ['sequences', 'da_aggregates', COMMISSION_TOTALS, PORTFOLIO_DAYS],
  // Read again right after they are written: a bound policy, its invoices, a submission and its quotes.
  readAfterInsert: ['policies', 'invoices', 'submissions', 'quotes'],
  // The relay reads the few records whose events wait among all the others.
  rareValueIndexes: EVENT_CARRYING_COLLECTIONS.map((collection) => ({ collection, index: OUTBOX_INDEX.name })),
};
