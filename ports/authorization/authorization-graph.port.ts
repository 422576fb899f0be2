import type { CheckRequest, ListObjectsRequest } from '../../core/authorization/relationship-check.ts';
import type { RelationshipTuple } from '../../core/authorization/relationship-tuple.ts';

/**
 * Relationship-based authorization (Zanzibar, OpenFGA semantics) over the platform's model
 * (`fixtures/authorization/model.fga`). Every organization has its own relationships.
 */
export interface AuthorizationGraph {
  check(orgId: string, request: CheckRequest): Promise<boolean>;
  /** The objects of a type the user has the relation with (`type:id`), sorted. */
  listObjects(orgId: string, request: ListObjectsRequest): Promise<string[]>;
  /** Stores relationships; one already stored is kept as it is. */
  write(orgId: string, tuples: readonly RelationshipTuple[]): Promise<void>;
  delete(orgId: string, tuples: readonly RelationshipTuple[]): Promise<void>;
  /** Whether any stored relationship has the object (a record the graph knows). */
  knows(orgId: string, object: string): Promise<boolean>;
}
