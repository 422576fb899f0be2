import type { JournalEntry, ProducerPayout } from '../../core/billing/producer-payout.ts';
import type { Page, PageRequest } from '../shared/persistence/page.ts';
import type { Cents } from '../../core/shared/money.ts';
import type { GroupedWrite } from '../shared/persistence/collection-store.port.ts';

export interface ProducerPayoutRepository {
  /** Makes the producer's total paid (at zero) if it is not there yet, so a payout's write can move it. */
  open(orgId: string, producerId: string): Promise<void>;
  /**
   * What recording a payout writes, for its one write: the producer's total paid raised within
   * `limit` (required, guard `payout_limit`: racing payouts can never pay more than is payable)
   * and the payout (`duplicate` when its reference was used before).
   */
  payoutWrites(payout: ProducerPayout, limit: Cents): GroupedWrite[];
  findByReference(orgId: string, reference: string): Promise<ProducerPayout | null>;
  /** Every payout to the producer, oldest first (a few a month). */
  forProducer(orgId: string, producerId: string): Promise<ProducerPayout[]>;
}

/** Postings that belong to no policy. */
export interface JournalRepository {
  /** The posting, for the one write of what it posts (`duplicate` when the source was already posted, or its month closed meanwhile). */
  postWrites(entry: JournalEntry): GroupedWrite[];
  list(orgId: string, page: PageRequest): Promise<Page<JournalEntry>>;
}
