import { performance } from 'node:perf_hooks';
import type { Collection, CollectionStore, StoredDocument } from '../../ports/shared/persistence/collection-store.port.ts';
import type { Metrics } from '../../ports/shared/metrics.port.ts';

const TIMED = new Set(['insertOne', 'findOne', 'find', 'countDocuments', 'findOneAndUpdate', 'updateOne', 'updateMany', 'deleteOne', 'deleteMany']);

/**
 * The store as it is, with every collection operation timed, and every group of writes (labelled
 * by the collections it writes, `ledger_entries+commission_totals`). A proxy, so that the engine
 * stays what it is (`instanceof` still tells MongoDB apart) and its methods run on the engine itself.
 */
export const meteredStore = <S extends CollectionStore>(store: S, metrics: Pick<Metrics, 'storeOperation'>): S =>
  new Proxy(store, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (property === 'writeTogether' && typeof value === 'function') {
        return (writes: Parameters<CollectionStore['writeTogether']>[0]) => {
          const observe = metrics.storeOperation('writeTogether', [...new Set(writes.map((write) => write.collection))].join('+'));
          const started = performance.now();
          const pending = (value as CollectionStore['writeTogether']).call(target, writes);
          const done = () => observe((performance.now() - started) / 1000);
          pending.then(done, done);
          return pending;
        };
      }
      if (property !== 'collection' || typeof value !== 'function') return typeof value === 'function' ? value.bind(target) : value;
      return (name: string, options?: unknown) =>
        meteredCollection((value as CollectionStore['collection']).call(target, name, options as never), name, metrics);
    },
  });

/**
 * Each operation is wrapped once per collection (not at every call), and the wrapper hands the
 * engine's own promise back: timing adds no promise of its own to the caller's wait.
 */
const meteredCollection = <T extends StoredDocument>(collection: Collection<T>, name: string, metrics: Pick<Metrics, 'storeOperation'>): Collection<T> => {
  const wrapped = new Map<PropertyKey, unknown>();
  const timed = (operation: string, run: (...inner: unknown[]) => Promise<unknown>) => {
    const observe = metrics.storeOperation(operation, name);
    return (...args: unknown[]) => {
      const started = performance.now();
      const done = () => observe((performance.now() - started) / 1000);
      let pending: Promise<unknown>;
      try {
        pending = run.apply(collection, args);
      } catch (error) {
        pending = Promise.reject(error);
      }
      pending.then(done, done);
      return pending;
    };
  };
  return new Proxy(collection, {
    get(target, property) {
      const known = wrapped.get(property);
      if (known !== undefined) return known;
      const value: unknown = Reflect.get(target, property);
      if (typeof value !== 'function') return value;
      const method =
        typeof property === 'string' && TIMED.has(property) ? timed(property, value as (...inner: unknown[]) => Promise<unknown>) : value.bind(target);
      wrapped.set(property, method);
      return method;
    },
  });
};
