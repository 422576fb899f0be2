import type { InstallmentPlan } from '../../core/billing/installment-plan.ts';
import { domainEvent } from '../../core/shared/events/domain-event.ts';
import type { Principal } from '../../core/shared/access/principal.ts';
import { withCharges } from '../../core/policy/policy-charges.ts';
import {
  assertWithinTerm,
  chargeTermsOf,
  POLICY_LIFECYCLE,
  policyChangedMeanwhile,
  pinnedRateVersion,
  premiumTermOf,
  type Policy,
} from '../../core/policy/policy.ts';
import type { PolicyTransaction } from '../../core/policy/policy-transaction.ts';
import { endorsement } from '../../core/policy/premium.ts';
import { yearOf, type CalendarDate } from '../../core/shared/calendar-date.ts';
import { DomainError, notFound } from '../../core/shared/domain-error.ts';
import { assertTransition } from '../../core/shared/lifecycle.ts';
import { cents, centsToDollars } from '../../core/shared/money.ts';
import { aggregateFlag, daFlags } from '../../core/underwriting/delegated-authority.ts';
import { rateOnVersion } from '../../core/underwriting/rate-manual.ts';
import { assertValidRisk } from '../../core/underwriting/risk-validation.ts';
import type { CompleteRisk } from '../../core/underwriting/submission.ts';
import type { Among, Page, PageRequest } from '../shared/persistence/page.ts';
import type { PolicyFilters } from './policy.repositories.ts';
import type { LifecycleDeps } from './lifecycle-deps.ts';
import { cancelPolicy, reinstatePolicy, type CancellationInput } from './policy-cancellation.ts';
import { rebillPolicy } from './policy-rebilling.ts';
import { issueRenewal } from './policy-renewal.ts';
import { eventOrigin } from '../shared/event-origin.ts';
import { recordTimeline } from './policy-timeline.ts';

export type { LifecycleDeps } from './lifecycle-deps.ts';

interface EndorsementInput {
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
    const risk: CompleteRisk = { ...policy.risk, ...input.changes };
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
    if (delta > 0 && !(await this.deps.writtenPremium.reserve(orgId, program.id, year, delta, program.aggregateCap))) {
      const written = await this.deps.writtenPremium.written(orgId, program.id, year);
      throw new DomainError('not_bindable', 'The endorsement would exceed the aggregate cap.', { daFlags: [aggregateFlag(program, written, delta)] });
    }
    const endorsementId = this.deps.ids.next('ptx');
    const at = this.deps.clock.now(orgId);
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
          eventOrigin(this.deps, orgId, at),
        ),
      ],
      at,
    );
    if (!changed) {
      if (delta > 0) await this.deps.writtenPremium.release(orgId, program.id, year, delta);
      throw policyChangedMeanwhile();
    }
    if (delta < 0) await this.deps.writtenPremium.release(orgId, program.id, year, cents(-delta));
    await rebillPolicy(this.deps, actor, changed, null, input.effectiveDate);
    await this.deps.books.sync(orgId, id, {
      invoiceId: null,
      reference: endorsementId,
      description: `Endorsement of ${policy.policyNumber} from ${input.effectiveDate}`,
    });
    return recordTimeline(this.deps, actor, changed, 'endorsement', input.effectiveDate, delta, {
      id: endorsementId,
      // The timeline speaks dollars, like every other amount a caller reads.
      changes: {
        ...input.changes,
        ...(input.changes.annualRevenue !== undefined ? { annualRevenue: centsToDollars(input.changes.annualRevenue) } : {}),
        ...(input.changes.requestedLimit !== undefined ? { requestedLimit: centsToDollars(input.changes.requestedLimit) } : {}),
      },
      previousPremium: centsToDollars(policy.grossPremium),
      newPremium: centsToDollars(annual),
      ...(input.description ? { description: input.description } : {}),
    });
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
    const { expiring, renewal } = await issueRenewal(this.deps, actor, await this.get(orgId, id), plan);
    await recordTimeline(this.deps, actor, expiring, 'renewal', expiring.expirationDate, cents(0), {
      renewalPolicyId: renewal.id,
      renewalPolicyNumber: renewal.policyNumber,
    });
    return renewal;
  }
}
