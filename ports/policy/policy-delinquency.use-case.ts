import type { Invoice } from '../../core/billing/invoice.ts';
import { delinquencyOutcome, isPastDueOn, noticeOf, noticePeriodIn, pastDueOwed, warrantsNotice, type NoticePeriods } from '../../core/policy/delinquency.ts';
import { POLICY_LIFECYCLE, type Policy } from '../../core/policy/policy.ts';
import type { Principal } from '../../core/shared/access/principal.ts';
import { compareDates, today } from '../../core/shared/calendar-date.ts';
import { isDomainError } from '../../core/shared/domain-error.ts';
import { domainEvent } from '../../core/shared/events/domain-event.ts';
import { transition } from '../../core/shared/lifecycle.ts';
import { cents } from '../../core/shared/money.ts';
import { placementOf } from '../../core/underwriting/charge-terms.ts';
import { collectionTermsOf, type CollectionTerms } from '../../core/underwriting/program-terms.ts';
import { countConcurrently, DAY_WORK_CONCURRENCY } from '../shared/concurrently.ts';
import { eventOrigin } from '../shared/event-origin.ts';
import { drawNotice, mailNotice, type CancellationNoticeDeps } from './cancellation-notices.ts';
import { partiesOf } from './change-documents.ts';
import { afterChange } from './policy-change.ts';
import { RequiredWriteUnmatched } from '../shared/persistence/collection-store.port.ts';
import { cancellationNoticeOf } from '../../core/policy/policy-documents.ts';
import type { LifecycleDeps } from './lifecycle-deps.ts';
import { cancelPolicy } from './policy-cancellation.ts';

export interface PolicyDelinquencyDeps extends LifecycleDeps, Omit<CancellationNoticeDeps, 'programs'> {
  readonly noticePeriods: NoticePeriods;
  readonly log: (message: string, fields: Record<string, unknown>) => void;
}

/** The scheduled work acts as the service itself. */
const SCHEDULER: Principal = { kind: 'machine' };

const groupByPolicy = (invoices: readonly Invoice[]): Map<string, Invoice[]> => {
  const groups = new Map<string, Invoice[]>();
  for (const invoice of invoices) groups.set(invoice.policyId, [...(groups.get(invoice.policyId) ?? []), invoice]);
  return groups;
};

/**
 * Non-payment, day by day (CONTRACT 15 and 17): an installment unpaid `graceDays` after its due
 * date falls past due; a policy with something past due (at least the program's minimum) is sent a
 * notice of cancellation whose length is its home state's notice period; paying what is past due
 * rescinds the notice; at its end, the policy is cancelled for non-payment, pro rata, from the day
 * the notice named. Every step is a guarded write, so each happens once whatever the number of
 * processes, and a day run twice does nothing more.
 */
export class PolicyDelinquency {
  private readonly deps: PolicyDelinquencyDeps;

  constructor(deps: PolicyDelinquencyDeps) {
    this.deps = deps;
  }

  /** Marks past due the open charges whose grace ran out before `now`'s date; answers how many. */
  async markPastDue(orgId: string, now: Date): Promise<number> {
    const on = today(now);
    const terms = this.termsCache(orgId);
    return countConcurrently(await this.deps.invoices.openDueBefore(orgId, on), DAY_WORK_CONCURRENCY, async (invoice) => {
      const policyTerms = await terms(invoice.policyId);
      const unpaid = cents(invoice.amount - invoice.paidAmount);
      if (!policyTerms || unpaid <= 0 || !isPastDueOn(invoice.dueDate, policyTerms.graceDays, on)) return false;
      const { id: invoiceId, invoiceNumber, policyId, dueDate, amount } = invoice;
      const event = domainEvent(
        'invoice.past_due',
        { invoiceId, invoiceNumber, policyId, dueDate, amount, unpaid, graceDays: policyTerms.graceDays },
        eventOrigin(this.deps, orgId, now),
      );
      return (await this.deps.invoices.markPastDue(orgId, invoice, on, [event])) !== null;
    });
  }

  /** Withdraws the notices whose past-due amount was paid (down below the minimum); answers how many. */
  async rescindPaid(orgId: string, now: Date): Promise<number> {
    return countConcurrently(await this.deps.policies.underNotice(orgId), DAY_WORK_CONCURRENCY, async (policy) => {
      const delinquency = policy.delinquency;
      if (!delinquency) return false;
      const owed = pastDueOwed(await this.deps.invoices.forPolicy(orgId, policy.id));
      if (delinquencyOutcome(delinquency, owed, await this.termsOf(policy), today(now)) !== 'rescind') return false;
      const { id: policyId, policyNumber } = policy;
      const event = domainEvent(
        'policy.cancellation_rescinded',
        { policyId, policyNumber, noticeOn: delinquency.noticeOn, cancelsOn: delinquency.cancelsOn },
        eventOrigin(this.deps, orgId, now),
      );
      return (await this.deps.policies.change(policy, transition(POLICY_LIFECYCLE, 'rescind_notice'), { delinquency: null }, [event], now)) !== null;
    });
  }

