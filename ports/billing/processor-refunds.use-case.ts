import { refundStepReference, reportedRefundTarget, type Payment, type RefundStep } from '../../core/billing/payment.ts';
import { cents, type Cents } from '../../core/shared/money.ts';
import { MANUAL_REVIEW_ABOVE_CENTS, type ManualReviewQueue } from './financial-alerts.port.ts';
import type { FinancialSteps } from './financial-steps.ts';
import type { PaymentRepository } from './invoice.repository.ts';
import type { InvoicePayments } from './invoice-payments.use-case.ts';
import type { Principal } from '../../core/shared/access/principal.ts';
import type { CreditSettlement } from './credit-settlement.use-case.ts';
import type { PaymentBookkeeping } from './payment-bookkeeping.use-case.ts';

export interface ProcessorRefundsDeps {
  readonly payments: PaymentRepository;
  readonly invoicePayments: InvoicePayments;
  readonly bookkeeping: PaymentBookkeeping;
  readonly reviews: ManualReviewQueue;
  readonly steps: FinancialSteps;
  /** Applies what is owed back to the insured to what a refund reopened. */
  readonly credits: CreditSettlement;
}

/** The payment processor, as the actor of what its reports cause. */
const PROCESSOR: Principal = { kind: 'machine' };

export type RefundReport = { readonly cumulative: Cents } | { readonly refundId: string; readonly amount: Cents };

/** Attempts at taking the next step before giving up to the sender's retry; each lost race means another caller moved the level. */
const STEP_ATTEMPTS = 8;

/**
 * Refunds the processor reports (made in its dashboard, or echoes of ours): the payment is
 * brought up to what was reported in steps, each taken by one guarded write and recorded as one
 * refund row under a reference of its own. Reports may arrive in any order, twice, or in
 * parallel; a crash between taking a step and recording it is finished by the next report.
 */
export class ProcessorRefunds {
  private readonly deps: ProcessorRefundsDeps;

  constructor(deps: ProcessorRefundsDeps) {
    this.deps = deps;
  }

  /** Notes what the processor reported, then records the steps up to it: those recorded now (none when it told nothing new); null when the payment is gone. */
  async report(payment: Payment, reports: readonly RefundReport[]): Promise<{ recorded: RefundStep[]; manualReview: string[] } | null> {
    for (const report of reports) await this.deps.payments.noteProcessorRefund(payment.orgId, payment.id, report);
    const current = await this.deps.payments.findByReference(payment.orgId, payment.reference);
    if (!current) return null;
    const caughtUp = await this.catchUp(current);
    const recorded: RefundStep[] = [];
    const manualReview: string[] = [];
    for (const step of caughtUp.processorRefundSteps ?? []) {
      const reference = refundStepReference(caughtUp, step);
      if (!(await this.record(caughtUp, step, reference))) continue;
      recorded.push(step);
      if (step.to - step.from > MANUAL_REVIEW_ABOVE_CENTS) manualReview.push(reference);
    }
    return { recorded, manualReview };
  }

  /** Takes steps until the recorded level reaches what was reported. */
  private async catchUp(payment: Payment): Promise<Payment> {
    let current = payment;
    for (let attempt = 0; attempt < STEP_ATTEMPTS; attempt += 1) {
      const from = cents(current.processorRefundLevel ?? 0);
      const to = reportedRefundTarget(current);
      if (to <= from) return current;
      const taken = await this.deps.payments.takeRefundStep(current.orgId, current.id, { from, to });
      current = taken ?? ((await this.deps.payments.findByReference(current.orgId, current.reference)) as Payment);
    }
    throw new Error(`Refunds of payment ${payment.id} kept moving; the report is to be delivered again.`);
  }

  /** Records a step (once per reference) with its commission reversal and, above $1,000, a review item; true when this call recorded it. */
  private async record(payment: Payment, step: RefundStep, reference: string): Promise<boolean> {
    const { orgId, invoiceId } = payment;
    const amount = cents(step.to - step.from);
    const result = await this.deps.steps.run('refund_processing', { orgId, reference, invoiceId }, () =>
      this.deps.invoicePayments.recordRefund(orgId, invoiceId, { amount, method: 'card', reference, source: 'processor', refundOf: payment.id }),
    );
    if (!result) return false;
    // Both are keyed by the reference, so finishing them again after an interruption adds nothing.
    await this.deps.bookkeeping.afterRefund(orgId, invoiceId, reference);
    // A refund reopens the invoice; money still owed back to the insured goes to it first.
    await this.deps.credits.applyOpenCreditsOn(PROCESSOR, orgId, invoiceId);
    if (amount > MANUAL_REVIEW_ABOVE_CENTS) await this.deps.reviews.flag({ orgId, kind: 'refund', reference, invoiceId, amount });
    return result.recorded;
  }
}
