import type { InstallmentPlan } from '../../core/billing/installment-plan.ts';
import { domainEvent } from '../../core/events/domain-event.ts';
import { describeActor, type Principal } from '../../core/identity/principal.ts';
import {
  assertWithinTerm,
  POLICY_LIFECYCLE,
  policyChangedMeanwhile,
  pinnedRateVersion,
  premiumTermOf,
  REINSTATEMENT_WINDOW_DAYS,
  type CancellationReason,
  type Policy,
  type PolicyStatus,
} from '../../core/policy/policy.ts';
import { timelineEntry, type PolicyTransaction, type PolicyTransactionType } from '../../core/policy/policy-transaction.ts';
import { cancellation as cancellationOf, endorsement, reinstatement, type CancellationMethod } from '../../core/policy/premium.ts';
import { addDays, compareDates, today, yearOf, type CalendarDate } from '../../core/shared/calendar-date.ts';
import { DomainError, notFound } from '../../core/shared/domain-error.ts';
import { assertTransition } from '../../core/shared/lifecycle.ts';
import { cents, type Cents } from '../../core/shared/money.ts';
import { aggregateFlag, daFlags } from '../../core/underwriting/delegated-authority.ts';
import { rateOnVersion } from '../../core/underwriting/rate-manual.ts';
import { assertValidRisk } from '../../core/underwriting/risk-validation.ts';
import type { CompleteRisk } from '../../core/underwriting/submission.ts';
import type { Page, PageRequest } from '../persistence/page.ts';
import type { UnderwritingReferenceData } from '../underwriting/reference-data.port.ts';
import type { WrittenPremiumLedger } from '../underwriting/underwriting.repositories.ts';
import type { PremiumBooks } from '../billing/premium-books.use-case.ts';
import type { IssuanceDeps } from './policy-issuance.ts';
import { rebillPolicy } from './policy-rebilling.ts';
import { issueRenewal } from './policy-renewal.ts';

export interface LifecycleDeps extends IssuanceDeps {
  readonly writtenPremium: WrittenPremiumLedger;
  readonly reference: UnderwritingReferenceData;
  /** Keeps the ledger and commission where the policy's money stands after a premium transaction. */
  readonly books: PremiumBooks;
}

