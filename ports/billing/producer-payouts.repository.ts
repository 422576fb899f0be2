import type { JournalEntry, ProducerPayout } from '../../core/billing/producer-payout.ts';
import type { Page, PageRequest } from '../shared/persistence/page.ts';
import type { Cents } from '../../core/shared/money.ts';

export interface ProducerPayoutRepository {
  /**
   * Reserves `amount` of what may still be paid to the producer, in one guarded write: false when
   * the payouts would exceed `limit` (racing payouts can never pay more than is payable).
   */
  reserve(orgId: string, producerId: string, amount: Cents, limit: Cents): Promise<boolean>;
  /** Gives a reservation back (the payout was not recorded). */
  release(orgId: string, producerId: string, amount: Cents): Promise<void>;
  /** Rejects with `duplicate` when the reference was used before. */
  insert(payout: ProducerPayout): Promise<void>;
  findByReference(orgId: string, reference: string): Promise<ProducerPayout | null>;
  /** Every payout to the producer, oldest first (a few a month). */
  forProducer(orgId: string, producerId: string): Promise<ProducerPayout[]>;
}

/** Postings that belong to no policy. */
export interface JournalRepository {
  /** Rejects with `duplicate` when the source was already posted. */
  post(entry: JournalEntry): Promise<void>;
  list(orgId: string, page: PageRequest): Promise<Page<JournalEntry>>;
}
