import type { RelationshipTuple } from '../../core/authorization/relationship-tuple.ts';
import type { AuthorizationGraph } from './authorization-graph.port.ts';

const organizationOf = (object: string, orgId: string): RelationshipTuple => ({ object, relation: 'organization', user: `organization:${orgId}` });

/**
 * The relationships each kind of record brings into the authorization graph, written by the use
 * case that writes the record, before it, so a record is never visible without them. The model
 * (`fixtures/authorization/model.fga`) derives every access from these.
 */
export class RecordRelationships {
  private readonly graph: AuthorizationGraph;

  constructor(graph: AuthorizationGraph) {
    this.graph = graph;
  }

  submission(submission: { id: string; orgId: string; producerId: string | null }): Promise<void> {
    const object = `submission:${submission.id}`;
    return this.graph.write(submission.orgId, [
      organizationOf(object, submission.orgId),
      ...(submission.producerId ? [{ object, relation: 'producer', user: `producer:${submission.producerId}` }] : []),
    ]);
  }

  policy(policy: { id: string; orgId: string; submissionId: string; producerId: string | null }): Promise<void> {
    const object = `policy:${policy.id}`;
    return this.graph.write(policy.orgId, [
      organizationOf(object, policy.orgId),
      { object, relation: 'submission', user: `submission:${policy.submissionId}` },
      ...(policy.producerId ? [{ object, relation: 'producer', user: `producer:${policy.producerId}` }] : []),
    ]);
  }

  commission(commission: { id: string; orgId: string; policyId: string; producerId: string }): Promise<void> {
    const object = `commission:${commission.id}`;
    return this.graph.write(commission.orgId, [
      organizationOf(object, commission.orgId),
      { object, relation: 'policy', user: `policy:${commission.policyId}` },
      { object, relation: 'producer', user: `producer:${commission.producerId}` },
    ]);
  }

  /**
   * A claim of its organization, about its policy (whose producer and insured may read it); whoever
   * is assigned the claim reads the policy's data too, through the claim's own assignee relation.
   */
  claim(claim: { id: string; orgId: string; policyId: string }): Promise<void> {
    const object = `claim:${claim.id}`;
    return this.graph.write(claim.orgId, [
      organizationOf(object, claim.orgId),
      { object, relation: 'policy', user: `policy:${claim.policyId}` },
      { object: `policy:${claim.policyId}`, relation: 'claim_handler', user: `${object}#assignee` },
    ]);
  }

  /** The adjuster a claim is assigned to acts on it; a previous one no longer does. */
  async assignment(claim: { id: string; orgId: string }, adjusterId: string, previous: string | null): Promise<void> {
    const object = `claim:${claim.id}`;
    await this.graph.write(claim.orgId, [{ object, relation: 'assignee', user: `user:${adjusterId}` }]);
    if (previous && previous !== adjusterId) await this.graph.delete(claim.orgId, [{ object, relation: 'assignee', user: `user:${previous}` }]);
  }

  /** A producer belongs to its organization; its user acts as it only once it is active. */
  async producer(producer: { id: string; orgId: string; userId: string | null; status: string }): Promise<void> {
    const object = `producer:${producer.id}`;
    const agent = producer.userId ? { object, relation: 'agent', user: `user:${producer.userId}` } : null;
    await this.graph.write(producer.orgId, [organizationOf(object, producer.orgId), ...(agent && producer.status === 'active' ? [agent] : [])]);
    if (agent && producer.status !== 'active') await this.graph.delete(producer.orgId, [agent]);
  }

  document(document: { id: string; orgId: string }, about: { policyId?: string; claimId?: string } = {}): Promise<void> {
    const object = `document:${document.id}`;
    return this.graph.write(document.orgId, [
      organizationOf(object, document.orgId),
      ...(about.policyId ? [{ object, relation: 'policy', user: `policy:${about.policyId}` }] : []),
      ...(about.claimId ? [{ object, relation: 'claim', user: `claim:${about.claimId}` }] : []),
    ]);
  }
}
