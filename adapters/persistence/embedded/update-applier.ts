import { update as applyOperators } from 'mingo';
import { validationFailed } from '../../../core/shared/domain-error.ts';
import type { Filter, StoredDocument, UpdateDocument } from '../../../ports/persistence/document-store.port.ts';
import { equalityValue } from './document-matcher.ts';

/** Applies MongoDB update operators to a copy; `$setOnInsert` counts only when the update inserts. */
export const applyUpdate = <T extends StoredDocument>(document: T, update: UpdateDocument, inserting: boolean): T => {
  const operators = Object.keys(update);
  if (operators.length === 0 || operators.some((op) => !op.startsWith('$'))) {
    throw new Error('Updates must use update operators such as $set.');
  }
  const { $setOnInsert, ...rest } = update;
  const next = structuredClone(document);
  if (Object.keys(rest).length > 0) applyOperators(next as Record<string, never>, rest, undefined, undefined, { cloneMode: 'deep' });
  if (inserting && $setOnInsert) applyOperators(next as Record<string, never>, { $set: $setOnInsert }, undefined, undefined, { cloneMode: 'deep' });
  if (next._id !== document._id) throw validationFailed('_id', 'immutable', 'The _id field cannot change.');
  return next;
};

/** The document an upsert starts from: the filter's top-level equalities, as MongoDB seeds it. */
export const upsertSeed = (filter: Filter, generateId: () => string): StoredDocument => {
  const seed: Record<string, unknown> = {};
  for (const field of Object.keys(filter)) {
    if (field.startsWith('$') || field.includes('.')) continue;
    const equality = equalityValue(filter, field);
    if (equality) seed[field] = equality.value;
  }
  const id = typeof seed._id === 'string' ? seed._id : generateId();
  return { ...seed, _id: id };
};
