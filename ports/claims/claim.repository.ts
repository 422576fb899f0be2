import type { Claim, ClaimStatus } from '../../core/claims/claim.ts';
import type { DomainEvent } from '../../core/shared/events/domain-event.ts';
import type { Transition } from '../../core/shared/lifecycle.ts';
import type { Among, Page, PageRequest } from '../shared/persistence/page.ts';
import type { GroupedWrite } from '../shared/persistence/collection-store.port.ts';

export interface ClaimFilters extends Among {
  readonly status?: ClaimStatus;
  readonly adjusterId?: string;
  readonly policyId?: string;
  /** The words of `q` (queryWords): each must begin a word of the claim number, the policy number or the insured's name. */
  readonly words?: readonly string[];
}

export type ClaimChanges = Partial<Omit<Claim, 'id' | 'orgId' | 'version' | 'status'>>;

export interface ClaimRepository {
  /** Stores the claim with its events (outbox) and `with` (its audit entry) in one write; `duplicate` when the claim number is taken. */
  insert(claim: Claim, events: readonly DomainEvent[], with_?: readonly GroupedWrite[]): Promise<void>;
  findById(orgId: string, id: string): Promise<Claim | null>;
  /** The organization's claims in claim number order, after `after` (null: from the first), at most `limit` (read through the number's index). */
  inNumberOrder(orgId: string, after: string | null, limit: number): Promise<Claim[]>;
  list(orgId: string, filters: ClaimFilters, page: PageRequest): Promise<Page<Claim>>;
  /**
   * Makes the move with its changes and events, and `with` (its audit entry), in one write, only if
   * the claim is still at its version; null otherwise (nothing of it kept).
   */
  change(
    claim: Claim,
    step: Transition<ClaimStatus>,
    changes: ClaimChanges,
    events: readonly DomainEvent[],
    at: Date,
    with_?: readonly GroupedWrite[],
  ): Promise<Claim | null>;
}