  /**
   * Sends a notice to each policy in force with something past due and none running: drawn,
   * stored with the policy, recorded on it with its event, then mailed. A past-due invoice of a
   * policy already under notice joins that notice.
   */
  async sendNotices(orgId: string, now: Date): Promise<number> {
    const groups = [...groupByPolicy(await this.deps.invoices.pastDueUnseen(orgId))];
    return countConcurrently(groups, DAY_WORK_CONCURRENCY, ([policyId, unseen]) => this.sendNotice(orgId, policyId, unseen, now));
  }

  private async sendNotice(orgId: string, policyId: string, unseen: readonly Invoice[], now: Date): Promise<boolean> {
    const on = today(now);
    const policy = await this.deps.policies.findById(orgId, policyId);
    const seen = unseen.map((invoice) => invoice.id);
    if (!policy || policy.status !== 'active' || policy.delinquency) {
      await this.deps.invoices.markSeen(orgId, seen, on);
      return false;
    }
    const invoices = await this.deps.invoices.forPolicy(orgId, policyId);
    const owed = pastDueOwed(invoices);
    if (!warrantsNotice(owed, await this.termsOf(policy))) return false;
    // The insured's home state sets the notice period (CONTRACT 17), as it sets surplus lines charges.
    const { homeState } = placementOf(policy.risk);
    const period = noticePeriodIn(this.deps.noticePeriods, homeState);
    const notice = noticeOf(on, owed, period);
    // A notice that would end after the term ends has nothing to cancel: the term expires first.
    if (compareDates(notice.cancelsOn, policy.expirationDate) >= 0) {
      await this.deps.invoices.markSeen(orgId, seen, on);
      return false;
    }
    const pastDue = invoices.filter((invoice) => invoice.status === 'past_due');
    const drawn = await drawNotice(this.deps, policy, notice, { ...period, homeState }, pastDue);
    const delinquency = { ...notice, noticeDocumentId: drawn.documentId };
    const event = domainEvent(
      'policy.cancellation_notice_sent',
      { policyId, policyNumber: policy.policyNumber, ...notice, homeState, noticeDays: period.days, documentId: drawn.documentId },
      eventOrigin(this.deps, orgId, now),
    );
    // The notice is a document of the policy, listed with its others: recorded in the same write as the notice it records.
    const step = transition(POLICY_LIFECYCLE, 'send_notice');
    const content = cancellationNoticeOf(policy, notice, period, await partiesOf(this.deps, policy));
    try {
      await this.deps.atomic.commit([
        ...this.deps.policies.changeWrites(policy, step, { delinquency }, [event], now),
        this.deps.policyDocuments.issuedWrite(policy, 'cancellation_notice', content, { documentId: drawn.documentId, sha256: drawn.sha256, issuedAt: now }),
      ]);
    } catch (error) {
      if (error instanceof RequiredWriteUnmatched) return false;
      throw error;
    }
    const changed = afterChange(policy, step, { delinquency }, now);
    await this.deps.invoices.markSeen(
      orgId,
      pastDue.map((invoice) => invoice.id),
      on,
    );
    await mailNotice(this.deps, changed, drawn.notice).catch((error: unknown) =>
      this.deps.log('mailing a notice of cancellation failed', { orgId, policyId, error: (error as Error).message }),
    );
    return true;
  }

  /** Cancels for non-payment, from the day its notice named, each policy whose notice ran out unpaid; answers how many. */
  async cancelUnpaid(orgId: string, now: Date): Promise<number> {
    const on = today(now);
    return countConcurrently(await this.deps.policies.underNotice(orgId, on), DAY_WORK_CONCURRENCY, async (policy) => {
      const delinquency = policy.delinquency;
      if (!delinquency || compareDates(delinquency.cancelsOn, on) > 0) return false;
      const owed = pastDueOwed(await this.deps.invoices.forPolicy(orgId, policy.id));
      if (delinquencyOutcome(delinquency, owed, await this.termsOf(policy), on) !== 'cancel') return false;
      try {
        await cancelPolicy(this.deps, SCHEDULER, policy, { effectiveDate: delinquency.cancelsOn, reason: 'non_payment', method: 'pro_rata' });
        return true;
      } catch (error) {
        // Changed meanwhile (another process cancelled it), or a loss reported on the day itself:
        // the notice stays and the next run looks again; anything else is a fault to report.
        if (!isDomainError(error)) throw error;
        this.deps.log('a non-payment cancellation was not made', { orgId, policyId: policy.id, error: error.code, message: error.message });
        return false;
      }
    });
  }

  private async termsOf(policy: Policy): Promise<CollectionTerms> {
    return collectionTermsOf(await this.deps.programs.program(policy.orgId, policy.programId, policy.programVersion));
  }

  /** Collection terms by policy within one run (a policy's invoices share its program). */
  private termsCache(orgId: string): (policyId: string) => Promise<CollectionTerms | null> {
    const known = new Map<string, Promise<CollectionTerms | null>>();
    return (policyId) => {
      let terms = known.get(policyId);
      if (!terms) {
        terms = this.deps.policies.findById(orgId, policyId).then((policy) => (policy ? this.termsOf(policy) : null));
        known.set(policyId, terms);
      }
      return terms;
    };
  }
}
