import type { Principal } from '../../core/identity/principal.ts';

/**
 * Fine-grained, relationship-based decisions on single records (may this producer see this
 * claim?). Routes call it after the role or scope check; a denial is a 403.
 */
export interface RelationshipChecker {
  check(principal: Principal, relation: string, object: { type: string; id: string; orgId: string }): Promise<boolean>;
}
