import { randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { DomainError } from '../../../core/shared/domain-error.ts';
import type {
  Collection,
  Filter,
  FindOneAndUpdateOptions,
  FindOptions,
  StoredDocument,
  UpdateDocument,
  UpdateResult,
} from '../../../ports/persistence/collection-store.port.ts';
import { compareBySort, compileFilter, equalityValue } from './document-matcher.ts';
import { deepFreeze } from './deep-freeze.ts';
import { IndexSet } from './index-set.ts';
import type { JournalRecord } from './journal.ts';
import { applyUpdate, upsertSeed } from './update-applier.ts';

export type Persist = (record: JournalRecord) => Promise<void>;

/**
 * One collection held in memory. Every mutation is applied synchronously, so a conditional
 * update is atomic with respect to every other request, and resolves once its journal record
 * is durable. Documents are frozen: reads return them as they are, writes replace them.
 */
export class EmbeddedCollection<T extends StoredDocument> implements Collection<T> {
  readonly indexes = new IndexSet();
  readonly name: string;
  readonly documents: Map<string, T>;
  private readonly persist: Persist;

  constructor(name: string, documents: Map<string, T>, persist: Persist) {
    this.name = name;
    this.documents = documents;
    this.persist = persist;
  }

  async insertOne(document: T): Promise<void> {
    if (typeof document._id !== 'string' || document._id.length === 0) throw new Error('Documents need a string _id.');
    if (this.documents.has(document._id)) throw new DomainError('duplicate', undefined, { index: '_id_' });
    const stored = structuredClone(document);
    this.indexes.check(stored);
    this.put(stored, null);
    await this.persist({ op: 'put', c: this.name, d: document });
  }

  async findOne(filter: Filter, options: Pick<FindOptions, 'sort'> = {}): Promise<T | null> {
    const [first] = this.select(filter, { ...options, limit: 1 });
    return first ?? null;
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<T[]> {
    return this.select(filter, options);
  }

  async countDocuments(filter: Filter): Promise<number> {
    return this.matching(filter).length;
  }

  async findOneAndUpdate(filter: Filter, update: UpdateDocument, options: FindOneAndUpdateOptions = {}): Promise<T | null> {
    const { before, after, write } = this.modifyOne(filter, update, options.upsert ?? false, options.sort);
    await write;
    const chosen = options.returnDocument === 'before' ? before : after;
    return chosen ?? null;
  }

  async updateOne(filter: Filter, update: UpdateDocument, options: { upsert?: boolean } = {}): Promise<UpdateResult> {
    const { before, after, write, changed } = this.modifyOne(filter, update, options.upsert ?? false);
    await write;
    return {
      matchedCount: before ? 1 : 0,
      modifiedCount: before && changed ? 1 : 0,
      upsertedId: !before && after ? after._id : null,
    };
  }

  async updateMany(filter: Filter, update: UpdateDocument): Promise<UpdateResult> {
    const targets = this.matching(filter);
    const writes: Promise<void>[] = [];
    let modified = 0;
    for (const current of targets) {
      const next = applyUpdate(current, update, false);
      if (isDeepStrictEqual(next, current)) continue;
      this.indexes.check(next);
      this.put(next, current);
      writes.push(this.persist({ op: 'put', c: this.name, d: next }));
      modified += 1;
    }
    await Promise.all(writes);
    return { matchedCount: targets.length, modifiedCount: modified, upsertedId: null };
  }

  async deleteOne(filter: Filter): Promise<number> {
    const [target] = this.select(filter, { limit: 1 });
    if (!target) return 0;
    await this.remove(target);
    return 1;
  }

  async deleteMany(filter: Filter): Promise<number> {
    const targets = this.matching(filter);
    await Promise.all(targets.map((target) => this.remove(target)));
    return targets.length;
  }

  /** Deletes documents whose TTL has passed; returns how many. */
  async sweepExpired(now: number): Promise<number> {
    if (this.indexes.ttl.length === 0) return 0;
    const expired: T[] = [];
    for (const document of this.documents.values()) {
      const isExpired = this.indexes.ttl.some(({ field, seconds }) => {
        const value = document[field];
        return value instanceof Date && value.getTime() + seconds * 1000 <= now;
      });
      if (isExpired) expired.push(document);
    }
    await Promise.all(expired.map((document) => this.remove(document)));
    return expired.length;
  }

  private modifyOne(filter: Filter, update: UpdateDocument, upsert: boolean, sort?: FindOptions['sort']) {
    const [current] = this.select(filter, { limit: 1, ...(sort ? { sort } : {}) });
    if (current) {
      const next = applyUpdate(current, update, false);
      const changed = !isDeepStrictEqual(next, current);
      if (!changed) return { before: current, after: current, changed, write: Promise.resolve() };
      this.indexes.check(next);
      this.put(next, current);
      return { before: current, after: next, changed, write: this.persist({ op: 'put', c: this.name, d: next }) };
    }
    if (!upsert) return { before: null, after: null, changed: false, write: Promise.resolve() };
    const seed = upsertSeed(filter, () => randomBytes(12).toString('hex')) as T;
    if (this.documents.has(seed._id)) throw new DomainError('duplicate', undefined, { index: '_id_' });
    const inserted = applyUpdate(seed, update, true);
    this.indexes.check(inserted);
    this.put(inserted, null);
    return { before: null, after: inserted, changed: true, write: this.persist({ op: 'put', c: this.name, d: inserted }) };
  }

  private put(next: T, previous: T | null): void {
    deepFreeze(next);
    if (previous) this.indexes.replace(previous, next);
    else this.indexes.insert(next);
    this.documents.set(next._id, next);
  }

  private async remove(document: T): Promise<void> {
    this.documents.delete(document._id);
    this.indexes.remove(document);
    await this.persist({ op: 'del', c: this.name, id: document._id });
  }

  private matching(filter: Filter): T[] {
    const matches = compileFilter(filter);
    const byId = equalityValue(filter, '_id');
    const ids = byId ? [String(byId.value)] : this.indexes.candidates(filter);
    const result: T[] = [];
    if (ids) {
      for (const id of ids) {
        const document = this.documents.get(id);
        if (document && matches(document)) result.push(document);
      }
    } else {
      for (const document of this.documents.values()) if (matches(document)) result.push(document);
    }
    return result;
  }

  private select(filter: Filter, { sort, skip = 0, limit }: FindOptions): T[] {
    const matched = this.matching(filter);
    if (sort) matched.sort(compareBySort(sort));
    const end = limit === undefined || limit === 0 ? undefined : skip + limit;
    return matched.slice(skip, end);
  }
}
