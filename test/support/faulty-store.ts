import type { Collection, DocumentStore, StoredDocument } from '../../ports/persistence/document-store.port.ts';

/**
 * A real store whose next `insertOne` calls on chosen collections fail, to interrupt a flow
 * between two of its steps. `faults` maps a collection name to how many inserts should fail.
 */
export const withInsertFaults = (store: DocumentStore, faults: Map<string, number>): DocumentStore => ({
  engine: store.engine,
  collection<T extends StoredDocument>(name: string, options?: Parameters<DocumentStore['collection']>[1]): Collection<T> {
    const inner = store.collection<T>(name, options);
    return new Proxy(inner, {
      get(target, property, receiver) {
        if (property === 'insertOne') {
          return async (document: T) => {
            const left = faults.get(name) ?? 0;
            if (left > 0) {
              faults.set(name, left - 1);
              throw new Error(`injected failure: insert into ${name}`);
            }
            return target.insertOne(document);
          };
        }
        const value = Reflect.get(target, property, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  },
  ensureIndexes: (collection, indexes) => store.ensureIndexes(collection, indexes),
  ping: () => store.ping(),
  close: () => store.close(),
});
