import { AsyncLocalStorage } from 'node:async_hooks';
import type { CollectionStore, GroupedWrite } from '../../ports/shared/persistence/collection-store.port.ts';
import type { RequestWrite, RequestWrites } from '../../ports/shared/persistence/request-writes.port.ts';

interface Scope {
  /** The write still to be kept with the request's first group; null once a group kept it. */
  pending: RequestWrite | null;
  /** The request has answered: work it left running commits without the request's write. */
  closed: boolean;
}

/**
 * A request's write held for its first group (`RequestWrites`), through the request's async
 * context: every group committed through `joining(store)` while the request runs may carry it. A
 * request that commits no group keeps its write afterwards, on its own.
 */
export class ScopedRequestWrites implements RequestWrites {
  private readonly scopes = new AsyncLocalStorage<Scope>();

  async around<T>(write: RequestWrite, work: () => Promise<T>): Promise<{ result: T; kept: boolean }> {
    const scope: Scope = { pending: write, closed: false };
    try {
      const result = await this.scopes.run(scope, work);
      return { result, kept: scope.pending === null };
    } finally {
      scope.closed = true;
    }
  }

  /** Commits a group, with the request's waiting write when there is one. */
  async commit(writes: readonly GroupedWrite[], commit: (writes: readonly GroupedWrite[]) => Promise<void>): Promise<void> {
    const scope = this.scopes.getStore();
    const pending = scope && !scope.closed ? scope.pending : null;
    if (!scope || !pending) return commit(writes);
    // Taken before the commit so that two groups of one request never both carry it; a group
    // that fails gives it back for the next.
    scope.pending = null;
    try {
      await commit([...writes, pending(writes)]);
    } catch (error) {
      scope.pending = pending;
      throw error;
    }
  }

  /** The store as every context writes to it: each group it commits carries the request's waiting write. */
  joining(store: CollectionStore): CollectionStore {
    return new Proxy(store, {
      get: (target, property) => {
        if (property === 'writeTogether') return (writes: readonly GroupedWrite[]) => this.commit(writes, (group) => target.writeTogether(group));
        const value: unknown = Reflect.get(target, property);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  }
}
