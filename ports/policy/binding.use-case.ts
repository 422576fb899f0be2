import type { InstallmentPlan } from '../../core/billing/installment-plan.ts';
import { describeActor, type Principal } from '../../core/shared/access/principal.ts';
import type { Policy } from '../../core/policy/policy.ts';
import { today, yearOf } from '../../core/shared/calendar-date.ts';
import { cents } from '../../core/shared/money.ts';
import { DomainError, notFound } from '../../core/shared/domain-error.ts';
import { chargeTermsFor, placementOf } from '../../core/underwriting/charge-terms.ts';
import { chargeTermsFromStore } from '../../core/underwriting/stored-charges.ts';
import { rateVersionOn } from '../../core/underwriting/rate-manual.ts';
import { collectionTermsOf } from '../../core/underwriting/program-terms.ts';
import { aggregateFlag } from '../../core/underwriting/delegated-authority.ts';
import { assertBindable, type Quote } from '../../core/underwriting/quote.ts';
import { assertNewBusinessDate, canBackdate } from '../../core/underwriting/term-dates.ts';
import { SUBMISSION_LIFECYCLE, type Submission } from '../../core/underwriting/submission.ts';
import { transition } from '../../core/shared/lifecycle.ts';
import { issuePolicy, type IssuanceDeps } from './policy-issuance.ts';
import type { Programs } from '../underwriting/programs.use-case.ts';
import type { ReferralApproval, ReferralApprovals } from '../underwriting/referral-approvals.port.ts';
import type { UnderwritingReferenceData } from '../underwriting/reference-data.port.ts';
import type { WrittenPremiumCounter, QuoteRepository, SubmissionRepository } from '../underwriting/underwriting.repositories.ts';

export interface BindingDeps extends IssuanceDeps {
  readonly submissions: SubmissionRepository;
  readonly quotes: QuoteRepository;
  readonly writtenPremium: WrittenPremiumCounter;
  readonly reference: UnderwritingReferenceData;
  readonly programs: Programs;
  readonly approvals: ReferralApprovals;
}

/** A bind that has held its submission this long without storing a policy is taken to have died. */
const BINDING_LEASE_MS = 2 * 60_000;
/** Attempts at the steps after the policy is stored, before the request reports a failure. */
const FINISH_ATTEMPTS = 3;

/** Triage declined the risk: it binds only once a referral overriding the decline is approved. */
const assertReferredIfDeclined = async (submission: Submission, approvals: ReferralApprovals): Promise<void> => {
  if (submission.triage.band === 'decline' && !(await approvals.declineOverride(submission.orgId, submission.id))) {
    throw new DomainError('referral_required', 'Triage declined this submission; an approved referral is needed before it can bind.', {
      triage: { score: submission.triage.score, band: submission.triage.band },
    });
  }
};

const inProgress = () => new DomainError('conflict', 'A bind of this submission is in progress; repeat the request for its result.');

/**
 * Binds a submission's active quote. Races are settled in the store: the submission moves
 * quoted → binding once (one bind at a time, no quote meanwhile), the quote is claimed once,
 * and the aggregate cap is checked and raised by one guarded increment.
 *
 * Before the policy is stored, a failure gives back exactly what was taken. Once it is stored
 * (with its `policy.bound` event) the bind has happened: the remaining steps are retried, and a
 * bind that still could not finish is finished by the next request for the same submission.
 */
export class Binding {
  private readonly deps: BindingDeps;

  constructor(deps: BindingDeps) {
    this.deps = deps;
  }

  async bind(actor: Principal, orgId: string, submissionId: string, plan: InstallmentPlan): Promise<Policy> {
    const submission = await this.deps.submissions.findById(orgId, submissionId);
    if (!submission) throw notFound('Submission');
    if (submission.status === 'binding') {
      const finished = await this.resume(orgId, submission);
      if (finished) return finished;
    }
    await assertReferredIfDeclined(submission, this.deps.approvals);
    const policyId = this.deps.ids.next('pol');
    // The hold is a lease, in real time (as its expiry is checked): not a business date.
    if (!(await this.deps.submissions.holdForBinding(orgId, submissionId, policyId, this.deps.clock.now()))) {
      const current = await this.deps.submissions.findById(orgId, submissionId);
      if (current?.status === 'binding') throw inProgress();
      throw new DomainError('invalid_transition', `A ${current?.status ?? submission.status} submission has no active quote to bind.`, {
        status: current?.status ?? submission.status,
      });
    }
    const taken: { quote?: Quote; reserved?: { programId: string; year: number } } = {};
    let policy: Policy;
    try {
      const { quote, approval } = await this.takeQuote(orgId, submissionId, policyId, canBackdate(actor));
      taken.quote = quote;
      taken.reserved = await this.reserveAggregate(orgId, quote, approval);
      policy = (
        await issuePolicy(this.deps, {
          policyId,
          orgId,
          submissionId,
          quoteId: quote.id,
          risk: quote.risk,
          contactEmail: submission.contactEmail,
          producerId: submission.producerId,
          premium: quote.grossPremium,
          effectiveDate: quote.risk.effectiveDate,
          plan,
          programId: taken.reserved.programId,
          programVersion: quote.programVersion ?? null,
          // A quote stored before versions were recorded was priced on the version in force on its effective date.
          rateTableVersion: quote.rateTableVersion ?? rateVersionOn(this.deps.reference.rateManual(), quote.risk.effectiveDate),
          chargeTerms: quote.chargeTerms
            ? chargeTermsFromStore(quote.chargeTerms)
            : chargeTermsFor(await this.deps.programs.program(orgId, quote.programId), placementOf(quote.risk), this.deps.reference.taxSchedules()),
          renewalOf: null,
          renewalOfferDays: collectionTermsOf(await this.deps.programs.program(orgId, quote.programId, quote.programVersion)).renewalOfferDays,
          actor: describeActor(actor),
          transaction: 'bind',
        })
      ).policy;
    } catch (error) {
      await this.giveBack(orgId, submissionId, policyId, taken);
      throw error;
    }
    return this.finish(orgId, submissionId, policy);
  }

