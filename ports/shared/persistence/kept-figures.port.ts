import type { GroupedWrite } from './collection-store.port.ts';

/**
 * Figures kept from a kind of record (totals another context reads): the writes that move them
 * when a record is first stored (`before` null) or changed. The record's store writes them in one
 * group with the record, so figures and records never disagree.
 */
export interface KeptFigures<T> {
  writes(after: T, before: T | null): readonly GroupedWrite[];
}

/** A store of records from which no figures are kept (a test of the records alone). */
export const NO_KEPT_FIGURES: KeptFigures<never> = { writes: () => [] };

/** The figures every context keeping some contributes (`wire.contribute`), written as one: each one's writes, in turn. */
export const allKeptFigures = <T>(contributed: readonly KeptFigures<T>[]): KeptFigures<T> => ({
  writes: (after, before) => contributed.flatMap((figures) => figures.writes(after, before)),
});
