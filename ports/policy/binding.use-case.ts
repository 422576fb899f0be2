import type { InstallmentPlan } from '../../core/billing/installment-plan.ts';
import { describeActor, type Principal } from '../../core/shared/access/principal.ts';
import type { Policy } from '../../core/policy/policy.ts';
import { yearOf } from '../../core/shared/calendar-date.ts';
import { cents } from '../../core/shared/money.ts';
import { DomainError, notFound } from '../../core/shared/domain-error.ts';
import { chargeTermsFor, placementOf } from '../../core/underwriting/charge-terms.ts';
import { chargeTermsFromStore } from '../../core/underwriting/stored-charges.ts';
import { rateVersionOn } from '../../core/underwriting/rate-manual.ts';
import { collectionTermsOf } from '../../core/underwriting/program-terms.ts';
import { aggregateFlag, type DaProgram } from '../../core/underwriting/delegated-authority.ts';
import type { Quote } from '../../core/underwriting/quote.ts';
import { bindRefusals } from '../../core/underwriting/bind-refusals.ts';
import { bindChecksOf } from '../underwriting/bind-checks.use-case.ts';
import { SUBMISSION_LIFECYCLE } from '../../core/underwriting/submission.ts';
import { transition } from '../../core/shared/lifecycle.ts';
import { RequiredWriteUnmatched } from '../shared/persistence/collection-store.port.ts';
import { planIssue, type IssuanceDeps } from './policy-issuance.ts';
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

const noActiveQuote = (status: string) =>
  new DomainError('invalid_transition', `A ${status} submission has no active quote to bind.`, { status, move: 'bind', subject: 'submission' });

/**
 * Binds a submission's active quote as one atomic write: the submission quoted → bound, the quote
 * active → bound (its siblings superseded), the program's written premium raised within its cap,
 * and the policy with its invoices, timeline entry, opening books, figures and search terms. Each
 * move is guarded in the store, so of racing binds one write is kept and the others keep nothing;
 * a guard that fails is answered as the refusal it stands for.
 */
export class Binding {
  private readonly deps: BindingDeps;

  constructor(deps: BindingDeps) {
    this.deps = deps;
  }

  async bind(actor: Principal, orgId: string, submissionId: string, plan: InstallmentPlan): Promise<Policy> {
    const submission = await this.deps.submissions.findById(orgId, submissionId);
    if (!submission) throw notFound('Submission');
    if (!SUBMISSION_LIFECYCLE.moves.bind.from.includes(submission.status)) throw noActiveQuote(submission.status);
    const quote = await this.deps.quotes.findActive(orgId, submissionId);
    if (!quote) throw noActiveQuote(submission.status);
    const { checks, approval, program } = await bindChecksOf(this.deps, actor, submission, quote);
    const [refused] = bindRefusals(checks);
    if (refused) throw refused;
    const year = yearOf(quote.risk.effectiveDate);
    await this.deps.writtenPremium.open(orgId, program.id, year);
    const quoted = await this.quotedProgram(orgId, quote, program);
    const planned = await planIssue(this.deps, {
      policyId: this.deps.ids.next('pol'),
      orgId,
      submissionId,
      quoteId: quote.id,
      risk: quote.risk,
      contactEmail: submission.contactEmail,
      producerId: submission.producerId,
      premium: quote.grossPremium,
      effectiveDate: quote.risk.effectiveDate,
      plan,
      programId: program.id,
      programVersion: quote.programVersion ?? null,
      // A quote stored before versions were recorded was priced on the version in force on its effective date.
      rateTableVersion: quote.rateTableVersion ?? rateVersionOn(this.deps.reference.rateManual(), quote.risk.effectiveDate),
      chargeTerms: quote.chargeTerms
        ? chargeTermsFromStore(quote.chargeTerms)
        : chargeTermsFor(program, placementOf(quote.risk), this.deps.reference.taxSchedules()),
      renewalOf: null,
      renewalOfferDays: collectionTermsOf(quoted).renewalOfferDays,
      carrier: quoted.insurer,
      actor: describeActor(actor),
      transaction: 'bind',
    });
    try {
      await this.deps.atomic.commit([
        this.deps.submissions.moveWrite(orgId, submissionId, transition(SUBMISSION_LIFECYCLE, 'bind'), this.deps.clock.now(orgId)),
        ...this.deps.quotes.bindWrites(orgId, quote.id, planned.policy.id, submissionId),
        this.deps.writtenPremium.addWrite(orgId, program.id, year, quote.grossPremium, this.capFor(program, approval)),
        ...planned.writes,
      ]);
    } catch (error) {
      throw await this.refusalOf(error, orgId, submissionId, quote, program, year);
    }
    return planned.policy;
  }

  /** The program version the quote was priced under: the one read for the cap when they are the same. */
  private quotedProgram(orgId: string, quote: Quote, current: Awaited<ReturnType<Programs['program']>>) {
    if (quote.programVersion === undefined || quote.programVersion === null || quote.programVersion === current.version) return current;
    return this.deps.programs.program(orgId, quote.programId, quote.programVersion);
  }

  /** A referral approved past the aggregate cap lets this bind write beyond it (and only this one). */
  private capFor(program: DaProgram, approval: ReferralApproval | null) {
    return approval?.overrides.includes('aggregate_exceeded') ? cents(Number.MAX_SAFE_INTEGER) : program.aggregateCap;
  }

  /** The refusal a failed guard stands for; any other failure as it came. */
  private async refusalOf(error: unknown, orgId: string, submissionId: string, quote: Quote, program: DaProgram, year: number): Promise<unknown> {
    if (!(error instanceof RequiredWriteUnmatched)) return error;
    if (error.guard === 'aggregate_cap') {
      const written = await this.deps.writtenPremium.written(orgId, program.id, year);
      return new DomainError('not_bindable', 'Binding would exceed the aggregate written-premium cap.', {
        daFlags: [aggregateFlag(program, written, quote.grossPremium)],
      });
    }
    if (error.guard === 'quote_taken')
      return new DomainError('invalid_transition', 'The quote was bound or replaced by another request.', { quoteId: quote.id });
    const current = await this.deps.submissions.findById(orgId, submissionId);
    return noActiveQuote(current?.status ?? 'missing');
  }
}
