import type { DomainEvent } from '../../../core/shared/events/domain-event.ts';
import type { Transition } from '../../../core/shared/lifecycle.ts';
import { RequiredWriteUnmatched, type Filter, type GroupedWrite, type UpdateDocument } from '../../../ports/shared/persistence/collection-store.port.ts';
import { definedFields } from './document-mapping.ts';
import { withEvents } from './outbox.ts';
import type { RecordCollection } from './record-collection.ts';

/** What a lifecycle move writes beside the new status, and what else it requires of the record. */
export interface Move {
  /** More the record must match: the version read, the policy a hold belongs to. */
  readonly where?: Filter;
  readonly changes?: Record<string, unknown>;
  /** Array fields to append to (a decision to a referral's list). */
  readonly push?: Record<string, unknown>;
  readonly events?: readonly DomainEvent[];
  /** Becomes `updatedAt`; records without one leave it out. */
  readonly at?: Date;
}

/**
 * The one guarded status write every repository uses: only a record in one of the move's `from`
 * statuses (and matching `where`) moves, in one write, to `to` with its changes, its `version`
 * raised and its events in the outbox. The store settles races: of two writers, one matches.
 */
export const moveFilter = (step: Transition<string>, move: Move = {}): Filter => ({ ...move.where, status: { $in: [...step.from] } });

export const moveUpdate = (step: Transition<string>, move: Move = {}): UpdateDocument =>
  withEvents(
    {
      $set: { ...definedFields(move.changes ?? {}), status: step.to, ...(move.at ? { updatedAt: move.at } : {}) },
      $inc: { version: 1 },
      ...(move.push ? { $push: move.push } : {}),
    },
    move.events ?? [],
  );

/** A guarded move of one record of an organization; null when it was not in a state to move. */
export const guardedMove = <T extends { id: string; orgId: string }>(
  records: RecordCollection<T>,
  orgId: string,
  id: string,
  step: Transition<string>,
  move: Move = {},
): Promise<T | null> => records.update(orgId, id, moveFilter(step, move), moveUpdate(step, move));

/** A guarded move as a required write of a command's group (AtomicWrite): `guard` names it when it fails. */
export const moveWrite = <T extends { id: string; orgId: string }>(
  records: RecordCollection<T>,
  orgId: string,
  id: string,
  step: Transition<string>,
  move: Move,
  guard: string,
): GroupedWrite => records.guardedUpdate(orgId, id, moveFilter(step, move), moveUpdate(step, move), guard);

/**
 * The guarded write of an event-carrying aggregate's lifecycle move: the changes, the new status
 * and its events in one write, only if the aggregate is still at the version read and in one of
 * the move's statuses (null otherwise: someone else changed it first). `writes` that must go with
 * the move (the figures it changes) make one group with it, kept whole or not at all; the
 * aggregate is then read back as stored.
 */
export const moveWithEvents = async <T extends { id: string; orgId: string; version: number }, S extends string>(
  records: RecordCollection<T>,
  aggregate: T,
  step: Transition<S>,
  changes: Record<string, unknown>,
  events: readonly DomainEvent[],
  at: Date,
  writes: readonly GroupedWrite[] = [],
): Promise<T | null> => {
  const move: Move = { where: { version: aggregate.version }, changes, events, at };
  if (writes.length === 0) return guardedMove(records, aggregate.orgId, aggregate.id, step, move);
  try {
    await records.writeTogether([records.guardedUpdate(aggregate.orgId, aggregate.id, moveFilter(step, move), moveUpdate(step, move)), ...writes]);
  } catch (error) {
    if (error instanceof RequiredWriteUnmatched) return null;
    throw error;
  }
  return records.findById(aggregate.orgId, aggregate.id);
};
