import type { Collection, CollectionStore, StoredDocument } from '../../ports/shared/persistence/collection-store.port.ts';

const FAULTABLE = new Set(['insertOne', 'findOneAndUpdate', 'updateOne', 'updateMany', 'deleteOne', 'deleteMany']);

/** How a fault is planned: let `skip` calls through, then fail the next `fail` ones. */
export interface Fault {
  skip?: number;
  fail: number;
}

/**
 * A real store whose writes fail on plan, to interrupt a flow between two of its steps. Keys are
 * `operation:collection` (`findOneAndUpdate:submissions`); a bare collection name means its
 * `insertOne`. A number is the count of calls to fail at once. A group of writes
 * (`writeTogether`) fails whole when any of its writes is planned to fail.
 */
export const withFaults = (store: CollectionStore, faults: Map<string, number | Fault>): CollectionStore => {
  /** Throws when this call of `operation` on `name` is planned to fail, counting it either way. */
  const failIfPlanned = (operation: string, name: string): void => {
    const key = faults.has(`${operation}:${name}`) ? `${operation}:${name}` : operation === 'insertOne' ? name : null;
    const planned = key === null ? undefined : faults.get(key);
    if (key === null || planned === undefined) return;
    const fault = typeof planned === 'number' ? { fail: planned } : planned;
    if ((fault.skip ?? 0) > 0) faults.set(key, { ...fault, skip: (fault.skip ?? 0) - 1 });
    else if (fault.fail > 0) {
      faults.set(key, { ...fault, fail: fault.fail - 1 });
      throw new Error(`injected failure: ${operation} on ${name}`);
    }
  };
  return {
    engine: store.engine,
    collection<T extends StoredDocument>(name: string, options?: Parameters<CollectionStore['collection']>[1]): Collection<T> {
      const inner = store.collection<T>(name, options);
      return new Proxy(inner, {
        get(target, property, receiver) {
          const value = Reflect.get(target, property, receiver);
          if (typeof property !== 'string' || !FAULTABLE.has(property)) return typeof value === 'function' ? value.bind(target) : value;
          return async (...args: unknown[]) => {
            failIfPlanned(property, name);
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        },
      });
    },
    writeTogether: async (writes) => {
      for (const write of writes) failIfPlanned('insertOne' in write ? 'insertOne' : 'updateMany' in write ? 'updateMany' : 'updateOne', write.collection);
      return store.writeTogether(writes);
    },
    ensureIndexes: (collection, indexes) => store.ensureIndexes(collection, indexes),
    ping: () => store.ping(),
    close: () => store.close(),
  };
};

/** Fails the next `insertOne` calls on chosen collections (a collection name → how many). */
export const withInsertFaults = (store: CollectionStore, faults: Map<string, number>): CollectionStore =>
  withFaults(store, faults as Map<string, number | Fault>);
