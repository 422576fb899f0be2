import { DomainError } from './domain-error.ts';

/**
 * One move of a lifecycle: the statuses it may start from and the status it leads to. A
 * repository takes exactly this pair for its guarded write, so the store settles a race between
 * two moves (the second finds the record no longer in `from`).
 */
export interface Transition<S extends string> {
  readonly from: readonly S[];
  readonly to: S;
}

/**
 * A lifecycle as data: every status, and every named move between them. Anything not listed is
 * `invalid_transition`. Every aggregate with a status declares one of these in `core/`.
 */
export interface Lifecycle<S extends string, M extends string> {
  /** What the record is called in messages: "Cannot endorse a cancelled policy." */
  readonly subject: string;
  readonly statuses: readonly S[];
  readonly moves: Readonly<Record<M, Transition<S>>>;
}

/** Declares a lifecycle; the type parameters are inferred from the literal table. */
export const lifecycle = <const S extends string, const M extends string>(table: Lifecycle<S, M>): Lifecycle<S, M> => table;

/** The `{from, to}` of a move, for a repository's guarded write. */
export const transition = <S extends string, M extends string>(table: Lifecycle<S, M>, move: M): Transition<S> => table.moves[move];

const mayMove = <S extends string, M extends string>(table: Lifecycle<S, M>, move: M, current: S): boolean => table.moves[move].from.includes(current);

/** Throws `invalid_transition` unless `move` may start from `current`; answers the move's `{from, to}`. */
export const assertTransition = <S extends string, M extends string>(table: Lifecycle<S, M>, move: M, current: S): Transition<S> => {
  if (!mayMove(table, move, current)) {
    throw new DomainError('invalid_transition', `Cannot ${move.replaceAll('_', ' ')} a ${current} ${table.subject}.`, { status: current, move });
  }
  return table.moves[move];
};

/** The move that leads from `from` to `to`, when a route names the target status instead of the move. */
export const moveBetween = <S extends string, M extends string>(table: Lifecycle<S, M>, from: S, to: S): M | null =>
  (Object.keys(table.moves) as M[]).find((move) => table.moves[move].to === to && table.moves[move].from.includes(from)) ?? null;

/** The statuses reachable in one move from `status` (the `from → allowed next` view of the table). */
export const nextStatuses = <S extends string, M extends string>(table: Lifecycle<S, M>, status: S): S[] => [
  ...new Set((Object.values(table.moves) as Transition<S>[]).filter((move) => move.from.includes(status)).map((move) => move.to)),
];
