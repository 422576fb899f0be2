import { performance } from 'node:perf_hooks';
import type { Collection, CollectionStore, StoredDocument } from '../../ports/persistence/collection-store.port.ts';
import type { Metrics } from '../../ports/shared/metrics.port.ts';

const TIMED = new Set(['insertOne', 'findOne', 'find', 'countDocuments', 'findOneAndUpdate', 'updateOne', 'updateMany', 'deleteOne', 'deleteMany']);

/**
 * The store as it is, with every collection operation timed. A proxy, so that the engine stays
 * what it is (`instanceof` still tells MongoDB apart) and its methods run on the engine itself.
 */
export const meteredStore = <S extends CollectionStore>(store: S, metrics: Pick<Metrics, 'storeOperation'>): S =>
  new Proxy(store, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (property !== 'collection' || typeof value !== 'function') return typeof value === 'function' ? value.bind(target) : value;
      return (name: string, options?: unknown) =>
        meteredCollection((value as CollectionStore['collection']).call(target, name, options as never), name, metrics);
    },
  });

const meteredCollection = <T extends StoredDocument>(collection: Collection<T>, name: string, metrics: Pick<Metrics, 'storeOperation'>): Collection<T> =>
  new Proxy(collection, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property);
      if (typeof value !== 'function') return value;
      if (typeof property !== 'string' || !TIMED.has(property)) return value.bind(target);
      return async (...args: unknown[]) => {
        const started = performance.now();
        try {
          return await (value as (...inner: unknown[]) => Promise<unknown>).apply(target, args);
        } finally {
          metrics.storeOperation(property, name, (performance.now() - started) / 1000);
        }
      };
    },
  });
