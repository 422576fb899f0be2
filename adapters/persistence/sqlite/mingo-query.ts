import { Context } from 'mingo/core';
import * as queryOperators from 'mingo/operators/query';
import { Query } from 'mingo/query';
import { update } from 'mingo/updater';
import { compare, resolve } from 'mingo/util';
import type { Filter, SortSpec, StoredDocument, UpdateDocument } from '../../../ports/shared/persistence/collection-store.port.ts';

/**
 * mingo with the query operators only: its package entry loads every aggregation, expression and
 * window operator besides (some 60 ms more of every start), which no filter or update here uses.
 */
const QUERY_OPERATORS = Context.init({ query: queryOperators });

/** Whether a document matches a filter, as MongoDB decides (what SQL cannot decide, filter-sql.ts). */
export const matcherOf = (filter: Filter): ((document: StoredDocument) => boolean) => {
  const query = new Query(filter as Record<string, never>, { context: QUERY_OPERATORS });
  return (document) => query.test(document as unknown as Record<string, never>);
};

/** Applies an update step in place, as MongoDB does; whether any field changed. */
export const mingoUpdate = (document: StoredDocument, step: UpdateDocument): boolean =>
  update(document as unknown as Record<string, never>, step as never, undefined, undefined, { cloneMode: 'deep', queryOptions: { context: QUERY_OPERATORS } })
    .length > 0;

/** Orders documents by a sort as MongoDB does (for sorts no index column answers). */
export const compareBySort =
  (sort: SortSpec) =>
  (a: StoredDocument, b: StoredDocument): number => {
    for (const [field, direction] of Object.entries(sort)) {
      const order = compare(resolve(a, field), resolve(b, field));
      if (order !== 0) return order * direction;
    }
    return 0;
  };
