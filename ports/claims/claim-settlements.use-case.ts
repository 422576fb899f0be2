import { type Claim, type Settlement } from '../../core/claims/claim.ts';
import { assertWithinPolicyLimit, DEFAULT_SUPERVISOR_AUTHORITY, mayApprove, offerStatus } from '../../core/claims/settlement-authority.ts';
import { domainEvent } from '../../core/shared/events/domain-event.ts';
import { assertSecondPair } from '../../core/shared/access/four-eyes.ts';
import { describeActor, personOf, type Principal } from '../../core/shared/access/principal.ts';
import { DomainError, notFound, validationFailed } from '../../core/shared/domain-error.ts';
import { cents, centsToDollars, type Cents } from '../../core/shared/money.ts';
import { eventOrigin } from '../shared/event-origin.ts';
import type { ActorPersons } from '../identity/actor-persons.use-case.ts';
import type { PolicyRepository } from '../policy/policy.repositories.ts';
import type { OrganizationRepository } from '../tenancy/organization.repository.ts';
import { changeClaim, claimOf, type ClaimChangeDeps } from './claim-changes.ts';

/**
 * Settlement offers and their approval. An adjuster's offer (or an API key's) waits for a claims
 * supervisor or an administrator other than the person who offered it; a supervisor's own offer
 * within its authority is approved at once; above that authority only an administrator approves
 * (settlement-authority.ts). No offer
 * exceeds the policy's per-occurrence limit. Approval settles the claim: the amount is paid on it
 * and the indemnity reserve released.
 */
export interface ClaimSettlementsDeps extends ClaimChangeDeps {
  readonly organizations: Pick<OrganizationRepository, 'findById'>;
  readonly policies: Pick<PolicyRepository, 'findById'>;
  /** The person behind the stored offerer (a key's creator), for four eyes. */
  readonly persons: Pick<ActorPersons, 'personOf'>;
}

export class ClaimSettlements {
  private readonly deps: ClaimSettlementsDeps;

  constructor(deps: ClaimSettlementsDeps) {
    this.deps = deps;
  }

  /** The organization's settlement authority of a claims supervisor, or the default. */
  private async supervisorAuthority(orgId: string): Promise<Cents> {
    return (await this.deps.organizations.findById(orgId))?.claimsSupervisorAuthority ?? DEFAULT_SUPERVISOR_AUTHORITY;
  }

  /** The claim's policy's per-occurrence limit bounds what is paid on the claim. */
  private async assertWithinLimit(claim: Claim, amount: Cents): Promise<void> {
    const policy = await this.deps.policies.findById(claim.orgId, claim.policyId);
    if (!policy) throw notFound('Policy');
    assertWithinPolicyLimit(policy.risk.requestedLimit, claim.paid, amount);
  }

  async offer(
    actor: Principal,
    orgId: string,
    id: string,
    input: { amount: Cents; payee?: string; notes?: string },
  ): Promise<{ claim: Claim; settlement: Settlement }> {
    if (input.amount <= 0) throw validationFailed('amount', 'exclusiveMinimum', 'A settlement pays more than nothing.');
    const claim = await claimOf(this.deps, orgId, id);
    if (claim.settlements.some((offer) => offer.status === 'pending_approval')) {
      throw new DomainError('invalid_transition', 'A settlement offer of this claim already awaits approval.', { status: claim.status });
    }
    await this.assertWithinLimit(claim, input.amount);
    const at = this.deps.clock.now(orgId);
    const status = offerStatus(actor, input.amount, await this.supervisorAuthority(orgId));
    const settlement: Settlement = {
      id: this.deps.ids.next('stl'),
      amount: input.amount,
      payee: input.payee ?? null,
      notes: input.notes ?? null,
      status,
      offeredBy: describeActor(actor),
      approvedBy: status === 'approved' ? describeActor(actor) : null,
      createdAt: at,
      approvedAt: status === 'approved' ? at : null,
    };
    const settlements = [...claim.settlements, settlement];
    const changed =
      status === 'approved'
        ? await this.settled(actor, claim, settlement, settlements)
        : await changeClaim(this.deps, actor, claim, 'offer_settlement', { settlements }, () => []);
    return { claim: changed, settlement };
  }

  async approve(actor: Principal, orgId: string, id: string, settlementId: string): Promise<{ claim: Claim; settlement: Settlement }> {
    const claim = await claimOf(this.deps, orgId, id);
    const offer = claim.settlements.find((candidate) => candidate.id === settlementId);
    if (!offer) throw notFound('Settlement');
    const approver = personOf(actor);
    const authority = await this.supervisorAuthority(orgId);
    if (approver !== null && !mayApprove(actor, offer.amount, authority)) {
      throw new DomainError(
        'forbidden',
        `Approving a settlement of ${centsToDollars(offer.amount)} dollars takes more authority: a supervisor up to ${centsToDollars(authority)} dollars (a key no more than its creator), an administrator who is a person above that.`,
        { supervisorAuthority: centsToDollars(authority) },
      );
    }
    // Four eyes: whoever offered it, through any of their credentials, does not approve it; nor does the machine secret.
    assertSecondPair(approver, [await this.deps.persons.personOf(orgId, offer.offeredBy)], 'A settlement offer');
    if (offer.status !== 'pending_approval') throw new DomainError('invalid_transition', 'The settlement is already approved.', { status: offer.status });
    await this.assertWithinLimit(claim, offer.amount);
    const approved: Settlement = { ...offer, status: 'approved', approvedBy: describeActor(actor), approvedAt: this.deps.clock.now(orgId) };
    const settlements = claim.settlements.map((candidate) => (candidate.id === settlementId ? approved : candidate));
    return { claim: await this.settled(actor, claim, approved, settlements), settlement: approved };
  }

  private settled(actor: Principal, claim: Claim, settlement: Settlement, settlements: readonly Settlement[]): Promise<Claim> {
    const paid = cents(claim.paid + settlement.amount);
    const reserves = { indemnity: cents(0), expense: claim.reserves.expense };
    const history =
      claim.reserves.indemnity === 0
        ? claim.reserveHistory
        : [...claim.reserveHistory, { at: this.deps.clock.now(claim.orgId), actor: describeActor(actor), from: claim.reserves, to: reserves }];
    return changeClaim(this.deps, actor, claim, 'settle', { settlements, paid, reserves, reserveHistory: history }, (at) => [
      domainEvent(
        'claim.settled',
        { claimId: claim.id, claimNumber: claim.claimNumber, settlementId: settlement.id, amount: settlement.amount, paid },
        eventOrigin(this.deps, claim.orgId, at),
      ),
    ]);
  }
}
