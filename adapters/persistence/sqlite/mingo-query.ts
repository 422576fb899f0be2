import { Context } from 'mingo/core';
import * as queryOperators from 'mingo/operators/query';
import { Query } from 'mingo/query';
import { update } from 'mingo/updater';
import type { Filter, StoredDocument, UpdateDocument } from '../../../ports/shared/persistence/collection-store.port.ts';

/**
 * mingo with the query operators only: its package entry loads every aggregation, expression and
 * window operator besides (some 60 ms more of every start), which no filter or update here uses.
 */
const QUERY_OPERATORS = Context.init({ query: queryOperators });

/** Whether a document matches a filter, as MongoDB decides (the matcher's full path). */
export const mingoQuery = (filter: Filter): ((document: StoredDocument) => boolean) => {
  const query = new Query(filter as Record<string, never>, { context: QUERY_OPERATORS });
  return (document) => query.test(document as unknown as Record<string, never>);
};

/** Applies an update step in place, as MongoDB does (the update applier's full path). */
export const mingoUpdate = (document: StoredDocument, step: UpdateDocument): void => {
  update(document as unknown as Record<string, never>, step as never, undefined, undefined, { cloneMode: 'deep', queryOptions: { context: QUERY_OPERATORS } });
};
