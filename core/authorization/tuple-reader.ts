import type { RelationshipTuple } from './relationship-tuple.ts';

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
