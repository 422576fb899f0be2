/**
 * An authorization model in OpenFGA's JSON form (schema 1.1), as the DSL compiles to: each type's
 * relations are rewrites over stored relationship tuples. Only what evaluation needs is typed.
 */
export type Rewrite =
  | { readonly this: Record<string, never> }
  | { readonly computedUserset: { readonly relation: string } }
  | { readonly tupleToUserset: { readonly tupleset: { readonly relation: string }; readonly computedUserset: { readonly relation: string } } }
  | { readonly union: { readonly child: readonly Rewrite[] } }
  | { readonly intersection: { readonly child: readonly Rewrite[] } }
  | { readonly difference: { readonly base: Rewrite; readonly subtract: Rewrite } };

/** A type a relation may be assigned to directly: `user`, `user:*` (wildcard) or `group#member` (userset). */
export interface RelationReference {
  readonly type: string;
  readonly relation?: string;
  readonly wildcard?: Record<string, never>;
  readonly condition?: string;
}

interface TypeDefinition {
  readonly type: string;
  readonly relations?: Readonly<Record<string, Rewrite>> | null;
  readonly metadata?: {
    readonly relations?: Readonly<Record<string, { readonly directly_related_user_types?: readonly RelationReference[] }>> | null;
  } | null;
}

export interface AuthorizationModelJson {
  readonly schema_version: string;
  readonly type_definitions: readonly TypeDefinition[];
}

/** The model indexed for evaluation: rewrites and direct type restrictions by type and relation. */
export interface AuthorizationModel {
  readonly types: ReadonlyMap<string, ReadonlyMap<string, Rewrite>>;
  readonly directTypes: ReadonlyMap<string, readonly RelationReference[]>;
  /** For each type, the types whose objects can be users of its tuples (directly, as wildcards or usersets). */
  readonly usedBy: ReadonlyMap<string, ReadonlySet<string>>;
}

const key = (type: string, relation: string) => `${type}#${relation}`;

export const compileModel = (json: AuthorizationModelJson): AuthorizationModel => {
  if (json.schema_version !== '1.1') throw new Error(`Authorization models of schema ${json.schema_version} are not supported; use 1.1.`);
  const types = new Map<string, ReadonlyMap<string, Rewrite>>();
  const directTypes = new Map<string, readonly RelationReference[]>();
  const usedBy = new Map<string, Set<string>>();
  for (const definition of json.type_definitions) {
    types.set(definition.type, new Map(Object.entries(definition.relations ?? {})));
    for (const [relation, metadata] of Object.entries(definition.metadata?.relations ?? {})) {
      const references = metadata.directly_related_user_types ?? [];
      directTypes.set(key(definition.type, relation), references);
      for (const reference of references) usedBy.set(reference.type, (usedBy.get(reference.type) ?? new Set()).add(definition.type));
    }
  }
  return { types, directTypes, usedBy };
};

export const hasType = (model: AuthorizationModel, type: string): boolean => model.types.has(type);

export const rewriteOf = (model: AuthorizationModel, type: string, relation: string): Rewrite | undefined => model.types.get(type)?.get(relation);

/** The types a relation may be assigned directly (empty when it has no `this`). */
export const directlyRelated = (model: AuthorizationModel, type: string, relation: string): readonly RelationReference[] =>
  model.directTypes.get(key(type, relation)) ?? [];

/**
 * The types from whose objects a chain of tuples can reach an object of `target`: the only
 * objects worth following when looking for a user's objects of that type.
 */
export const typesLeadingTo = (model: AuthorizationModel, target: string): ReadonlySet<string> => {
  const leading = new Set<string>();
  let grew = true;
  while (grew) {
    grew = false;
    for (const [type, users] of model.usedBy) {
      if (leading.has(type)) continue;
      if (users.has(target) || [...users].some((user) => leading.has(user))) {
        leading.add(type);
        grew = true;
      }
    }
  }
  return leading;
};
