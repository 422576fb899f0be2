import { assertSecondPair } from '../../core/shared/access/four-eyes.ts';
import { describeActor, personOf, type Principal } from '../../core/shared/access/principal.ts';
import {
  authorityFor,
  flagCodes,
  REFERRAL_LIFECYCLE,
  type Referral,
  type ReferralDecision,
  type ReferralDecisionEntry,
  type ReferralEntityType,
} from '../../core/referrals/referral.ts';
import { changedMeanwhile, DomainError, notFound } from '../../core/shared/domain-error.ts';
import { assertTransition } from '../../core/shared/lifecycle.ts';
import type { RecordAccess } from '../authorization/record-access.use-case.ts';
import type { ClaimRepository } from '../claims/claim.repository.ts';
import type { ActorPersons } from '../identity/actor-persons.use-case.ts';
import type { UserRepository } from '../identity/user.repository.ts';
import type { Page, PageRequest } from '../shared/persistence/page.ts';
import type { AtomicWrite } from '../shared/persistence/atomic-write.port.ts';
import { RequiredWriteUnmatched } from '../shared/persistence/collection-store.port.ts';
import type { ReferralFilters, ReferralRepository } from './referral.repository.ts';

import type { PolicyRepository } from '../policy/policy.repositories.ts';
import type { AuditTrail } from '../audit/audit-trail.use-case.ts';
import type { Clock } from '../shared/clock.port.ts';
import type { IdGenerator } from '../shared/id-generator.port.ts';
import type { QuoteRepository, SubmissionRepository } from '../underwriting/underwriting.repositories.ts';

/** Whether the organization has the deal room a referral is raised in. */
export interface DealRoomDirectory {
  exists(orgId: string, id: string): Promise<boolean>;
}

export interface ReferralsDeps {
  readonly referrals: ReferralRepository;
  readonly submissions: SubmissionRepository;
  readonly quotes: QuoteRepository;
  readonly policies: PolicyRepository;
  readonly claims: ClaimRepository;
  readonly users: UserRepository;
  /** The person behind a stored actor (a key's creator), for four eyes. */
  readonly persons: Pick<ActorPersons, 'personOf'>;
  readonly dealRooms: DealRoomDirectory;
  readonly records: RecordAccess;
  readonly audit: AuditTrail;
  readonly atomic: AtomicWrite;
  readonly ids: IdGenerator;
  readonly clock: Clock;
}

interface NewReferral {
  readonly entityType: ReferralEntityType;
  readonly entityId: string;
  readonly reason: string;
  readonly dealRoomId?: string;
  readonly assigneeId?: string;
}

const userIdOf = (principal: Principal): string | null => (principal.kind === 'user' ? principal.userId : null);

const DECIDED_ACTIONS: Record<ReferralDecision, string> = {
  approve: 'referral.approved',
  reject: 'referral.rejected',
  request_info: 'referral.info_requested',
};

/**
 * Referrals: a risk outside delegated authority (or anything else needing a second view) put to
 * someone with the authority to decide it. Approving a quote's referral lifts its flags for the
 * bind (binding reads the approval from here), when the approver's authority covers them.
 */
export class Referrals {
  private readonly deps: ReferralsDeps;

  constructor(deps: ReferralsDeps) {
    this.deps = deps;
  }

  async create(actor: Principal, orgId: string, input: NewReferral): Promise<Referral> {
    const submissionId = await this.visibleSubject(actor, orgId, input.entityType, input.entityId);
    if (input.dealRoomId && !(await this.deps.dealRooms.exists(orgId, input.dealRoomId))) throw notFound('Deal room');
    if (input.assigneeId && !(await this.deps.users.findById(orgId, input.assigneeId))) throw notFound('Assignee');
    const now = this.deps.clock.now(orgId);
    const referral: Referral = {
      id: this.deps.ids.next('ref'),
      orgId,
      entityType: input.entityType,
      entityId: input.entityId,
      reason: input.reason,
      dealRoomId: input.dealRoomId ?? null,
      assigneeId: input.assigneeId ?? null,
      status: 'pending',
      decisions: [],
      approvedOverrides: [],
      createdBy: describeActor(actor),
      createdById: userIdOf(actor),
      createdAt: now,
      updatedAt: now,
    };
    await this.deps.atomic.commit([
      this.deps.referrals.insertWrite({ ...referral, submissionId }),
      this.deps.audit.recordWrite(
        actor,
        orgId,
        'referral.created',
        { type: 'referral', id: referral.id },
        { entityType: input.entityType, entityId: input.entityId },
      ),
    ]);
    return referral;
  }

  async get(actor: Principal, orgId: string, id: string): Promise<Referral> {
    const referral = await this.deps.referrals.findById(orgId, id);
    if (!referral || !(await this.mayRead(actor, orgId, referral))) throw notFound('Referral');
    return referral;
  }

  async list(actor: Principal, orgId: string, filters: ReferralFilters, request: PageRequest): Promise<Page<Referral>> {
    const own = (await this.deps.records.reachesAll(actor, orgId, 'submission')) ? {} : { createdById: userIdOf(actor) ?? '-' };
    return this.deps.referrals.page(orgId, { ...filters, ...own }, request);
  }

