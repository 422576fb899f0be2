import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileModel, type AuthorizationModel, type AuthorizationModelJson } from '../../core/authorization/authorization-model.ts';
import { assertWritableTuple, check, listObjects, type CheckRequest, type ListObjectsRequest } from '../../core/authorization/relationship-check.ts';
import { userObjectOf, type TupleReader } from '../../core/authorization/tuple-reader.ts';
import type { RelationshipTuple } from '../../core/authorization/relationship-tuple.ts';
import { writeUnlessDuplicate } from '../../core/shared/domain-error.ts';
import type { AuthorizationGraph } from '../../ports/authorization/authorization-graph.port.ts';
import type { Collection, CollectionStore } from '../../ports/shared/persistence/collection-store.port.ts';

export const PLATFORM_MODEL_PATH = join(import.meta.dirname, '../../fixtures/authorization/model.fga');
/** The same model as OpenFGA's transformer reads it (`npm run authorization:model`), so a start needs no transformer. */
export const PLATFORM_MODEL_JSON_PATH = join(import.meta.dirname, '../../fixtures/authorization/model.json');

type StoredTuple = {
  readonly _id: string;
  readonly orgId: string;
  readonly object: string;
  readonly relation: string;
  /** Absent when it is its own object (`type:id`, `type:*`), as most users are: `userObject` holds it. */
  readonly user?: string;
  /** The user's object (`type:id` of an object or userset, `type:*`), for reading from the user's side. */
  readonly userObject: string;
};

const COLLECTION = 'relationship_tuples';

/** The id tuples were stored under before: the whole tuple, some 130 characters. */
const legacyIdOf = (orgId: string, tuple: RelationshipTuple) => `${orgId}|${tuple.object}#${tuple.relation}@${tuple.user}`;

/**
 * A tuple's id: a digest of the whole tuple (132 bits), so writing one twice is still one row,
 * while the id each row and index entry repeats is 22 characters rather than the tuple again.
 */
const idOf = (orgId: string, tuple: RelationshipTuple) => createHash('sha256').update(legacyIdOf(orgId, tuple)).digest('base64url').slice(0, 22);

const tupleOf = (document: StoredTuple): RelationshipTuple => ({
  object: document.object,
  relation: document.relation,
  user: document.user ?? document.userObject,
});

/** A tuple as stored: its user kept once when it is its own object (a userset `type:id#relation` is not). */
const storedTuple = (orgId: string, tuple: RelationshipTuple): StoredTuple => {
  const userObject = userObjectOf(tuple.user);
  const { user, ...rest } = tuple;
  return { _id: idOf(orgId, tuple), orgId, ...rest, ...(user === userObject ? {} : { user }), userObject };
};

/**
 * The embedded engine over tuples kept in the store, one set per organization. Each request reads
 * through a memo, so a relation met on many paths (an organization's staff, a producer's agent)
 * is read once per request.
 */
export class EmbeddedAuthorizationGraph implements AuthorizationGraph {
  private readonly model: AuthorizationModel;
  private readonly tuples: Collection<StoredTuple>;

  private constructor(model: AuthorizationModel, tuples: Collection<StoredTuple>) {
    this.model = model;
    this.tuples = tuples;
  }

  static async create(
    store: CollectionStore,
    model: AuthorizationModel = compileModel(JSON.parse(readFileSync(PLATFORM_MODEL_JSON_PATH, 'utf8')) as AuthorizationModelJson),
  ): Promise<EmbeddedAuthorizationGraph> {
    await store.ensureIndexes(COLLECTION, [
      { name: 'org_object_relation', keys: { orgId: 1, object: 1, relation: 1 } },
      { name: 'org_user_object', keys: { orgId: 1, userObject: 1 } },
    ]);
    return new EmbeddedAuthorizationGraph(model, store.collection<StoredTuple>(COLLECTION));
  }

  check(orgId: string, request: CheckRequest): Promise<boolean> {
    return check(this.model, this.reader(orgId), request);
  }

  listObjects(orgId: string, request: ListObjectsRequest): Promise<string[]> {
    return listObjects(this.model, this.reader(orgId), request);
  }

  async write(orgId: string, tuples: readonly RelationshipTuple[]): Promise<void> {
    for (const tuple of tuples) assertWritableTuple(this.model, tuple);
    // Issued together, the writes share the store's flushes instead of waiting for one each; a
    // relationship stored already is the same one (its id is the tuple's digest), so it stays.
    await Promise.all(tuples.map((tuple) => writeUnlessDuplicate(() => this.tuples.insertOne(storedTuple(orgId, tuple)))));
  }

  async delete(orgId: string, tuples: readonly RelationshipTuple[]): Promise<void> {
    // A tuple written before digests were its id may be stored under both: both go.
    await Promise.all(tuples.map((tuple) => this.tuples.deleteMany({ _id: { $in: [idOf(orgId, tuple), legacyIdOf(orgId, tuple)] } })));
  }

  async knows(orgId: string, object: string): Promise<boolean> {
    return (await this.tuples.findOne({ orgId, object })) !== null;
  }

  private reader(orgId: string): TupleReader {
    const memo = new Map<string, Promise<readonly RelationshipTuple[]>>();
    const cached = (key: string, read: () => Promise<readonly RelationshipTuple[]>) => {
      let found = memo.get(key);
      if (!found) {
        found = read();
        memo.set(key, found);
      }
      return found;
    };
    return {
      read: (object, relation) => cached(`o|${object}#${relation}`, async () => (await this.tuples.find({ orgId, object, relation })).map(tupleOf)),
      readByUserObject: (userObject) => cached(`u|${userObject}`, async () => (await this.tuples.find({ orgId, userObject })).map(tupleOf)),
    };
  }
}
