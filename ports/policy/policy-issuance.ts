import { installmentSchedule, type InstallmentPlan } from '../../core/billing/installment-plan.ts';
import { invoiceNumber, type Invoice } from '../../core/billing/invoice.ts';
import type { DomainEvent } from '../../core/events/domain-event.ts';
import { policyNumberFor, type Policy } from '../../core/policy/policy.ts';
import type { PolicyTransactionType } from '../../core/policy/policy-transaction.ts';
import { addMonths, yearOf, type CalendarDate } from '../../core/shared/calendar-date.ts';
import type { Cents } from '../../core/shared/money.ts';
import type { CompleteRisk } from '../../core/underwriting/submission.ts';
import type { InvoiceRepository } from '../billing/invoice.repository.ts';
import type { Clock } from '../shared/clock.port.ts';
import type { IdGenerator } from '../shared/id-generator.port.ts';
import type { SequenceGenerator } from '../underwriting/underwriting.repositories.ts';
import { policyEvent } from './policy-events.ts';
import type { PolicyRepository, PolicyTransactionRepository } from './policy.repositories.ts';

export interface IssuanceDeps {
  readonly policies: PolicyRepository;
  readonly transactions: PolicyTransactionRepository;
  readonly invoices: InvoiceRepository;
  readonly sequences: SequenceGenerator;
  readonly ids: IdGenerator;
  readonly clock: Clock;
}

export interface Issue {
  readonly policyId: string;
  readonly orgId: string;
  readonly submissionId: string;
  readonly quoteId: string | null;
  readonly risk: CompleteRisk;
  readonly contactEmail: string | null;
  readonly producerId: string | null;
  readonly premium: Cents;
  readonly effectiveDate: CalendarDate;
  readonly plan: InstallmentPlan;
  readonly programId: string;
  readonly renewalOf: string | null;
  readonly actor: string;
  readonly transaction: PolicyTransactionType;
  readonly event: 'policy.bound' | 'policy.renewed';
}

/**
 * Writes a new policy's installment schedule and first timeline entry, then the policy itself
 * with its event. The policy goes last because its event makes the issue public: when any write
 * fails, the ones before it are removed and nothing was announced.
 */
export const issuePolicy = async (deps: IssuanceDeps, issue: Issue): Promise<{ policy: Policy; invoices: Invoice[] }> => {
  const now = deps.clock.now();
  const sequence = await deps.sequences.next(issue.orgId, `policy:${yearOf(issue.effectiveDate)}`);
  const policy: Policy = {
    id: issue.policyId,
    orgId: issue.orgId,
    policyNumber: policyNumberFor(issue.risk.lineOfBusiness, yearOf(issue.effectiveDate), sequence),
    submissionId: issue.submissionId,
    quoteId: issue.quoteId,
    risk: issue.risk,
    contactEmail: issue.contactEmail,
    producerId: issue.producerId,
    grossPremium: issue.premium,
    effectiveDate: issue.effectiveDate,
    expirationDate: addMonths(issue.effectiveDate, 12),
    status: 'active',
    installmentPlan: issue.plan,
    cancellation: null,
    renewalOf: issue.renewalOf,
    renewedBy: null,
    programId: issue.programId,
    createdAt: now,
    updatedAt: now,
    version: 0,
  };
  const events: DomainEvent[] = [
    policyEvent(deps.ids, issue.event, issue.orgId, now, {
      policyId: policy.id,
      policyNumber: policy.policyNumber,
      grossPremium: policy.grossPremium / 100,
      effectiveDate: policy.effectiveDate,
      ...(issue.renewalOf ? { renewalOf: issue.renewalOf } : {}),
    }),
  ];
  const invoices: Invoice[] = installmentSchedule(issue.plan, issue.premium, issue.effectiveDate).map((installment) => ({
    id: deps.ids.next('inv'),
    orgId: issue.orgId,
    policyId: policy.id,
    invoiceNumber: invoiceNumber(policy.policyNumber, installment.sequence),
    kind: 'installment',
    amount: installment.amount,
    paidAmount: 0 as Cents,
    dueDate: installment.dueDate,
    status: 'open',
    createdAt: now,
  }));
  try {
    await deps.invoices.insertAll(invoices);
    await deps.transactions.insert({
      id: deps.ids.next('ptx'),
      orgId: issue.orgId,
      policyId: policy.id,
      type: issue.transaction,
      effectiveDate: issue.effectiveDate,
      actor: issue.actor,
      premiumDelta: issue.premium,
      details: { installmentPlan: issue.plan, ...(issue.renewalOf ? { renewalOf: issue.renewalOf } : {}) },
      createdAt: now,
    });
    await deps.policies.insert(policy, events);
  } catch (error) {
    await Promise.all([deps.invoices.removeForPolicy(issue.orgId, policy.id), deps.transactions.removeForPolicy(issue.orgId, policy.id)]);
    throw error;
  }
  return { policy, invoices };
};