  /**
   * Decides a pending (or info-requested) referral; a decided one is 422. Every decision takes
   * standard underwriting authority; an approval takes the authority its overrides need.
   */
  async decide(actor: Principal, orgId: string, id: string, decision: ReferralDecision, notes: string | null): Promise<Referral> {
    const referral = await this.get(actor, orgId, id);
    const step = assertTransition(REFERRAL_LIFECYCLE, decision, referral.status);
    await this.assertSecondPair(actor, orgId, referral);
    const overrides = decision === 'approve' ? await this.overridesOf(orgId, referral) : [];
    const needed = decision === 'approve' ? authorityFor(overrides as Parameters<typeof authorityFor>[0]) : 'authority_standard';
    if (needed === null) {
      throw new DomainError('not_bindable', 'The program is suspended: no referral can lift that.', { overrides });
    }
    if (!(await this.deps.records.holds(actor, orgId, needed))) {
      throw new DomainError('forbidden', `Deciding this referral takes ${needed.replace('authority_', '')} underwriting authority.`, {
        requiredAuthority: needed,
        overrides,
      });
    }
    const entry: ReferralDecisionEntry = {
      decision,
      notes,
      decidedBy: describeActor(actor),
      decidedById: userIdOf(actor),
      decidedAt: this.deps.clock.now(orgId),
    };
    try {
      await this.deps.atomic.commit([
        this.deps.referrals.decideWrite(orgId, id, step, entry, overrides),
        this.deps.audit.recordWrite(
          actor,
          orgId,
          DECIDED_ACTIONS[decision],
          { type: referral.entityType, id: referral.entityId },
          { referralId: id, notes, overrides },
        ),
      ]);
    } catch (error) {
      if (!(error instanceof RequiredWriteUnmatched)) throw error;
      const now = await this.deps.referrals.findById(orgId, id);
      if (now) assertTransition(REFERRAL_LIFECYCLE, decision, now.status);
      throw changedMeanwhile('referral');
    }
    const decided: Referral = {
      ...referral,
      status: step.to,
      approvedOverrides: [...overrides],
      decisions: [...referral.decisions, entry],
      updatedAt: entry.decidedAt,
    };
    return decided;
  }

  /**
   * Four eyes: the person who raised a referral, or wrote the quote it refers, cannot decide it,
   * whatever authority they hold (an administrator's own referral included), through any of their
   * credentials: a key is its creator. The machine secret decides none.
   */
  private async assertSecondPair(actor: Principal, orgId: string, referral: Referral): Promise<void> {
    const quotedBy = referral.entityType === 'quote' ? (await this.deps.quotes.findById(orgId, referral.entityId))?.quotedBy : null;
    const others = [await this.deps.persons.personOf(orgId, referral.createdBy), await this.deps.persons.personOf(orgId, quotedBy)];
    assertSecondPair(personOf(actor), others, 'A referral');
  }

  /** What approving lifts: the active quote's flags, and a triage decline of its submission. */
  private async overridesOf(orgId: string, referral: Referral): Promise<string[]> {
    if (referral.entityType === 'quote') {
      const quote = await this.deps.quotes.findById(orgId, referral.entityId);
      if (!quote || quote.status !== 'active') {
        throw new DomainError('invalid_transition', `The quote is ${quote?.status ?? 'gone'}: refer the submission's current quote instead.`, {
          quoteStatus: quote?.status ?? null,
        });
      }
      const submission = await this.deps.submissions.findById(orgId, quote.submissionId);
      return [...flagCodes(quote.daFlags), ...(submission?.triage.band === 'decline' ? ['triage_decline'] : [])];
    }
    if (referral.entityType === 'submission') {
      const submission = await this.deps.submissions.findById(orgId, referral.entityId);
      return submission?.triage.band === 'decline' ? ['triage_decline'] : [];
    }
    return [];
  }

  /** The referred record must exist and be one the caller sees; answers the submission it belongs to, if any. */
  private async visibleSubject(actor: Principal, orgId: string, type: ReferralEntityType, id: string): Promise<string | null> {
    switch (type) {
      case 'submission':
        if (!(await this.deps.submissions.findById(orgId, id))) throw notFound('Submission');
        await this.deps.records.assert(actor, orgId, 'submission', id, 'viewer');
        return id;
      case 'quote': {
        const quote = await this.deps.quotes.findById(orgId, id);
        if (!quote) throw notFound('Quote');
        await this.deps.records.assert(actor, orgId, 'submission', quote.submissionId, 'viewer');
        return quote.submissionId;
      }
      case 'policy':
        if (!(await this.deps.policies.findById(orgId, id))) throw notFound('Policy');
        await this.deps.records.assert(actor, orgId, 'policy', id, 'viewer');
        return null;
      case 'claim':
        if (!(await this.deps.claims.findById(orgId, id))) throw notFound('Claim');
        await this.deps.records.assert(actor, orgId, 'claim', id, 'viewer');
        return null;
    }
  }

  private async mayRead(actor: Principal, orgId: string, referral: Referral): Promise<boolean> {
    return (await this.deps.records.reachesAll(actor, orgId, 'submission')) || referral.createdById === userIdOf(actor);
  }
}
