import { directlyRelated, hasType, rewriteOf, typesLeadingTo, type AuthorizationModel, type RelationReference, type Rewrite } from './authorization-model.ts';
import { parseObject, parseUser, type ParsedUser, type RelationshipTuple } from './relationship-tuple.ts';

/** Where the relationships come from: the stored tuples of one store. */
export interface TupleReader {
  /** The tuples of an object and relation. */
  read(object: string, relation: string): Promise<readonly RelationshipTuple[]>;
  /** The tuples whose user is `userObject` itself or one of its usersets (`type:id` and `type:id#…`), or the wildcard `type:*` given as is. */
  readByUserObject(userObject: string): Promise<readonly RelationshipTuple[]>;
}

/** The object a tuple's user names: `type:id` of an object or userset, `type:*` of a wildcard. */
export const userObjectOf = (user: string): string => {
  const hash = user.indexOf('#');
  return hash < 0 ? user : user.slice(0, hash);
};

/** OpenFGA's error codes, so an adapter and the embedded engine fail alike. */
export const AUTHORIZATION_ERRORS = {
  validation: 2000,
  resolutionTooComplex: 2002,
  typeNotFound: 2021,
  relationNotFound: 2022,
  invalidTuple: 2027,
} as const;

export class AuthorizationRequestError extends Error {
  readonly code: number;

  constructor(code: number, message: string) {
    super(message);
    this.code = code;
  }
}

/** How many dispatches (computed usersets, tuple-to-usersets, usersets) one check may follow, as OpenFGA's default. */
export const MAX_RESOLUTION_DEPTH = 25;

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

const fail = (code: number, message: string): never => {
  throw new AuthorizationRequestError(code, message);
};

/** Whether a user may be assigned to the relation directly under the model's type restrictions. */
const assignable = (references: readonly RelationReference[], user: ParsedUser): boolean =>
  references.some((reference) => {
    if (reference.type !== user.type || reference.condition) return false;
    if (user.kind === 'wildcard') return Boolean(reference.wildcard);
    if (user.kind === 'userset') return reference.relation === user.relation;
    return !reference.relation && !reference.wildcard;
  });

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

/**
 * A branch that came back to a relation already on its path: not a member, and more than false
 * for an exclusion, whose subtracted side then cannot be decided: OpenFGA denies the whole check.
 */
const CYCLE = Symbol('cycle');
type Resolved = boolean | typeof CYCLE;

/** The outcome of one branch: resolved, or the error that kept it from being resolved. */
type Outcome = { readonly value: Resolved } | { readonly error: unknown };

const settle = async (run: () => Promise<Resolved>): Promise<Outcome> => {
  try {
    return { value: await run() };
  } catch (error) {
    if (!(error instanceof AuthorizationRequestError)) throw error;
    return { error };
  }
};

/** True as soon as one branch is; otherwise the first error, a cycle, or false. */
const anyOf = async (branches: readonly (() => Promise<Resolved>)[]): Promise<Resolved> => {
  let failure: unknown = null;
  let cycle = false;
  for (const branch of branches) {
    const outcome = await settle(branch);
    if (!('value' in outcome)) failure ??= outcome.error;
    else if (outcome.value === true) return true;
    else if (outcome.value === CYCLE) cycle = true;
  }
  if (failure) throw failure;
  return cycle ? CYCLE : false;
};

/** False (or a cycle) as soon as one branch is; otherwise the first error, or true. */
const allOf = async (branches: readonly (() => Promise<Resolved>)[]): Promise<Resolved> => {
  let failure: unknown = null;
  for (const branch of branches) {
    const outcome = await settle(branch);
    if (!('value' in outcome)) failure ??= outcome.error;
    else if (outcome.value !== true) return outcome.value;
  }
  if (failure) throw failure;
  return true;
};

/**
 * One check: whether `user` reaches `relation` of an object through the model's rewrites over the
 * tuples. A relation met again on the path being followed is a cycle and contributes nothing; a
 * path longer than MAX_RESOLUTION_DEPTH dispatches is an error (2002), not a denial.
 */
class Resolution {
  private readonly model: AuthorizationModel;
  private readonly reader: TupleReader;
  private readonly user: string;
  private readonly parsedUser: ParsedUser;

