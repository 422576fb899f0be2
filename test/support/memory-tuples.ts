import { userObjectOf, type TupleReader } from '../../core/authorization/tuple-reader.ts';
import type { RelationshipTuple } from '../../core/authorization/relationship-tuple.ts';

const same = (a: RelationshipTuple, b: RelationshipTuple) => a.object === b.object && a.relation === b.relation && a.user === b.user;

/** Tuples in a list, for running the engine over test data. */
export class MemoryTuples implements TupleReader {
  private readonly tuples: RelationshipTuple[] = [];

  write(tuples: readonly RelationshipTuple[]): void {
    for (const tuple of tuples) if (!this.has(tuple)) this.tuples.push({ object: tuple.object, relation: tuple.relation, user: tuple.user });
  }

  remove(tuples: readonly RelationshipTuple[]): void {
    for (const tuple of tuples) {
      const index = this.tuples.findIndex((known) => same(known, tuple));
      if (index >= 0) this.tuples.splice(index, 1);
    }
  }

  has(tuple: RelationshipTuple): boolean {
    return this.tuples.some((known) => same(known, tuple));
  }

  all(): readonly RelationshipTuple[] {
    return [...this.tuples];
  }

  async read(object: string, relation: string): Promise<readonly RelationshipTuple[]> {
    return this.tuples.filter((tuple) => tuple.object === object && tuple.relation === relation);
  }

  async readByUserObject(userObject: string): Promise<readonly RelationshipTuple[]> {
    return this.tuples.filter((tuple) => userObjectOf(tuple.user) === userObject);
  }
}
