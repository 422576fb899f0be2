import { installmentInvoices, type Invoice } from '../../core/billing/invoice.ts';
import { chargeItemsOwed } from '../../core/policy/policy-charges.ts';
import { chargeTermsOf, issuedEvent, newPolicy, premiumTermOf, type Policy, type PolicyIssue } from '../../core/policy/policy.ts';
import { timelineEntry, type PolicyTransactionType } from '../../core/policy/policy-transaction.ts';
import { yearOf } from '../../core/shared/calendar-date.ts';
import type { RecordRelationships } from '../authorization/record-relationships.use-case.ts';
import { eventOrigin } from '../shared/event-origin.ts';
import type { AccountingPeriods } from '../billing/accounting-periods.use-case.ts';
import type { PremiumBooks } from '../billing/premium-books.use-case.ts';
import type { InvoiceRepository } from '../billing/invoice.repository.ts';
import type { Clock } from '../shared/clock.port.ts';
import type { IdGenerator } from '../shared/id-generator.port.ts';
import type { SequenceGenerator } from '../shared/sequence-generator.port.ts';
import type { PolicyRepository, PolicyTransactionRepository } from './policy.repositories.ts';

export interface IssuanceDeps {
  readonly policies: PolicyRepository;
  readonly transactions: PolicyTransactionRepository;
  readonly invoices: InvoiceRepository;
  readonly sequences: SequenceGenerator;
  readonly ids: IdGenerator;
  readonly clock: Clock;
  readonly relationships: RecordRelationships;
  /** Books each premium transaction in its accounting month. */
  readonly periods: AccountingPeriods;
  /** Posts what the insured now owes (premium receivable). */
  readonly books: PremiumBooks;
}

interface Issue extends PolicyIssue {
  readonly actor: string;
  readonly transaction: PolicyTransactionType;
}

/**
 * Writes a new policy's installment schedule and first timeline entry, then the policy itself
 * with its event. The policy goes last because its event makes the issue public: when any write
 * fails, the ones before it are removed and nothing was announced.
 */
export const issuePolicy = async (deps: IssuanceDeps, issue: Issue): Promise<{ policy: Policy; invoices: Invoice[] }> => {
  const now = deps.clock.now(issue.orgId);
  const sequence = await deps.sequences.next(issue.orgId, `policy:${yearOf(issue.effectiveDate)}`);
  const policy = newPolicy(issue, sequence, now, await deps.periods.booking(issue.orgId, issue.effectiveDate));
  const events = [issuedEvent(policy, eventOrigin(deps, issue.orgId, now))];
  const invoices = installmentInvoices(
    policy,
    issue.plan,
    chargeItemsOwed(premiumTermOf(policy), chargeTermsOf(policy)),
    issue.effectiveDate,
    () => deps.ids.next('inv'),
    now,
  );
  const details = { installmentPlan: issue.plan, ...(issue.renewalOf ? { renewalOf: issue.renewalOf } : {}) };
  const entry = {
    id: deps.ids.next('ptx'),
    type: issue.transaction,
    effectiveDate: issue.effectiveDate,
    actor: issue.actor,
    premiumDelta: issue.premium,
    details,
  };
  try {
    // Relationships, schedule and timeline together (one flush of the store), all before the
    // policy: nothing of the issue is visible, or announced, before its relationships are stored
    // (the invoices are reached through the policy: record-access.ts).
    // Every write settles before a failure is handled, so the clean-up below finds them all.
    const written = await Promise.allSettled([
      deps.relationships.policy(policy),
      deps.invoices.insertAll(invoices),
      deps.transactions.insert(timelineEntry(policy, entry, now)),
    ]);
    const failed = written.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    if (failed) throw failed.reason;
    await deps.policies.insert(policy, events);
  } catch (error) {
    await Promise.all([deps.invoices.removeForPolicy(issue.orgId, policy.id), deps.transactions.removeForPolicy(issue.orgId, policy.id)]);
    throw error;
  }
  // The policy is issued: a posting that fails here is recorded as a financial incident, and the
  // books take it in with the policy's next change of money (postings follow where it stands).
  await deps.books
    .sync(issue.orgId, policy.id, { invoiceId: null, reference: `issue:${policy.id}`, description: `Premium billed on ${policy.policyNumber}` })
    .catch(() => undefined);
  return { policy, invoices };
};
