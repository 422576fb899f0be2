import type {
  Collection,
  CollectionOptions,
  CollectionStore,
  Filter,
  GroupedWrite,
  IndexSpec,
  UpdateDocument,
} from '../../../ports/shared/persistence/collection-store.port.ts';
import type { Page, PageRequest } from '../../../ports/shared/persistence/page.ts';
import { findPage, NEWEST_FIRST } from './cursor-page.ts';
import { recordMapper, type DocumentOf, type RecordFields, type RecordMapper } from './document-mapping.ts';

/**
 * The mapping every tenant repository shares: records with `id` stored as `_id`, read back with
 * exactly their declared fields, every call scoped by `orgId`. Repositories compose it and add
 * their own queries and guarded writes.
 */
export class RecordCollection<T extends { id: string; orgId: string }> {
  readonly raw: Collection<DocumentOf<T>>;
  readonly mapper: RecordMapper<T>;
  private readonly store: CollectionStore;
  readonly name: string;

  private constructor(store: CollectionStore, name: string, mapper: RecordMapper<T>, options: CollectionOptions) {
    this.store = store;
    this.name = name;
    this.raw = store.collection<DocumentOf<T>>(name, options);
    this.mapper = mapper;
  }

  static async open<T extends { id: string; orgId: string }>(
    store: CollectionStore,
    name: string,
    fields: RecordFields<T>,
    indexes: readonly IndexSpec[],
    options: CollectionOptions = {},
  ): Promise<RecordCollection<T>> {
    await store.ensureIndexes(name, [{ name: 'org_newest', keys: { orgId: 1, _id: -1 } }, ...indexes]);
    return new RecordCollection<T>(store, name, recordMapper(fields), options);
  }

  /** A record read from a stored document found by a query of the repository's own. */
  fromStored(document: DocumentOf<T>): T {
    return this.mapper.fromStored(document);
  }

  insert(record: T): Promise<void> {
    return this.raw.insertOne(this.mapper.toStored(record));
  }

  /** Several records as one write: all of them are kept, or none (a duplicate rejects the lot). */
  insertAll(records: readonly T[]): Promise<void> {
    return this.store.writeTogether(records.map((record) => this.insertion(record)));
  }

  /** The insert of `record`, for a group written with others (`CollectionStore.writeTogether`). */
  insertion(record: T): GroupedWrite {
    return { collection: this.name, insertOne: this.mapper.toStored(record) };
  }

  /** The conditional write of a record, for a group that is kept only if it matches (`required`; `guard` names the condition). */
  guardedUpdate(orgId: string, id: string, condition: Filter, update: UpdateDocument, guard?: string): GroupedWrite {
    return { collection: this.name, updateOne: { filter: { ...condition, _id: id, orgId }, update, required: true, ...(guard ? { guard } : {}) } };
  }

  /** Writes a group as one, across collections: all kept, or none. */
  writeTogether(writes: readonly GroupedWrite[]): Promise<void> {
    return this.store.writeTogether(writes);
  }

  async findOne(orgId: string, filter: Filter): Promise<T | null> {
    const document = await this.raw.findOne({ ...filter, orgId });
    return document ? this.fromStored(document) : null;
  }

  findById(orgId: string, id: string): Promise<T | null> {
    return this.findOne(orgId, { _id: id });
  }

  /** `bulk`: a read made once for a report (FindOptions.bulk), which the caches of repeated reads do not keep. */
  async findAll(orgId: string, filter: Filter, sort: Record<string, 1 | -1> = { _id: 1 }, { bulk = false } = {}): Promise<T[]> {
    return (await this.raw.find({ ...filter, orgId }, { sort, bulk })).map((document) => this.fromStored(document));
  }

  /**
   * Up to `limit` records of an organization in the order of a unique string field (a number),
   * after `after` (null: from the first). The range (every number is after '') lets the field's
   * unique index, partial over present values, give the order by itself.
   */
  async inOrderOf(orgId: string, field: string, after: string | null, limit: number): Promise<T[]> {
    const documents = await this.raw.find({ orgId, [field]: { $gt: after ?? '' } }, { sort: { [field]: 1 }, limit, bulk: true });
    return documents.map((document) => this.fromStored(document));
  }

  /** A page of the records matching `filter`, only among the ids given when they are. */
  /** The records among `ids` that match `filter`, newest first. */
  async findAmong(orgId: string, filter: Filter, ids: readonly string[]): Promise<T[]> {
    const rows = await this.raw.find({ ...filter, orgId, _id: { $in: [...ids] } }, { sort: NEWEST_FIRST });
    return rows.map((row) => this.fromStored(row));
  }

  page(orgId: string, filter: Filter, request: PageRequest, among?: readonly string[], order: 'newest' | 'oldest' = 'newest'): Promise<Page<T>> {
    const narrowed = among ? { ...filter, _id: { $in: [...among] } } : filter;
    return findPage(this.raw, { ...narrowed, orgId }, request, (document) => this.fromStored(document), order);
  }

  /** A conditional write: null when the record is missing or no longer matches the condition. */
  async update(orgId: string, id: string, condition: Filter, update: UpdateDocument): Promise<T | null> {
    const document = await this.raw.findOneAndUpdate({ ...condition, _id: id, orgId }, update, { returnDocument: 'after' });
    return document ? this.fromStored(document) : null;
  }
}
