import { userObjectOf, type TupleReader } from '../../core/authorization/relationship-check.ts';
import type { RelationshipTuple } from '../../core/authorization/relationship-tuple.ts';

/** Tuples in a list, for running the engine over test data. */
export class MemoryTuples implements TupleReader {
  private readonly tuples: RelationshipTuple[] = [];

  write(tuples: readonly RelationshipTuple[]): void {
    for (const tuple of tuples) {
      if (!this.tuples.some((known) => known.object === tuple.object && known.relation === tuple.relation && known.user === tuple.user))
        this.tuples.push(tuple);
    }
  }

  async read(object: string, relation: string): Promise<readonly RelationshipTuple[]> {
    return this.tuples.filter((tuple) => tuple.object === object && tuple.relation === relation);
  }

  async readByUserObject(userObject: string): Promise<readonly RelationshipTuple[]> {
    return this.tuples.filter((tuple) => userObjectOf(tuple.user) === userObject);
  }
}
