import { performance } from 'node:perf_hooks';
import type { Collection, CollectionStore, StoredDocument } from '../../ports/shared/persistence/collection-store.port.ts';
import type { Metrics } from '../../ports/shared/metrics.port.ts';

const TIMED = new Set(['insertOne', 'findOne', 'find', 'countDocuments', 'findOneAndUpdate', 'updateOne', 'updateMany', 'deleteOne', 'deleteMany']);

/**
 * Reads an embedded engine (SQLite, memory) does whole before it returns their promise: timed as
 * the call, with no reaction added to the promise (three or four of them on every request).
 * MongoDB's are timed until they settle.
 */
const SETTLED_ON_RETURN = new Set(['findOne', 'find', 'countDocuments']);

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
        return (writes: Parameters<CollectionStore['writeTogether']>[0]) =>
          timedCall(metrics.storeOperation('writeTogether', [...new Set(writes.map((write) => write.collection))].join('+')), () =>
            (value as CollectionStore['writeTogether']).call(target, writes),
          );
      }
      if (property !== 'collection' || typeof value !== 'function') return typeof value === 'function' ? value.bind(target) : value;
      return (name: string, options?: unknown) =>
        meteredCollection((value as CollectionStore['collection']).call(target, name, options as never), name, metrics, target.engine !== 'mongodb');
    },
  });

/**
 * Runs `run`, observing how long its promise took to settle, and hands that very promise back: timing
 * adds no promise of its own to the caller's wait. An engine that throws at once answers with a
 * rejection, timed too.
 */
const timedCall = <R>(observe: (seconds: number) => void, run: () => Promise<R>): Promise<R> => {
  const started = performance.now();
  const done = () => observe((performance.now() - started) / 1000);
  const pending = promiseOf(run);
  pending.then(done, done);
  return pending;
};

/** `run`'s promise, or a rejection when it throws at once. */
const promiseOf = <R>(run: () => Promise<R>): Promise<R> => {
  try {
    return run();
  } catch (error) {
    return Promise.reject(error);
  }
};

/** Each operation is wrapped once per collection (not at every call). */
const meteredCollection = <T extends StoredDocument>(
  collection: Collection<T>,
  name: string,
  metrics: Pick<Metrics, 'storeOperation'>,
  embedded: boolean,
): Collection<T> => {
  const wrapped = new Map<PropertyKey, unknown>();
  const timed = (operation: string, run: (...inner: unknown[]) => Promise<unknown>) => {
    const observe = metrics.storeOperation(operation, name);
    if (embedded && SETTLED_ON_RETURN.has(operation)) {
      return (...args: unknown[]) => {
        const started = performance.now();
        const settled = promiseOf(() => run.apply(collection, args));
        observe((performance.now() - started) / 1000);
        return settled;
      };
    }
    return (...args: unknown[]) => timedCall(observe, () => run.apply(collection, args));
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
