import type { AccountingMonth } from '../../../core/billing/accounting-period.ts';
import type { GroupedWrite } from '../../../ports/shared/persistence/collection-store.port.ts';

/**
 * Each organization's accounting month as a gate every posting booked into it passes, in the same
 * write as the posting, and its close shuts, in the same write as the close. A posting decided
 * while its month was open and written after the month closed meets the shut gate: its upsert
 * finds the month's document but not open, so it collides with it (`duplicate`), nothing of its
 * write is kept, and the command starts again from its reads, booking into the first open month.
 * On MongoDB the two writes touch one document, so concurrent transactions conflict and retry.
 */
export const PERIOD_GATES = 'period_gates';

const keyOf = (orgId: string, month: AccountingMonth): string => `${orgId}:${month}`;

/** A posting booked into `month`: counted through its open gate (a real change, so concurrent writes of the gate conflict). */
export const postingThroughGate = (orgId: string, month: AccountingMonth): GroupedWrite => ({
  collection: PERIOD_GATES,
  updateOne: {
    filter: { _id: keyOf(orgId, month), closed: { $ne: true } },
    update: { $setOnInsert: { orgId, month }, $inc: { postings: 1 } },
    upsert: true,
  },
});

/** The month's gate shut by its close, or opened again by its reopening. */
export const gateOf = (orgId: string, month: AccountingMonth, closed: boolean): GroupedWrite => ({
  collection: PERIOD_GATES,
  updateOne: { filter: { _id: keyOf(orgId, month) }, update: { $setOnInsert: { orgId, month, postings: 0 }, $set: { closed } }, upsert: true },
});
