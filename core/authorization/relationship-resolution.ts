import { directlyRelated, rewriteOf, type AuthorizationModel, type RelationReference, type Rewrite } from './authorization-model.ts';
import { AUTHORIZATION_ERRORS, AuthorizationRequestError, fail } from './authorization-errors.ts';
import { parseObject, parseUser, type ParsedUser } from './relationship-tuple.ts';
import type { TupleReader } from './tuple-reader.ts';

/** How many dispatches (computed usersets, tuple-to-usersets, usersets) one check may follow, as OpenFGA's default. */
const MAX_RESOLUTION_DEPTH = 25;

/** Whether a user may be assigned to the relation directly under the model's type restrictions. */
export const assignable = (references: readonly RelationReference[], user: ParsedUser): boolean =>
  references.some((reference) => {
    if (reference.type !== user.type || reference.condition) return false;
    if (user.kind === 'wildcard') return Boolean(reference.wildcard);
    if (user.kind === 'userset') return reference.relation === user.relation;
    return !reference.relation && !reference.wildcard;
  });

/**
 * A branch that came back to a relation already on its path: not a member, and more than false
 * for an exclusion, whose subtracted side then cannot be decided: OpenFGA denies the whole check.
 */
const CYCLE = Symbol('cycle');
export type Resolved = boolean | typeof CYCLE;

/** The outcome of one branch: resolved, or the error that kept it from being resolved. */
type Outcome = { readonly value: Resolved } | { readonly error: unknown };

export const settle = async (run: () => Promise<Resolved>): Promise<Outcome> => {
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
export class Resolution {
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
