import { installmentInvoices, type Invoice } from '../../core/billing/invoice.ts';
import { chargeItemsOwed } from '../../core/policy/policy-charges.ts';
import { chargeTermsOf, issuedEvent, newPolicy, premiumTermOf, type Policy, type PolicyIssue } from '../../core/policy/policy.ts';
import { timelineEntry, type PolicyTransactionType } from '../../core/policy/policy-transaction.ts';
import { scheduleContextOf } from '../../core/policy/forms.ts';
import type { Forms } from './forms.use-case.ts';
import type { PolicyDocuments } from './policy-documents.use-case.ts';
import type { ProducerRepository } from '../producers/producer.repositories.ts';
import { declarationsOf } from '../../core/policy/policy-documents.ts';
import { yearOf } from '../../core/shared/calendar-date.ts';
import type { RecordRelationships } from '../authorization/record-relationships.use-case.ts';
import { eventOrigin } from '../shared/event-origin.ts';
import type { AccountingPeriods } from '../billing/accounting-periods.use-case.ts';
import type { PremiumBooks } from '../billing/premium-books.use-case.ts';
import type { Clock } from '../shared/clock.port.ts';
import type { IdGenerator } from '../shared/id-generator.port.ts';
import type { AtomicWrite } from '../shared/persistence/atomic-write.port.ts';
import type { GroupedWrite } from '../shared/persistence/collection-store.port.ts';
import type { SequenceGenerator } from '../shared/sequence-generator.port.ts';
import { billedPolicy } from './billed-policies.use-case.ts';
import type { PolicyRepository, PolicyTransactionRepository } from './policy.repositories.ts';

export interface IssuanceDeps {
  readonly policies: PolicyRepository;
  readonly transactions: PolicyTransactionRepository;
  readonly sequences: SequenceGenerator;
  readonly ids: IdGenerator;
  readonly clock: Clock;
  readonly relationships: RecordRelationships;
  /** Books each premium transaction in its accounting month. */
  readonly periods: AccountingPeriods;
  /** Billing: the installment invoices and the first posting (premium receivable) of a new policy. */
  readonly books: PremiumBooks;
  readonly atomic: AtomicWrite;
  /** The forms library: the new term's schedule of forms. */
  readonly forms: Pick<Forms, 'schedule'>;
  /** The term's declarations, recorded with it and drawn afterwards. */
  readonly policyDocuments: Pick<PolicyDocuments, 'pendingWrite' | 'issuedWrite' | 'listed'>;
  /** The producer of record's name, for the declarations. */
  readonly producers: Pick<ProducerRepository, 'findById'>;
}

interface Issue extends PolicyIssue {
  readonly actor: string;
  readonly transaction: PolicyTransactionType;
  /** The insurer on whose paper the term is written (the program's), as the declarations name it. */
  readonly carrier: { readonly name: string; readonly naic: string };
}

/** A new policy as decided, and everything storing it writes. */
export interface PlannedIssue {
  readonly policy: Policy;
  readonly invoices: readonly Invoice[];
  readonly writes: readonly GroupedWrite[];
}

/**
 * Decides a new policy (its number, accounting month, installment schedule, first timeline entry,
 * event and opening books) and returns what storing it writes, for the issuing command to commit
 * in its one write with its own guarded moves. Only the policy number is taken beforehand (a
 * command that then fails leaves a gap in the numbers, never a second policy under one), and the
 * relationships, which grant nothing until the policy exists.
 */
export const planIssue = async (deps: IssuanceDeps, issue: Issue): Promise<PlannedIssue> => {
  const now = deps.clock.now(issue.orgId);
  const sequence = await deps.sequences.next(issue.orgId, `policy:${yearOf(issue.effectiveDate)}`);
  const policy: Policy = {
    ...newPolicy(issue, sequence, now, await deps.periods.booking(issue.orgId, issue.effectiveDate)),
    forms: deps.forms.schedule(scheduleContextOf(issue.risk, issue.effectiveDate)),
  };
  const events = [issuedEvent(policy, eventOrigin(deps, issue.orgId, now))];
  const billed = chargeItemsOwed(premiumTermOf(policy), chargeTermsOf(policy));
  const invoices = installmentInvoices(policy, issue.plan, billed, issue.effectiveDate, () => deps.ids.next('inv'), now);
  const details = { installmentPlan: issue.plan, ...(issue.renewalOf ? { renewalOf: issue.renewalOf } : {}) };
  const entry = {
    id: deps.ids.next('ptx'),
    type: issue.transaction,
    effectiveDate: issue.effectiveDate,
    actor: issue.actor,
    premiumDelta: issue.premium,
    details,
  };
  const cause = { invoiceId: null, reference: `issue:${policy.id}`, description: `Premium billed on ${policy.policyNumber}` };
  const [books] = await Promise.all([deps.books.opening(billedPolicy(policy), invoices, cause), deps.relationships.policy(policy)]);
  const producer = issue.producerId ? await deps.producers.findById(issue.orgId, issue.producerId) : null;
  const forms = policy.forms ?? [];
  const parties = { carrier: issue.carrier, producer: producer?.name ?? null };
  const declarations = deps.policyDocuments.pendingWrite(
    policy,
    'declarations',
    entry.id,
    declarationsOf(policy, billed, deps.policyDocuments.listed(forms), parties),
    forms,
  );
  const writes = [
    ...books.writes,
    deps.transactions.insertWrite(timelineEntry(policy, entry, now)),
    ...deps.policies.insertWrites(policy, events),
    declarations,
  ];
  return { policy, invoices, writes };
};