  constructor(model: AuthorizationModel, reader: TupleReader, user: string, parsedUser: ParsedUser) {
    this.model = model;
    this.reader = reader;
    this.user = user;
    this.parsedUser = parsedUser;
  }

  relation(object: string, relation: string, depth: number, path: ReadonlySet<string>): Promise<Resolved> {
    const here = `${object}#${relation}`;
    if (here === this.user) return Promise.resolve(true);
    if (path.has(here)) return Promise.resolve(CYCLE);
    if (depth > MAX_RESOLUTION_DEPTH) fail(AUTHORIZATION_ERRORS.resolutionTooComplex, 'The check needs more than 25 steps of resolution.');
    const type = parseObject(object)?.type;
    const rewrite = type ? rewriteOf(this.model, type, relation) : undefined;
    if (!type || !rewrite) return Promise.resolve(false);
    return this.rewrite(object, type, relation, rewrite, depth, new Set(path).add(here));
  }

  private rewrite(object: string, type: string, relation: string, rewrite: Rewrite, depth: number, path: ReadonlySet<string>): Promise<Resolved> {
    if ('this' in rewrite) return this.direct(object, type, relation, depth, path);
    if ('computedUserset' in rewrite) return this.relation(object, rewrite.computedUserset.relation, depth + 1, path);
    if ('tupleToUserset' in rewrite) return this.tupleToUserset(object, type, rewrite.tupleToUserset, depth, path);
    if ('union' in rewrite) return anyOf(rewrite.union.child.map((child) => () => this.rewrite(object, type, relation, child, depth, path)));
    if ('intersection' in rewrite) return allOf(rewrite.intersection.child.map((child) => () => this.rewrite(object, type, relation, child, depth, path)));
    return this.difference(object, type, relation, rewrite.difference, depth, path);
  }

  /** Tuples naming the user, a wildcard of the user's type, or a userset the user belongs to. */
  private async direct(object: string, type: string, relation: string, depth: number, path: ReadonlySet<string>): Promise<Resolved> {
    const references = directlyRelated(this.model, type, relation);
    const usersets: (() => Promise<Resolved>)[] = [];
    for (const tuple of await this.reader.read(object, relation)) {
      const user = parseUser(tuple.user);
      if (!user || !assignable(references, user)) continue;
      if (tuple.user === this.user) return true;
      if (user.kind === 'wildcard' && this.parsedUser.kind === 'object' && this.parsedUser.type === user.type) return true;
      if (user.kind === 'userset') usersets.push(() => this.relation(`${user.type}:${user.id}`, user.relation, depth + 1, path));
    }
    return anyOf(usersets);
  }

  private async tupleToUserset(
    object: string,
    type: string,
    step: { readonly tupleset: { readonly relation: string }; readonly computedUserset: { readonly relation: string } },
    depth: number,
    path: ReadonlySet<string>,
  ): Promise<Resolved> {
    const references = directlyRelated(this.model, type, step.tupleset.relation);
    const parents: (() => Promise<Resolved>)[] = [];
    for (const tuple of await this.reader.read(object, step.tupleset.relation)) {
      const parent = parseUser(tuple.user);
      if (!parent || parent.kind !== 'object' || !assignable(references, parent)) continue;
      if (!rewriteOf(this.model, parent.type, step.computedUserset.relation)) continue;
      parents.push(() => this.relation(tuple.user, step.computedUserset.relation, depth + 1, path));
    }
    return anyOf(parents);
  }

  private async difference(
    object: string,
    type: string,
    relation: string,
    step: { readonly base: Rewrite; readonly subtract: Rewrite },
    depth: number,
    path: ReadonlySet<string>,
  ): Promise<Resolved> {
    const base = await settle(() => this.rewrite(object, type, relation, step.base, depth, path));
    if ('value' in base && base.value !== true) return base.value;
    const subtract = await settle(() => this.rewrite(object, type, relation, step.subtract, depth, path));
    if ('value' in subtract && subtract.value === true) return false;
    if ('value' in subtract && subtract.value === CYCLE) return CYCLE;
    if ('error' in base) throw base.error;
    if ('error' in subtract) throw subtract.error;
    return true;
  }
}

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
