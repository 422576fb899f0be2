import { assertLossCovered } from '../../core/claims/claim-coverage.ts';
import { claimNumberFor, incurred, NO_RESERVES, reserveMove, type Claim, type Claimant, type Reserves } from '../../core/claims/claim.ts';
import { domainEvent } from '../../core/shared/events/domain-event.ts';
import { describeActor, type Principal } from '../../core/shared/access/principal.ts';
import { compareDates, today, yearOf, type CalendarDate } from '../../core/shared/calendar-date.ts';
import { notFound, validationFailed } from '../../core/shared/domain-error.ts';
import { cents, type Cents } from '../../core/shared/money.ts';
import type { RecordRelationships } from '../authorization/record-relationships.use-case.ts';
import type { UserRepository } from '../identity/user.repository.ts';
import type { Page, PageRequest } from '../shared/persistence/page.ts';
import type { PolicyRepository } from '../policy/policy.repositories.ts';
import type { SequenceGenerator } from '../shared/sequence-generator.port.ts';
import { eventOrigin } from '../shared/event-origin.ts';
import { changeClaim, claimOf, type ClaimChangeDeps } from './claim-changes.ts';
import type { ClaimFilters } from './claim.repository.ts';

export interface ClaimsDeps extends ClaimChangeDeps {
  readonly policies: Pick<PolicyRepository, 'findById'>;
  readonly users: Pick<UserRepository, 'findById'>;
  readonly sequences: SequenceGenerator;
  readonly relationships: RecordRelationships;
}

interface FirstNoticeOfLoss {
  readonly policyId: string;
  readonly lossDate: CalendarDate;
  readonly description: string;
  readonly lossType?: string;
  readonly claimant?: Claimant;
  readonly location?: string;
  readonly estimatedAmount?: Cents;
}

const isAdjuster = (actor: Principal): actor is Extract<Principal, { kind: 'user' }> => actor.kind === 'user' && actor.role === 'claims_adjuster';

/** Roles an adjuster assignment may name. */
const ADJUSTING_ROLES = new Set(['claims_adjuster', 'claims_supervisor', 'org_admin']);

/** Claims from first notice of loss to close: filing, investigation, reserves, denial and closing. */
export class Claims {
  private readonly deps: ClaimsDeps;

  constructor(deps: ClaimsDeps) {
    this.deps = deps;
  }

  /** First notice of loss on a policy of the organization, for a loss in its covered period. */
  async file(actor: Principal, orgId: string, input: FirstNoticeOfLoss): Promise<Claim> {
    const policy = await this.deps.policies.findById(orgId, input.policyId);
    if (!policy) throw notFound('Policy');
    const now = this.deps.clock.now(orgId);
    if (compareDates(input.lossDate, today(now)) > 0) throw validationFailed('lossDate', 'not_future', 'A loss cannot be reported before it happened.');
    assertLossCovered(policy, input.lossDate);
    const sequence = await this.deps.sequences.next(orgId, `claim:${yearOf(today(now))}`);
    const claim: Claim = {
      id: this.deps.ids.next('clm'),
      orgId,
      claimNumber: claimNumberFor(yearOf(today(now)), sequence),
      policyId: policy.id,
      policyNumber: policy.policyNumber,
      insuredName: policy.risk.insuredName,
      status: 'open',
      lossDate: input.lossDate,
      description: input.description,
      lossType: input.lossType ?? null,
      claimant: input.claimant ?? null,
      location: input.location ?? null,
      estimatedAmount: input.estimatedAmount ?? null,
      // An adjuster taking the notice handles the claim; anyone else leaves it to be assigned.
      adjusterId: isAdjuster(actor) ? actor.userId : null,
      reserves: NO_RESERVES,
      reserveHistory: [],
      paid: cents(0),
      settlements: [],
      denialReason: null,
      createdBy: describeActor(actor),
      createdAt: now,
      updatedAt: now,
      version: 0,
    };
    const data = { claimId: claim.id, claimNumber: claim.claimNumber, policyId: claim.policyId, lossDate: claim.lossDate };
    await this.deps.relationships.claim(claim);
    if (claim.adjusterId) await this.deps.relationships.assignment(claim, claim.adjusterId, null);
    const entry = this.deps.audit.recordWrite(
      actor,
      orgId,
      'claim.filed',
      { type: 'claim', id: claim.id },
      { claimNumber: claim.claimNumber, policyId: claim.policyId },
    );
    await this.deps.claims.insert(
      claim,
      [domainEvent('claim.filed', data, eventOrigin(this.deps, orgId, now)), domainEvent('claim.opened', data, eventOrigin(this.deps, orgId, now))],
      [entry],
    );
    return claim;
  }

