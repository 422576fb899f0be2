/**
 * A relationship: `user` is `relation` of `object`. Objects are `type:id`; users are an object,
 * a wildcard `type:*` (every object of the type) or a userset `type:id#relation` (everyone who
 * is that relation of that object).
 */
export interface RelationshipTuple {
  readonly object: string;
  readonly relation: string;
  readonly user: string;
}

export type ParsedUser =
  | { readonly kind: 'object'; readonly type: string; readonly id: string }
  | { readonly kind: 'wildcard'; readonly type: string }
  | { readonly kind: 'userset'; readonly type: string; readonly id: string; readonly relation: string };

/** Type and id: letters, digits and `_-.|@+` with no `:` or `#` inside either, as OpenFGA requires. */
const PART = /^[^\s:#*]+$/;
const ID = /^[^\s:#]+$/;

/** `type:id`, or null when it is not one. */
export const parseObject = (value: string): { type: string; id: string } | null => {
  const colon = value.indexOf(':');
  if (colon <= 0) return null;
  const type = value.slice(0, colon);
  const id = value.slice(colon + 1);
  if (!PART.test(type) || !ID.test(id) || id === '*') return null;
  return { type, id };
};

export const parseUser = (value: string): ParsedUser | null => {
  const hash = value.indexOf('#');
  if (hash >= 0) {
    const object = parseObject(value.slice(0, hash));
    const relation = value.slice(hash + 1);
    return object && PART.test(relation) ? { kind: 'userset', ...object, relation } : null;
  }
  if (value.endsWith(':*')) {
    const type = value.slice(0, -2);
    return PART.test(type) ? { kind: 'wildcard', type } : null;
  }
  const object = parseObject(value);
  return object ? { kind: 'object', ...object } : null;
};
