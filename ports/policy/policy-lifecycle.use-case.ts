import type { InstallmentPlan } from '../../core/billing/installment-plan.ts';
import { domainEvent } from '../../core/shared/events/domain-event.ts';
import type { Principal } from '../../core/shared/access/principal.ts';
import { feesOf, withCharges } from '../../core/policy/policy-charges.ts';
import { assertWithinTerm, chargeTermsOf, POLICY_LIFECYCLE, pinnedRateVersion, premiumTermOf, type Policy } from '../../core/policy/policy.ts';
import type { PolicyTransaction } from '../../core/policy/policy-transaction.ts';
import { endorsement } from '../../core/policy/premium.ts';
import { yearOf, type CalendarDate } from '../../core/shared/calendar-date.ts';
import { DomainError, notFound } from '../../core/shared/domain-error.ts';
import { assertTransition } from '../../core/shared/lifecycle.ts';
import { cents, centsToDollars, type Cents } from '../../core/shared/money.ts';
import { aggregateFlag, daFlags } from '../../core/underwriting/delegated-authority.ts';
import { rateOnVersion } from '../../core/underwriting/rate-manual.ts';
import { assertValidRisk } from '../../core/underwriting/risk-validation.ts';
import { assertValidCoverage } from '../../core/underwriting/coverage-options.ts';
import { scheduleChanges, scheduleContextOf } from '../../core/policy/forms.ts';
import { riskChanges } from '../../core/policy/policy-documents.ts';
import { changeDocumentWrite } from './change-documents.ts';
import type { CompleteRisk } from '../../core/underwriting/submission.ts';
import type { Among, Page, PageRequest } from '../shared/persistence/page.ts';
import type { PolicyFilters } from './policy.repositories.ts';
import type { LifecycleDeps } from './lifecycle-deps.ts';
import { cancelPolicy, reinstatePolicy, type CancellationInput } from './policy-cancellation.ts';
import { rebillWrites } from './policy-rebilling.ts';
import { afterChange, commitChange, lifecycleEntry } from './policy-change.ts';
import { billedPolicy } from './billed-policies.use-case.ts';
import { issueRenewal } from './policy-renewal.ts';
import { eventOrigin } from '../shared/event-origin.ts';

export type { LifecycleDeps } from './lifecycle-deps.ts';

interface EndorsementInput {
  readonly effectiveDate: CalendarDate;
  /** `coverage` replaces the coverage options whole; its each-occurrence limit is the requested limit. */
  readonly changes: Partial<Pick<CompleteRisk, 'requestedLimit' | 'annualRevenue' | 'state' | 'naicsCode' | 'coverage'>>;
  readonly description?: string;
}

const withoutCoverage = ({ coverage: _coverage, ...changes }: EndorsementInput['changes']) => changes;

/** What the timeline shows of an endorsement, in dollars like every other amount a caller reads. */
const endorsementDetails = (policy: Policy, annual: Cents, input: EndorsementInput, forms: ReturnType<typeof scheduleChanges>): Record<string, unknown> => ({
  changes: {
    ...withoutCoverage(input.changes),
    ...(input.changes.coverage ? { coverage: 'replaced' } : {}),
    ...(input.changes.annualRevenue !== undefined ? { annualRevenue: centsToDollars(input.changes.annualRevenue) } : {}),
    ...(input.changes.requestedLimit !== undefined ? { requestedLimit: centsToDollars(input.changes.requestedLimit) } : {}),
  },
  ...(forms.added.length + forms.removed.length > 0 ? { forms } : {}),
  previousPremium: centsToDollars(policy.grossPremium),
  newPremium: centsToDollars(annual),
  ...(input.description ? { description: input.description } : {}),
});

/** Endorse, cancel, reinstate and renew, each a guarded change of the policy with its event and timeline entry. */
export class PolicyLifecycle {
  private readonly deps: LifecycleDeps;

  constructor(deps: LifecycleDeps) {
    this.deps = deps;
  }

  async get(orgId: string, id: string): Promise<Policy> {
    const policy = await this.deps.policies.findById(orgId, id);
    if (!policy) throw notFound('Policy');
    return policy;
  }

  list(orgId: string, filters: PolicyFilters & Among, page: PageRequest): Promise<Page<Policy>> {
    return this.deps.policies.list(orgId, filters, page);
  }

  timeline(orgId: string, id: string): Promise<PolicyTransaction[]> {
    return this.get(orgId, id).then(() => this.deps.transactions.forPolicy(orgId, id));
  }

