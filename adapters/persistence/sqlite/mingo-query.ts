import { Context } from 'mingo/core';
import * as queryOperators from 'mingo/operators/query';
import { Query } from 'mingo/query';
import * as updateOperators from 'mingo/operators/update';
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

type UpdateOperator = (expression: unknown, arrayFilters: unknown[]) => (document: StoredDocument) => string[];
const UPDATE_OPERATORS = updateOperators as unknown as Record<string, UpdateOperator>;

/**
 * Applies an update step in place, as MongoDB does; whether any field changed. Each operator is
 * mingo's own, called directly: its `update()` builds a context of every operator on each call,
 * which cost a bind 7 % of its CPU. Values set are copied one level (mingo's "copy"): the
 * document is written as JSON at once, and the copy returned shares with its caller only what
 * that caller gave.
 */
export const mingoUpdate = (document: StoredDocument, step: UpdateDocument): boolean => {
  let changed = false;
  for (const [op, expression] of Object.entries(step)) {
    const operator = UPDATE_OPERATORS[op];
    if (!operator) throw new Error(`Unknown update operator: '${op}'.`);
    if (operator(expression, [])(document).length > 0) changed = true;
  }
  return changed;
};

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
