import type { CalendarDate } from '../shared/calendar-date.ts';
import { lifecycle } from '../shared/lifecycle.ts';
import { cents, type Cents } from '../shared/money.ts';

export const CLAIM_STATUSES = ['open', 'investigating', 'settled', 'denied', 'closed'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/**
 * A claim is filed `open`, investigated, then settled or denied (an open claim may be denied at
 * once), and closed. Reserves move only while the claim is open or under investigation; a
 * settlement offer is made during the investigation and its approval settles the claim.
 */
export const CLAIM_LIFECYCLE = lifecycle({
  subject: 'claim',
  statuses: CLAIM_STATUSES,
  moves: {
    investigate: { from: ['open'], to: 'investigating' },
    reserve_open: { from: ['open'], to: 'open' },
    reserve_investigating: { from: ['investigating'], to: 'investigating' },
    offer_settlement: { from: ['investigating'], to: 'investigating' },
    settle: { from: ['investigating'], to: 'settled' },
    deny: { from: ['open', 'investigating'], to: 'denied' },
    close: { from: ['settled', 'denied'], to: 'closed' },
  },
});
export type ClaimMove = keyof typeof CLAIM_LIFECYCLE.moves;

export interface Reserves {
  readonly indemnity: Cents;
  readonly expense: Cents;
}

export const NO_RESERVES: Reserves = { indemnity: cents(0), expense: cents(0) };

/** One change of reserves: who, when, from what to what. */
interface ReserveChange {
  readonly at: Date;
  readonly actor: string;
  readonly from: Reserves;
  readonly to: Reserves;
}

export const SETTLEMENT_STATUSES = ['pending_approval', 'approved'] as const;
type SettlementStatus = (typeof SETTLEMENT_STATUSES)[number];

export interface Settlement {
  readonly id: string;
  readonly amount: Cents;
  readonly payee: string | null;
  readonly notes: string | null;
  readonly status: SettlementStatus;
  readonly offeredBy: string;
  readonly approvedBy: string | null;
  readonly createdAt: Date;
  readonly approvedAt: Date | null;
}

export interface Claimant {
  readonly name: string;
  readonly email: string | null;
  readonly phone: string | null;
}

export interface Claim {
  readonly id: string;
  readonly orgId: string;
  readonly claimNumber: string;
  readonly policyId: string;
  readonly policyNumber: string;
  /** The insured's name when the loss was reported (null on claims filed before it was kept). */
  readonly insuredName: string | null;
  readonly status: ClaimStatus;
  readonly lossDate: CalendarDate;
  readonly description: string;
  readonly lossType: string | null;
  readonly claimant: Claimant | null;
  readonly location: string | null;
  readonly estimatedAmount: Cents | null;
  /** The adjuster the claim is assigned to (a user id). */
  readonly adjusterId: string | null;
  /** Outstanding reserves. */
  readonly reserves: Reserves;
  readonly reserveHistory: readonly ReserveChange[];
  /** Paid on the claim: the approved settlement. */
  readonly paid: Cents;
  readonly settlements: readonly Settlement[];
  readonly denialReason: string | null;
  readonly createdBy: string;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly version: number;
}

export const claimNumberFor = (year: number, sequence: number): string => `CLM-${year}-${String(sequence).padStart(6, '0')}`;

/** Incurred loss: what was paid plus what is still reserved. */
export const incurred = (claim: Pick<Claim, 'paid' | 'reserves'>): Cents => cents(claim.paid + claim.reserves.indemnity + claim.reserves.expense);

/** The move that sets reserves from the claim's status (reserves stay in the status they are set in). */
export const reserveMove = (status: ClaimStatus): ClaimMove => (status === 'investigating' ? 'reserve_investigating' : 'reserve_open');
