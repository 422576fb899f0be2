import { refundStepReference, reportedRefundTarget, type Payment, type RefundStep } from '../../core/billing/payment.ts';
import { cents, type Cents } from '../../core/shared/money.ts';
import { MANUAL_REVIEW_ABOVE_CENTS, type ManualReviewQueue } from './financial-alerts.port.ts';
import type { FinancialSteps } from './financial-steps.ts';
import type { PaymentRepository } from './invoice.repository.ts';
import type { InvoicePayments } from './invoice-payments.use-case.ts';
import type { Principal } from '../../core/shared/access/principal.ts';
import type { CreditSettlement } from './credit-settlement.use-case.ts';
import type { GroupedWrite } from '../shared/persistence/collection-store.port.ts';
import { retryFromReads } from '../shared/retry-from-reads.ts';

export interface ProcessorRefundsDeps {
  readonly payments: PaymentRepository;
  readonly invoicePayments: InvoicePayments;
  readonly reviews: ManualReviewQueue;
  readonly steps: FinancialSteps;
  /** Applies what is owed back to the insured to what a refund reopened. */
  readonly credits: CreditSettlement;
}

/** The payment processor, as the actor of what its reports cause. */
const PROCESSOR: Principal = { kind: 'machine' };

export type RefundReport = { readonly cumulative: Cents } | { readonly refundId: string; readonly amount: Cents };

/**
 * Refunds the processor reports (made in its dashboard, or echoes of ours): the payment is
 * brought up to what was reported in steps, each taken and recorded as one refund row under a
 * reference of its own in one write. Reports may arrive in any order, twice, or in parallel.
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
    const recorded: RefundStep[] = [];
    // Steps an earlier release took and had not recorded yet, then the step up to what was reported.
    for (const step of current.processorRefundSteps ?? []) if (await this.record(current, step)) recorded.push(step);
    const taken = await this.catchUp(current);
    if (taken) recorded.push(taken);
    for (const step of recorded) await this.follow(current, step);
    const manualReview = recorded.filter((step) => step.to - step.from > MANUAL_REVIEW_ABOVE_CENTS).map((step) => refundStepReference(current, step));
    return { recorded, manualReview };
  }

  /**
   * Takes the step from the level recorded to what was reported and records it, as one write: the
   * payment's level (guarded: another report that moved it first makes this one start again from
   * its reads), the refund row, the invoice and the policy's posting. Null when nothing is left to take.
   */
  private catchUp(payment: Payment): Promise<RefundStep | null> {
    const context = { orgId: payment.orgId, reference: payment.reference, invoiceId: payment.invoiceId };
    return this.deps.steps.run('refund_processing', context, () =>
      retryFromReads(async () => {
        const current = (await this.deps.payments.findByReference(payment.orgId, payment.reference)) ?? payment;
        const step = { from: cents(current.processorRefundLevel ?? 0), to: reportedRefundTarget(current) };
        if (step.to <= step.from) return null;
        return (await this.record(current, step, [this.deps.payments.refundStepWrite(current, step)])) ? step : null;
      }),
    );
  }

  /** Records a step once per reference, with `together` in the same write; true when this call recorded it. */
  private async record(payment: Payment, step: RefundStep, together: readonly GroupedWrite[] = []): Promise<boolean> {
    const input = {
      amount: cents(step.to - step.from),
      method: 'card' as const,
      reference: refundStepReference(payment, step),
      source: 'processor' as const,
      refundOf: payment.id,
    };
    const result = await this.deps.invoicePayments.recordRefund(payment.orgId, payment.invoiceId, input, together);
    return result?.recorded ?? false;
  }

  /** What follows a step recorded: money still owed back to the insured goes first to what the refund reopened; above $1,000, a review item. */
  private async follow(payment: Payment, step: RefundStep): Promise<void> {
    const { orgId, invoiceId } = payment;
    await this.deps.credits.applyOpenCreditsOn(PROCESSOR, orgId, invoiceId);
    const amount = cents(step.to - step.from);
    if (amount > MANUAL_REVIEW_ABOVE_CENTS)
      await this.deps.reviews.flag({ orgId, kind: 'refund', reference: refundStepReference(payment, step), invoiceId, amount });
  }
}
