import { MongoServerError, type Collection as DriverCollection, type Document, type IndexDescription } from 'mongodb';
import type { IndexSpec } from '../../../ports/shared/persistence/collection-store.port.ts';

/** MongoDB's answers when an index of that name exists with other keys or options. */
const INDEX_OPTIONS_CONFLICT = 85;
const INDEX_KEY_SPECS_CONFLICT = 86;

const descriptionOf = (spec: IndexSpec): IndexDescription => ({
  key: spec.keys,
  name: spec.name,
  ...(spec.unique ? { unique: true } : {}),
  ...(spec.expireAfterSeconds !== undefined ? { expireAfterSeconds: spec.expireAfterSeconds } : {}),
  ...(spec.partialFilterExpression ? { partialFilterExpression: spec.partialFilterExpression } : {}),
});

/** Whether an existing index (as `listIndexes` gives it) is the one declared. */
const sameIndex = (existing: Document, wanted: IndexDescription): boolean =>
  JSON.stringify(existing.key) === JSON.stringify(wanted.key) &&
  Boolean(existing.unique) === Boolean(wanted.unique) &&
  existing.expireAfterSeconds === wanted.expireAfterSeconds &&
  JSON.stringify(existing.partialFilterExpression ?? null) === JSON.stringify(wanted.partialFilterExpression ?? null);

/**
 * Creates the declared indexes. One declared again differently under its name (its keys or its
 * filter changed, as the outbox index became partial) is dropped and built as declared now, as
 * the embedded engine does; MongoDB would otherwise refuse the whole declaration.
 */
export const declareIndexes = async (collection: DriverCollection, specs: readonly IndexSpec[]): Promise<void> => {
  const wanted = specs.map(descriptionOf);
  try {
    await collection.createIndexes(wanted);
  } catch (error) {
    const conflict = error instanceof MongoServerError && (error.code === INDEX_OPTIONS_CONFLICT || error.code === INDEX_KEY_SPECS_CONFLICT);
    if (!conflict) throw error;
    const existing = await collection.listIndexes().toArray();
    for (const description of wanted) {
      const found = existing.find((index) => index.name === description.name);
      if (found && !sameIndex(found, description)) await collection.dropIndex(description.name as string);
    }
    await collection.createIndexes(wanted);
  }
};