  /** Re-rates the changed risk on the term's rate tables and charges or credits the difference for the rest of the term. */
  async endorse(actor: Principal, orgId: string, id: string, input: EndorsementInput): Promise<PolicyTransaction> {
    const policy = await this.get(orgId, id);
    const step = assertTransition(POLICY_LIFECYCLE, 'endorse', policy.status);
    assertWithinTerm(policy, input.effectiveDate, 'effectiveDate');
    assertValidRisk(input.changes, 'changes.');
    const limits = input.changes.coverage?.limits;
    const risk: CompleteRisk = {
      ...policy.risk,
      ...input.changes,
      ...(limits && input.changes.requestedLimit === undefined ? { requestedLimit: limits.eachOccurrence } : {}),
    };
    if (risk.coverage) assertValidCoverage(risk.coverage, risk, 'changes.coverage.');
    // The term keeps the editions in force when it began; the forms follow the changed risk.
    const forms = this.deps.forms.schedule(scheduleContextOf(risk, policy.effectiveDate));
    const manual = this.deps.reference.rateManual();
    const annual = rateOnVersion(manual, pinnedRateVersion(policy, manual), risk).grossPremium;
    const term = premiumTermOf(policy);
    const transaction = {
      ...withCharges(term, endorsement(term, input.effectiveDate, annual), chargeTermsOf(policy)),
      ...(await this.deps.periods.booking(orgId, input.effectiveDate)),
    };
    const delta = transaction.writtenChange;
    // The program's authority now decides what an endorsement may change.
    const program = await this.deps.programs.program(orgId, policy.programId);
    const flags = daFlags(risk, annual, program, cents(0)).filter((flag) => flag.code !== 'aggregate_exceeded');
    if (flags.length > 0) throw new DomainError('not_bindable', 'The endorsed risk is outside delegated authority.', { daFlags: flags });
    const year = yearOf(policy.effectiveDate);
    if (delta !== 0) await this.deps.writtenPremium.open(orgId, program.id, year);
    const at = this.deps.clock.now(orgId);
    const endorsementId = this.deps.ids.next('ptx');
    const changes = { risk, grossPremium: annual, premium: [...term.transactions, transaction], forms };
    const event = domainEvent(
      'policy.endorsed',
      { policyId: policy.id, policyNumber: policy.policyNumber, endorsementId, effectiveDate: input.effectiveDate, premiumDelta: delta, grossPremium: annual },
      eventOrigin(this.deps, orgId, at),
    );
    const after = afterChange(policy, step, changes, at);
    const formsChanged = scheduleChanges(policy.forms ?? this.deps.forms.schedule(scheduleContextOf(policy.risk, policy.effectiveDate)), forms);
    const document = await changeDocumentWrite(this.deps, 'endorsement', after, endorsementId, {
      effectiveDate: input.effectiveDate,
      changes: riskChanges(policy.risk, risk),
      premiumChange: delta,
      charges: feesOf(transaction),
      formsAdded: formsChanged.added,
      formsRemoved: formsChanged.removed,
    });
    const entry = lifecycleEntry(this.deps.ids, after, at, {
      id: endorsementId,
      actor,
      type: 'endorsement',
      effectiveDate: input.effectiveDate,
      premiumDelta: delta,
      details: endorsementDetails(policy, annual, input, formsChanged),
    });
    const cause = { invoiceId: null, reference: endorsementId, description: `Endorsement of ${policy.policyNumber} from ${input.effectiveDate}` };
    // A raise is held to the program's cap; a return gives the premium back.
    const aggregate = delta === 0 ? [] : [this.deps.writtenPremium.addWrite(orgId, program.id, year, delta, delta > 0 ? program.aggregateCap : undefined)];
    const capRefusal = async () => {
      const written = await this.deps.writtenPremium.written(orgId, program.id, year);
      return new DomainError('not_bindable', 'The endorsement would exceed the aggregate cap.', { daFlags: [aggregateFlag(program, written, delta)] });
    };
    await commitChange(
      this.deps.atomic,
      [
        ...this.deps.policies.changeWrites(policy, step, changes, [event], at),
        ...aggregate,
        ...(await rebillWrites(this.deps, after, null, input.effectiveDate)),
        ...(await this.deps.books.changeWrites(billedPolicy(after), cause)).writes,
        this.deps.transactions.insertWrite(entry),
        document,
      ],
      capRefusal,
    );
    // Return premium pays what the policy still owes; a credit left open is applied by the next change.
    await this.deps.credits.applyOpenCredits(actor, orgId, id);
    return entry;
  }

  cancel(actor: Principal, orgId: string, id: string, input: CancellationInput): Promise<Policy> {
    return this.get(orgId, id).then((policy) => cancelPolicy(this.deps, actor, policy, input));
  }

  /** Restores a cancelled policy within the reinstatement window, charging back what the cancellation returned. */
  reinstate(actor: Principal, orgId: string, id: string): Promise<Policy> {
    return this.get(orgId, id).then((policy) => reinstatePolicy(this.deps, actor, policy));
  }

  /** A new policy for the next term, re-rated on the tables in force on its effective date, linked both ways. */
  async renew(actor: Principal, orgId: string, id: string, plan?: InstallmentPlan): Promise<Policy> {
    return (await issueRenewal(this.deps, actor, await this.get(orgId, id), plan)).renewal;
  }
}