  get(orgId: string, id: string): Promise<Claim> {
    return claimOf(this.deps, orgId, id);
  }

  list(orgId: string, filters: ClaimFilters, page: PageRequest): Promise<Page<Claim>> {
    return this.deps.claims.list(orgId, filters, page);
  }

  /** Starts the investigation, assigned to the adjuster named (or kept with the one it has). */
  async investigate(actor: Principal, orgId: string, id: string, input: { adjusterId?: string }): Promise<Claim> {
    const claim = await claimOf(this.deps, orgId, id);
    const named = input.adjusterId;
    if (named) {
      const adjuster = await this.deps.users.findById(orgId, named);
      if (!adjuster || !ADJUSTING_ROLES.has(adjuster.role)) {
        throw validationFailed('adjusterId', 'adjuster', 'The adjuster must be a claims adjuster, claims supervisor or administrator of the organization.');
      }
      await this.deps.relationships.assignment(claim, named, claim.adjusterId);
    }
    return changeClaim(this.deps, actor, claim, 'investigate', { adjusterId: named ?? claim.adjusterId }, () => []);
  }

  /** Sets the outstanding reserves; the history keeps every change. */
  async reserve(actor: Principal, orgId: string, id: string, reserves: Reserves): Promise<Claim> {
    const claim = await claimOf(this.deps, orgId, id);
    const at = this.deps.clock.now(orgId);
    const change = { at, actor: describeActor(actor), from: claim.reserves, to: reserves };
    return changeClaim(this.deps, actor, claim, reserveMove(claim.status), { reserves, reserveHistory: [...claim.reserveHistory, change] }, (when) => [
      domainEvent(
        'claim.reserved',
        {
          claimId: claim.id,
          claimNumber: claim.claimNumber,
          indemnity: reserves.indemnity,
          expense: reserves.expense,
          incurred: incurred({ paid: claim.paid, reserves }),
        },
        eventOrigin(this.deps, orgId, when),
      ),
    ]);
  }

  /** Denies coverage; the reserves are released. */
  async deny(actor: Principal, orgId: string, id: string, reason: string): Promise<Claim> {
    const claim = await claimOf(this.deps, orgId, id);
    return changeClaim(this.deps, actor, claim, 'deny', { denialReason: reason, ...this.released(actor, claim) }, () => []);
  }

  /** Closes a settled or denied claim; what is left in reserve is released. */
  async close(actor: Principal, orgId: string, id: string): Promise<Claim> {
    const claim = await claimOf(this.deps, orgId, id);
    const outcome = claim.status === 'settled' ? 'settled' : 'denied';
    return changeClaim(this.deps, actor, claim, 'close', this.released(actor, claim), (at) => [
      domainEvent('claim.closed', { claimId: claim.id, claimNumber: claim.claimNumber, outcome, paid: claim.paid }, eventOrigin(this.deps, orgId, at)),
    ]);
  }

  private released(actor: Principal, claim: Claim): Partial<Claim> {
    if (claim.reserves.indemnity === 0 && claim.reserves.expense === 0) return {};
    const change = { at: this.deps.clock.now(claim.orgId), actor: describeActor(actor), from: claim.reserves, to: NO_RESERVES };
    return { reserves: NO_RESERVES, reserveHistory: [...claim.reserveHistory, change] };
  }
}
