import { today } from '../../core/shared/calendar-date.ts';
import { DomainError, notFound } from '../../core/shared/domain-error.ts';
import { daFlags } from '../../core/underwriting/delegated-authority.ts';
import { chargeTermsFor, placementOf } from '../../core/underwriting/charge-terms.ts';
import { newQuote, type Quote } from '../../core/underwriting/quote.ts';
import { rateOnVersion, rateVersionOn } from '../../core/underwriting/rate-manual.ts';
import { isComplete, missingRiskFields, SUBMISSION_LIFECYCLE, type Submission } from '../../core/underwriting/submission.ts';
import { assertTransition } from '../../core/shared/lifecycle.ts';
import type { TriageBand } from '../../core/underwriting/triage.ts';
import { yearOf, compareDates } from '../../core/shared/calendar-date.ts';
import type { Clock } from '../shared/clock.port.ts';
import type { AtomicWrite } from '../shared/persistence/atomic-write.port.ts';
import { RequiredWriteUnmatched } from '../shared/persistence/collection-store.port.ts';
import type { Principal } from '../../core/shared/access/principal.ts';
import { asBlocker, bindRefusals } from '../../core/underwriting/bind-refusals.ts';
import { bindChecksOf } from './bind-checks.use-case.ts';
import type { IdGenerator } from '../shared/id-generator.port.ts';
import type { Programs } from './programs.use-case.ts';
import type { ReferralApprovals } from './referral-approvals.port.ts';
import type { UnderwritingReferenceData } from './reference-data.port.ts';
import type { WrittenPremiumCounter, QuoteRepository, SubmissionRepository } from './underwriting.repositories.ts';

export interface QuotingDeps {
  readonly submissions: SubmissionRepository;
  readonly quotes: QuoteRepository;
  readonly writtenPremium: WrittenPremiumCounter;
  readonly reference: UnderwritingReferenceData;
  readonly programs: Programs;
  readonly approvals: ReferralApprovals;
  readonly ids: IdGenerator;
  readonly clock: Clock;
  readonly atomic: AtomicWrite;
}

export interface Readiness {
  readonly submissionId: string;
  readonly triageScore: number;
  readonly band: TriageBand;
  readonly bindingReady: boolean;
  readonly quoteId: string | null;
  /** What stands between the submission and a bind, in words a user can act on. */
  readonly missing: readonly string[];
  /** Each refusal a bind by the caller would answer today, as its error body would say it (CONTRACT 18.18). */
  readonly blockers: readonly Blocker[];
}

export type Blocker = ReturnType<typeof asBlocker>;

export class Quoting {
  private readonly deps: QuotingDeps;

  constructor(deps: QuotingDeps) {
    this.deps = deps;
  }

  /** Rates the submission into a new quote; flags never block the quote, only the bind. `quotedBy` describes who asked. */
  async quote(orgId: string, submissionId: string, quotedBy: string | null = null): Promise<Quote> {
    const submission = await this.submission(orgId, submissionId);
    if (!isComplete(submission)) {
      throw new DomainError('invalid_transition', `A ${submission.status} submission cannot be quoted.`, {
        status: submission.status,
        missing: missingRiskFields(submission),
      });
    }
    const step = assertTransition(SUBMISSION_LIFECYCLE, 'quote', submission.status);
    const risk = {
      insuredName: submission.insuredName,
      naicsCode: submission.naicsCode,
      annualRevenue: submission.annualRevenue,
      requestedLimit: submission.requestedLimit,
      effectiveDate: submission.effectiveDate,
      state: submission.state,
      lineOfBusiness: submission.lineOfBusiness,
      ...(submission.homeState ? { homeState: submission.homeState } : {}),
      ...(submission.locality ? { locality: submission.locality } : {}),
      ...(submission.coverage ? { coverage: submission.coverage } : {}),
      ...(submission.mailingAddress ? { mailingAddress: submission.mailingAddress } : {}),
    };
    const program = await this.deps.programs.forRisk(orgId, risk);
    // The program's own rate table version, else the one in force on the effective date, prices the term for its whole life.
    const manual = this.deps.reference.rateManual();
    const rateTableVersion = program.rateTableVersion ?? rateVersionOn(manual, risk.effectiveDate);
    const { grossPremium, worksheet } = rateOnVersion(manual, rateTableVersion, risk);
    const written = await this.deps.writtenPremium.written(orgId, program.id, yearOf(risk.effectiveDate));
    const flags = daFlags(risk, grossPremium, program, written);
    const now = this.deps.clock.now(orgId);
    const quote = newQuote(
      {
        id: this.deps.ids.next('quo'),
        orgId,
        submissionId,
        risk,
        grossPremium,
        breakdown: worksheet,
        daFlags: flags,
        programId: program.id,
        programVersion: program.orgId ? program.version : null,
        rateTableVersion,
        chargeTerms: chargeTermsFor(program, placementOf(risk), this.deps.reference.taxSchedules()),
        quotedBy,
      },
      now,
      today(now),
    );
    // One write: the quote, its older siblings superseded, and the submission's move, guarded so
    // that a bind (or another quote) that moved the submission first leaves nothing of this one.
    try {
      await this.deps.atomic.commit([...this.deps.quotes.quoteWrites(quote), this.deps.submissions.moveWrite(orgId, submissionId, step, now)]);
    } catch (error) {
      if (!(error instanceof RequiredWriteUnmatched)) throw error;
      assertTransition(SUBMISSION_LIFECYCLE, 'quote', (await this.submission(orgId, submissionId)).status);
      throw new DomainError('conflict', 'The submission changed while it was quoted; retry.');
    }
    return quote;
  }

  async readiness(actor: Principal, orgId: string, submissionId: string): Promise<Readiness> {
    const submission = await this.submission(orgId, submissionId);
    const missing: string[] = missingRiskFields(submission).map((field) => `field:${field}`);
    const quote = await this.deps.quotes.findActive(orgId, submissionId);
    if (submission.status === 'bound' || submission.status === 'binding') missing.push('already_bound');
    else if (!quote) missing.push('quote');
    else {
      if (compareDates(today(this.deps.clock.now(orgId)), quote.validUntil) > 0) missing.push('quote_expired');
      if (!quote.bindable && !(await this.deps.approvals.forQuote(orgId, quote.id))) quote.daFlags.forEach((flag) => missing.push(`da:${flag.code}`));
    }
    if (submission.triage.band === 'decline' && !(await this.deps.approvals.declineOverride(orgId, submissionId))) missing.push('referral');
    const blockers = quote && quote.status === 'active' ? await this.blockers(actor, submission, quote) : [];
    return {
      submissionId,
      triageScore: submission.triage.score,
      band: submission.triage.band,
      bindingReady: missing.length === 0 && blockers.length === 0,
      quoteId: quote?.id ?? null,
      missing,
      blockers,
    };
  }

  /** What a bind of the quote by `actor` would refuse today, every rule at once, first the one bind answers. */
  async blockersOf(actor: Principal, orgId: string, quote: Quote): Promise<Blocker[]> {
    return this.blockers(actor, await this.submission(orgId, quote.submissionId), quote);
  }

  private async blockers(actor: Principal, submission: Submission, quote: Quote): Promise<Blocker[]> {
    const { checks } = await bindChecksOf(this.deps, actor, submission, quote);
    return bindRefusals(checks).map(asBlocker);
  }

  private async submission(orgId: string, id: string): Promise<Submission> {
    const submission = await this.deps.submissions.findById(orgId, id);
    if (!submission) throw notFound('Submission');
    return submission;
  }
}
