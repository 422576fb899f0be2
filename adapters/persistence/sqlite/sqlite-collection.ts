import { randomBytes } from 'node:crypto';
import { DomainError } from '../../../core/shared/domain-error.ts';
import type {
  Collection,
  Filter,
  FindOneAndUpdateOptions,
  FindOptions,
  GroupedWrite,
  SortSpec,
  StoredDocument,
  UpdateDocument,
  UpdateResult,
} from '../../../ports/shared/persistence/collection-store.port.ts';
import { RequiredWriteUnmatched } from '../../../ports/shared/persistence/collection-store.port.ts';
import type { CollectionTable } from './collection-table.ts';
import { applyUpdate, updated, upsertSeed } from './update-applier.ts';
import type { WriteBatch } from './write-batch.ts';

interface Modified<T> {
  readonly before: T | null;
  readonly after: T | null;
  readonly changed: boolean;
}

/**
 * The collection port over one table. SQLite runs synchronously on this thread, so a read and
 * the write that depends on it (a conditional update) happen in one step no other request can
 * enter: conditional writes are atomic. Writes resolve once their batch is committed.
 */
export class SqliteCollection<T extends StoredDocument> implements Collection<T> {
  private readonly table: CollectionTable;
  private readonly batch: WriteBatch;

  constructor(table: CollectionTable, batch: WriteBatch) {
    this.table = table;
    this.batch = batch;
  }

  insertOne(document: T): Promise<void> {
    return this.batch.write(() => this.insertNow(document));
  }

  /** One write of a group, applied now inside the caller's batch write (SqliteStore.writeTogether). */
  applyNow(write: GroupedWrite): void {
    if ('insertOne' in write) this.insertNow(write.insertOne);
    else if ('updateMany' in write) this.updateManyNow(write.updateMany.filter, write.updateMany.update);
    else {
      const { before, after } = this.modifyOne(write.updateOne.filter, write.updateOne.update, write.updateOne.upsert ?? false);
      if (write.updateOne.required && !before && !after) throw new RequiredWriteUnmatched(write.collection, write.updateOne.guard ?? null);
    }
  }

  private insertNow(document: StoredDocument): void {
    if (typeof document._id !== 'string' || document._id.length === 0) throw new Error('Documents need a string _id.');
    this.table.insert(document);
  }

  async findOne(filter: Filter, options: Pick<FindOptions, 'sort'> = {}): Promise<T | null> {
    return this.first(filter, options.sort);
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<T[]> {
    const limit = options.limit === undefined || options.limit === 0 ? undefined : options.limit;
    return [...this.table.select(filter, options.sort, options.skip ?? 0, limit, options.bulk)] as T[];
  }

  async countDocuments(filter: Filter): Promise<number> {
    return this.table.count(filter);
  }

  async findOneAndUpdate(filter: Filter, update: UpdateDocument, options: FindOneAndUpdateOptions = {}): Promise<T | null> {
    const { before, after } = await this.batch.write(() => this.modifyOne(filter, update, options.upsert ?? false, options.sort));
    return (options.returnDocument === 'before' ? before : after) ?? null;
  }

  async updateOne(filter: Filter, update: UpdateDocument, options: { upsert?: boolean } = {}): Promise<UpdateResult> {
    const { before, after, changed } = await this.batch.write(() => this.modifyOne(filter, update, options.upsert ?? false));
    return { matchedCount: before ? 1 : 0, modifiedCount: before && changed ? 1 : 0, upsertedId: !before && after ? after._id : null };
  }

  updateMany(filter: Filter, update: UpdateDocument): Promise<UpdateResult> {
    return this.batch.write(() => this.updateManyNow(filter, update));
  }

  private updateManyNow(filter: Filter, update: UpdateDocument): UpdateResult {
    const targets = [...this.table.select(filter, undefined, 0, undefined)] as T[];
    let modified = 0;
    for (const current of targets) {
      const next = updated(current, update);
      if (!next) continue;
      this.table.replace(next);
      modified += 1;
    }
    return { matchedCount: targets.length, modifiedCount: modified, upsertedId: null };
  }

  deleteOne(filter: Filter): Promise<number> {
    return this.batch.write(() => {
      const target = this.first(filter);
      if (target) this.table.delete(target._id);
      return target ? 1 : 0;
    });
  }

  deleteMany(filter: Filter): Promise<number> {
    return this.batch.write(() => {
      const targets = [...this.table.select(filter, undefined, 0, undefined)];
      for (const target of targets) this.table.delete(target._id);
      return targets.length;
    });
  }

  private first(filter: Filter, sort?: SortSpec): T | null {
    return this.table.first(filter, sort) as T | null;
  }

  private modifyOne(filter: Filter, update: UpdateDocument, upsert: boolean, sort?: SortSpec): Modified<T> {
    const current = this.first(filter, sort);
    if (current) {
      const next = updated(current, update);
      if (!next) return { before: current, after: current, changed: false };
      this.table.replace(next);
      return { before: current, after: next, changed: true };
    }
    if (!upsert) return { before: null, after: null, changed: false };
    const seed = upsertSeed(filter, () => randomBytes(12).toString('hex')) as T;
    if (this.table.has(seed._id)) throw new DomainError('duplicate', 'A resource with the same unique value already exists.', { index: '_id_' });
    const inserted = applyUpdate(seed, update, true);
    this.table.insert(inserted);
    return { before: null, after: inserted, changed: true };
  }
}
