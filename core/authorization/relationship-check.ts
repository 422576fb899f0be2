/** Requests to the relationship engine: checked against the model with OpenFGA's error codes, then resolved. */
import { directlyRelated, hasType, rewriteOf, typesLeadingTo, type AuthorizationModel } from './authorization-model.ts';
import { AUTHORIZATION_ERRORS, fail } from './authorization-errors.ts';
import { assignable, Resolution, settle } from './relationship-resolution.ts';
import { parseObject, parseUser, type ParsedUser, type RelationshipTuple } from './relationship-tuple.ts';
import { userObjectOf, type TupleReader } from './tuple-reader.ts';

export interface CheckRequest {
  readonly object: string;
  readonly relation: string;
  readonly user: string;
  /** Tuples that hold for this request only, beside the stored ones. */
  readonly contextualTuples?: readonly RelationshipTuple[];
}

export interface ListObjectsRequest {
  readonly type: string;
  readonly relation: string;
  readonly user: string;
  readonly contextualTuples?: readonly RelationshipTuple[];
}

const validUser = (model: AuthorizationModel, user: string): ParsedUser | null => {
  const parsed = parseUser(user);
  if (!parsed || !hasType(model, parsed.type)) return null;
  if (parsed.kind === 'userset' && !rewriteOf(model, parsed.type, parsed.relation)) return null;
  return parsed;
};

/** A tuple the model accepts: known type and relation, and a user its type restrictions allow. */
const tupleFits = (model: AuthorizationModel, tuple: RelationshipTuple): ParsedUser | null => {
  const object = parseObject(tuple.object);
  const user = parseUser(tuple.user);
  if (!object || !user || !rewriteOf(model, object.type, tuple.relation)) return null;
  return assignable(directlyRelated(model, object.type, tuple.relation), user) ? user : null;
};

/** A relationship the model lets be stored: refused otherwise, as OpenFGA's write refuses it. */
export const assertWritableTuple = (model: AuthorizationModel, tuple: RelationshipTuple): void => {
  if (!validUser(model, tuple.user) || !tupleFits(model, tuple))
    fail(AUTHORIZATION_ERRORS.invalidTuple, `Invalid tuple ${tuple.object}#${tuple.relation}@${tuple.user}.`);
};

const assertContextualTuples = (model: AuthorizationModel, tuples: readonly RelationshipTuple[]): void => {
  for (const tuple of tuples) assertWritableTuple(model, tuple);
};

/** The stored tuples with the request's contextual ones laid over them. */
const withContext = (reader: TupleReader, contextual: readonly RelationshipTuple[]): TupleReader =>
  contextual.length === 0
    ? reader
    : {
        read: async (object, relation) => [
          ...(await reader.read(object, relation)),
          ...contextual.filter((tuple) => tuple.object === object && tuple.relation === relation),
        ],
        readByUserObject: async (userObject) => [
          ...(await reader.readByUserObject(userObject)),
          ...contextual.filter((tuple) => userObjectOf(tuple.user) === userObject),
        ],
      };

/**
 * Every object that could be related to the user: the objects of the tuples naming the user, its
 * wildcard, or any object found so far, followed to the end. A relation can only hold through such
 * a chain of tuples, so this is a superset of the answer, each candidate then checked; it reads
 * the user's neighbourhood, never the whole store.
 */
const candidatesFor = async (model: AuthorizationModel, reader: TupleReader, user: ParsedUser, type: string): Promise<string[]> => {
  const leading = typesLeadingTo(model, type);
  const start = user.kind === 'wildcard' ? `${user.type}:*` : `${user.type}:${user.id}`;
  const seen = new Set<string>([start, `${user.type}:*`]);
  const queue = [...seen];
  const found = new Set<string>();
  if (user.kind === 'userset' && user.type === type) found.add(start);
  while (queue.length > 0) {
    for (const tuple of await reader.readByUserObject(queue.shift() as string)) {
      const objectType = tuple.object.slice(0, tuple.object.indexOf(':'));
      if (objectType === type) found.add(tuple.object);
      // An object of a type that leads nowhere near the wanted type has nothing more to give.
      if (!seen.has(tuple.object) && leading.has(objectType)) {
        seen.add(tuple.object);
        queue.push(tuple.object);
      }
    }
  }
  return [...found].sort();
};

/** Whether the user has the relation with the object. Invalid requests fail with OpenFGA's codes. */
export const check = async (model: AuthorizationModel, reader: TupleReader, request: CheckRequest): Promise<boolean> => {
  const object = parseObject(request.object);
  const user = validUser(model, request.user);
  if (!object || !hasType(model, object.type) || !rewriteOf(model, object.type, request.relation) || !user) {
    fail(AUTHORIZATION_ERRORS.validation, `Invalid check of ${request.object}#${request.relation}@${request.user}.`);
  }
  const contextual = request.contextualTuples ?? [];
  assertContextualTuples(model, contextual);
  const resolved = await new Resolution(model, withContext(reader, contextual), request.user, user as ParsedUser).relation(
    request.object,
    request.relation,
    0,
    new Set(),
  );
  return resolved === true;
};

/** Every object of the type the user has the relation with, in a stable order. */
export const listObjects = async (model: AuthorizationModel, reader: TupleReader, request: ListObjectsRequest): Promise<string[]> => {
  if (!hasType(model, request.type)) fail(AUTHORIZATION_ERRORS.typeNotFound, `Type ${request.type} is not in the model.`);
  if (!rewriteOf(model, request.type, request.relation))
    fail(AUTHORIZATION_ERRORS.relationNotFound, `Relation ${request.relation} is not defined on ${request.type}.`);
  const user = validUser(model, request.user);
  if (!user) fail(AUTHORIZATION_ERRORS.validation, `Invalid user ${request.user}.`);
  const contextual = request.contextualTuples ?? [];
  assertContextualTuples(model, contextual);
  const scoped = withContext(reader, contextual);
  const resolution = new Resolution(model, scoped, request.user, user as ParsedUser);
  const found: string[] = [];
  for (const candidate of await candidatesFor(model, scoped, user as ParsedUser, request.type)) {
    const outcome = await settle(() => resolution.relation(candidate, request.relation, 0, new Set()));
    if ('value' in outcome && outcome.value === true) found.push(candidate);
  }
  return found;
};