export interface EndorsementInput {
  readonly effectiveDate: CalendarDate;
  readonly changes: Partial<Pick<CompleteRisk, 'requestedLimit' | 'annualRevenue' | 'state' | 'naicsCode'>>;
  readonly description?: string;
}

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

  list(orgId: string, filters: { status?: PolicyStatus }, page: PageRequest): Promise<Page<Policy>> {
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
    const risk: CompleteRisk = { ...policy.risk, ...input.changes };
    const manual = this.deps.reference.rateManual();
    const annual = rateOnVersion(manual, pinnedRateVersion(policy, manual), risk).grossPremium;
    const term = premiumTermOf(policy);
    const transaction = endorsement(term, input.effectiveDate, annual);
    const delta = transaction.writtenChange;
    const program = this.deps.reference.program(policy.programId);
    const flags = daFlags(risk, annual, program, cents(0)).filter((flag) => flag.code !== 'aggregate_exceeded');
    if (flags.length > 0) throw new DomainError('not_bindable', 'The endorsed risk is outside delegated authority.', { daFlags: flags });
    const year = yearOf(policy.effectiveDate);
    if (delta > 0 && !(await this.deps.writtenPremium.reserve(orgId, program.id, year, delta, program.aggregateCap))) {
      const written = await this.deps.writtenPremium.written(orgId, program.id, year);
      throw new DomainError('not_bindable', 'The endorsement would exceed the aggregate cap.', { daFlags: [aggregateFlag(program, written, delta)] });
    }
    const endorsementId = this.deps.ids.next('ptx');
    const at = this.deps.clock.now();
    const changed = await this.deps.policies.change(
      policy,
      step,
      { risk, grossPremium: annual, premium: [...term.transactions, transaction] },
      [
        domainEvent(
          'policy.endorsed',
          {
            policyId: policy.id,
            policyNumber: policy.policyNumber,
            endorsementId,
            effectiveDate: input.effectiveDate,
            premiumDelta: delta,
            grossPremium: annual,
          },
          this.origin(orgId, at),
        ),
      ],
      at,
    );
    if (!changed) {
      if (delta > 0) await this.deps.writtenPremium.release(orgId, program.id, year, delta);
      throw policyChangedMeanwhile();
    }
    if (delta < 0) await this.deps.writtenPremium.release(orgId, program.id, year, cents(-delta));
    await rebillPolicy(this.deps, changed, null, input.effectiveDate);
    await this.deps.books.sync(orgId, id, {
      invoiceId: null,
      reference: endorsementId,
      description: `Endorsement of ${policy.policyNumber} from ${input.effectiveDate}`,
    });
    return this.record(actor, changed, 'endorsement', input.effectiveDate, delta, {
      id: endorsementId,
      // The timeline speaks dollars, like every other amount a caller reads.
      changes: {
        ...input.changes,
        ...(input.changes.annualRevenue !== undefined ? { annualRevenue: input.changes.annualRevenue / 100 } : {}),
        ...(input.changes.requestedLimit !== undefined ? { requestedLimit: input.changes.requestedLimit / 100 } : {}),
      },
      previousPremium: policy.grossPremium / 100,
      newPremium: annual / 100,
      ...(input.description ? { description: input.description } : {}),
    });
  }

  async cancel(
    actor: Principal,
    orgId: string,
    id: string,
    input: { effectiveDate: CalendarDate; reason: CancellationReason; method?: CancellationMethod },
  ): Promise<Policy> {
    const policy = await this.get(orgId, id);
    const step = assertTransition(POLICY_LIFECYCLE, 'cancel', policy.status);
    assertWithinTerm(policy, input.effectiveDate, 'effectiveDate');
    const method = input.method ?? (input.reason === 'insured_request' ? 'short_rate' : 'pro_rata');
    const effectiveDate = input.effectiveDate;
    const term = premiumTermOf(policy);
    const program = this.deps.reference.program(policy.programId);
    // Non-payment and underwriting cancellations are the carrier's doing: pro rata, no minimum kept.
    const transaction = cancellationOf(term, {
      effectiveDate,
      method,
      shortRate: this.deps.reference.shortRateTable(),
      minimumEarnedPercent: input.reason === 'insured_request' ? program.minimumEarnedPremiumPercent : 0,
    });
    const returned = cents(-transaction.writtenChange);
    const at = this.deps.clock.now();
    const cancellation = { effectiveDate, reason: input.reason, method, returnPremium: returned, processedOn: today(at) };
    const changed = await this.deps.policies.change(
      policy,
      step,
      { cancellation, premium: [...term.transactions, transaction] },
      [
        domainEvent(
          'policy.cancelled',
          { policyId: policy.id, policyNumber: policy.policyNumber, effectiveDate, reason: input.reason, method, returnPremium: returned },
          this.origin(orgId, at),
        ),
      ],
      at,
    );
    if (!changed) throw policyChangedMeanwhile();
    await this.deps.writtenPremium.release(orgId, policy.programId, yearOf(policy.effectiveDate), returned);
    await rebillPolicy(this.deps, changed, effectiveDate, effectiveDate);
    await this.deps.books.sync(orgId, id, {
      invoiceId: null,
      reference: `cancellation:${id}`,
      description: `Cancellation of ${policy.policyNumber} from ${effectiveDate}`,
    });
    await this.record(actor, changed, 'cancellation', effectiveDate, cents(-returned), { reason: input.reason, method, returnPremium: returned / 100 });
    return changed;
  }

  /** Restores a cancelled policy within the reinstatement window, charging back the returned premium. */
  async reinstate(actor: Principal, orgId: string, id: string): Promise<Policy> {
    const policy = await this.get(orgId, id);
    const step = assertTransition(POLICY_LIFECYCLE, 'reinstate', policy.status);
    const cancellation = policy.cancellation;
    if (!cancellation) throw new DomainError('invalid_transition', 'The policy has no cancellation to reverse.');
    const deadline = addDays(cancellation.processedOn ?? cancellation.effectiveDate, REINSTATEMENT_WINDOW_DAYS);
    if (compareDates(today(this.deps.clock.now()), deadline) > 0) {
      throw new DomainError('invalid_transition', `The reinstatement window closed on ${deadline}.`, { deadline });
    }
    const year = yearOf(policy.effectiveDate);
    const program = this.deps.reference.program(policy.programId);
    const term = premiumTermOf(policy);
    const transaction = reinstatement(term);
    const charged = transaction.writtenChange;
    if (!(await this.deps.writtenPremium.reserve(orgId, policy.programId, year, charged, program.aggregateCap))) {
      const written = await this.deps.writtenPremium.written(orgId, policy.programId, year);
      throw new DomainError('not_bindable', 'Reinstating would exceed the aggregate cap.', {
        daFlags: [aggregateFlag(program, written, charged)],
      });
    }
    const at = this.deps.clock.now();
    const changed = await this.deps.policies.change(
      policy,
      step,
      { cancellation: null, premium: [...term.transactions, transaction] },
      [
        domainEvent(
          'policy.reinstated',
          {
            policyId: policy.id,
            policyNumber: policy.policyNumber,
            cancellationEffectiveDate: cancellation.effectiveDate,
            premiumCharged: charged,
            grossPremium: policy.grossPremium,
          },
          this.origin(orgId, at),
        ),
      ],
      at,
    );
    if (!changed) {
      await this.deps.writtenPremium.release(orgId, policy.programId, year, charged);
      throw policyChangedMeanwhile();
    }
    await rebillPolicy(this.deps, changed, null, today(at));
    await this.deps.books.sync(orgId, id, { invoiceId: null, reference: `reinstatement:${id}`, description: `Reinstatement of ${policy.policyNumber}` });
    await this.record(actor, changed, 'reinstatement', cancellation.effectiveDate, charged, {
      reversedCancellation: cancellation.effectiveDate,
    });
    return changed;
  }

  /** A new policy for the next term, re-rated on the tables in force on its effective date, linked both ways. */
  async renew(actor: Principal, orgId: string, id: string, plan?: InstallmentPlan): Promise<Policy> {
    const { expiring, renewal } = await issueRenewal(this.deps, actor, await this.get(orgId, id), plan);
    await this.record(actor, expiring, 'renewal', expiring.expirationDate, cents(0), {
      renewalPolicyId: renewal.id,
      renewalPolicyNumber: renewal.policyNumber,
    });
    return renewal;
  }

  private origin(orgId: string, at: Date) {
    return { id: this.deps.ids.next('evt'), orgId, at };
  }

  private async record(
    actor: Principal,
    policy: Policy,
    type: PolicyTransactionType,
    effectiveDate: CalendarDate,
    premiumDelta: Cents,
    details: Record<string, unknown> & { id?: string },
  ): Promise<PolicyTransaction> {
    const { id, ...rest } = details;
    const entry = { id: id ?? this.deps.ids.next('ptx'), type, effectiveDate, actor: describeActor(actor), premiumDelta, details: rest };
    const transaction = timelineEntry(policy, entry, this.deps.clock.now());
    await this.deps.transactions.insert(transaction);
    return transaction;
  }
}