  private async takeQuote(
    orgId: string,
    submissionId: string,
    policyId: string,
    withAuthority: boolean,
  ): Promise<{ quote: Quote; approval: ReferralApproval | null }> {
    const quote = await this.deps.quotes.findActive(orgId, submissionId);
    if (!quote) throw new DomainError('invalid_transition', 'The submission has no active quote to bind.');
    const on = today(this.deps.clock.now(orgId));
    const approval = quote.bindable ? null : await this.deps.approvals.forQuote(orgId, quote.id);
    assertBindable(quote, on, approval !== null);
    assertNewBusinessDate(quote.risk.effectiveDate, on, withAuthority);
    if (!(await this.deps.quotes.holdForBinding(orgId, quote.id, policyId))) {
      throw new DomainError('invalid_transition', 'The quote was bound or replaced by another request.', { quoteId: quote.id });
    }
    return { quote, approval };
  }

  private async reserveAggregate(orgId: string, quote: Quote, approval: ReferralApproval | null): Promise<{ programId: string; year: number }> {
    // The cap as it stands now binds new business, whatever it was when the quote was written.
    const program = await this.deps.programs.program(orgId, quote.programId);
    if (program.status !== 'active') {
      throw new DomainError('not_bindable', `The program ${program.name} is ${program.status}: it writes no new business.`, { programId: program.id });
    }
    const year = yearOf(quote.risk.effectiveDate);
    // A referral approved past the aggregate cap lets this bind write beyond it (and only this one).
    const cap = approval?.overrides.includes('aggregate_exceeded') ? cents(Number.MAX_SAFE_INTEGER) : program.aggregateCap;
    if (!(await this.deps.writtenPremium.reserve(orgId, program.id, year, quote.grossPremium, cap))) {
      const written = await this.deps.writtenPremium.written(orgId, program.id, year);
      throw new DomainError('not_bindable', 'Binding would exceed the aggregate written-premium cap.', {
        daFlags: [aggregateFlag(program, written, quote.grossPremium)],
      });
    }
    return { programId: program.id, year };
  }

  /** Undoes exactly the steps that completed before the policy was stored, newest first. */
  private async giveBack(
    orgId: string,
    submissionId: string,
    policyId: string,
    taken: { quote?: Quote; reserved?: { programId: string; year: number } },
  ): Promise<void> {
    if (taken.reserved && taken.quote) await this.deps.writtenPremium.release(orgId, taken.reserved.programId, taken.reserved.year, taken.quote.grossPremium);
    if (taken.quote) await this.deps.quotes.releaseHold(orgId, taken.quote.id, policyId);
    await this.deps.submissions.releaseBinding(orgId, submissionId, policyId, this.deps.clock.now());
  }

  /** The steps after the policy is stored: the submission bound, and no other quote left active on it. */
  private async finish(orgId: string, submissionId: string, policy: Policy): Promise<Policy> {
    let failure: unknown;
    for (let attempt = 0; attempt < FINISH_ATTEMPTS; attempt += 1) {
      try {
        await this.deps.submissions.move(orgId, submissionId, transition(SUBMISSION_LIFECYCLE, 'complete_binding'), this.deps.clock.now(orgId));
        if (policy.quoteId) await this.deps.quotes.supersedeOthers(orgId, submissionId, policy.quoteId);
        return policy;
      } catch (error) {
        failure = error;
      }
    }
    throw failure;
  }

  /**
   * A submission held by a bind: finish it when its policy is stored; take it back when that
   * bind died before storing one (past the lease); otherwise it is still running.
   */
  private async resume(orgId: string, submission: Submission): Promise<Policy | null> {
    const policyId = submission.bindingPolicyId;
    const policy = policyId ? await this.deps.policies.findById(orgId, policyId) : null;
    if (policy) return this.finish(orgId, submission.id, policy);
    if (this.deps.clock.now().getTime() - submission.updatedAt.getTime() < BINDING_LEASE_MS || !policyId) throw inProgress();
    const quote = await this.deps.quotes.findHeldBy(orgId, submission.id, policyId);
    if (quote) await this.deps.quotes.releaseHold(orgId, quote.id, policyId);
    await this.deps.submissions.releaseBinding(orgId, submission.id, policyId, this.deps.clock.now());
    return null;
  }
}
