import type { InstallmentPlan } from '../../core/billing/installment-plan.ts';
import { describeActor, type Principal } from '../../core/identity/principal.ts';
import type { Policy } from '../../core/policy/policy.ts';
import { today, yearOf } from '../../core/shared/calendar-date.ts';
import { DomainError, notFound } from '../../core/shared/domain-error.ts';
import { aggregateFlag } from '../../core/underwriting/delegated-authority.ts';
import { assertBindable } from '../../core/underwriting/quote.ts';
import { issuePolicy, type IssuanceDeps } from '../policy/policy-issuance.ts';
import type { UnderwritingReferenceData } from './reference-data.port.ts';
import type { AggregateLedger, QuoteRepository, SubmissionRepository } from './underwriting.repositories.ts';

export interface BindingDeps extends IssuanceDeps {
  readonly submissions: SubmissionRepository;
  readonly quotes: QuoteRepository;
  readonly aggregates: AggregateLedger;
  readonly reference: UnderwritingReferenceData;
}

/**
 * Binds a submission's active quote. Races are settled in the store: the quote is claimed by
 * one guarded write (one policy per quote), and the aggregate cap is checked and raised by one
 * guarded increment. A later step that fails gives back what the earlier ones took.
 */
export class Binding {
  private readonly deps: BindingDeps;

  constructor(deps: BindingDeps) {
    this.deps = deps;
  }

  async bind(actor: Principal, orgId: string, submissionId: string, plan: InstallmentPlan): Promise<Policy> {
    const submission = await this.deps.submissions.findById(orgId, submissionId);
    if (!submission) throw notFound('Submission');
    const quote = await this.deps.quotes.findActive(orgId, submissionId);
    if (!quote) {
      throw new DomainError('invalid_transition', `A ${submission.status} submission has no active quote to bind.`, { status: submission.status });
    }
    assertBindable(quote, today(this.deps.clock.now()));
    const policyId = this.deps.ids.next('pol');
    if (!(await this.deps.quotes.claimForBinding(orgId, quote.id, policyId))) {
      throw new DomainError('invalid_transition', 'The quote was bound or replaced by another request.', { quoteId: quote.id });
    }
    const program = this.deps.reference.defaultProgram();
    const year = yearOf(quote.risk.effectiveDate);
    if (!(await this.deps.aggregates.reserve(orgId, program.id, year, quote.grossPremium, program.aggregateCap))) {
      await this.deps.quotes.releaseClaim(orgId, quote.id, policyId);
      const written = await this.deps.aggregates.written(orgId, program.id, year);
      throw new DomainError('not_bindable', 'Binding would exceed the aggregate written-premium cap.', {
        daFlags: [aggregateFlag(program, written, quote.grossPremium)],
      });
    }
    try {
      const { policy } = await issuePolicy(this.deps, {
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
        programId: program.id,
        renewalOf: null,
        actor: describeActor(actor),
        transaction: 'bind',
        event: 'policy.bound',
      });
      await this.deps.submissions.moveStatus(orgId, submissionId, ['quoted', 'received'], 'bound', this.deps.clock.now());
      return policy;
    } catch (error) {
      await this.deps.aggregates.release(orgId, program.id, year, quote.grossPremium);
      await this.deps.quotes.releaseClaim(orgId, quote.id, policyId);
      throw error;
    }
  }
}
