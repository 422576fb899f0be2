import { cashHeld } from '../../core/billing/credit.ts';
import type { CreditStep, Invoice } from '../../core/billing/invoice.ts';
import type { Payment, PaymentMethod } from '../../core/billing/payment.ts';
import { writeUnlessDuplicate } from '../../core/shared/domain-error.ts';
import { cents, type Cents } from '../../core/shared/money.ts';
import { retryFromReads } from '../shared/retry-from-reads.ts';
import { applicationWrites, creditRowOf } from './credit-applications.ts';
import { MANUAL_REVIEW_ABOVE_CENTS, type ManualReviewQueue } from './financial-alerts.port.ts';
import { policyPayments, type InvoiceRepository, type PaymentRepository } from './invoice.repository.ts';
import { throughProcessor, type PaymentGateway } from './payment-gateway.port.ts';
import type { PremiumBooks } from './premium-books.use-case.ts';
import type { AtomicWrite } from '../shared/persistence/atomic-write.port.ts';
import type { Clock } from '../shared/clock.port.ts';
import type { IdGenerator } from '../shared/id-generator.port.ts';

export interface CreditStepsDeps {
  readonly invoices: InvoiceRepository;
  readonly payments: PaymentRepository;
  readonly gateway: PaymentGateway;
  readonly reviews: ManualReviewQueue;
  readonly ids: IdGenerator;
  readonly clock: Clock;
  /** The policy's books, moved in the same write as a part paid out or refunded. */
  readonly books: PremiumBooks;
  readonly atomic: AtomicWrite;
}

/**
 * The parts taken from a credit, finished: an application's rows (a part an earlier release
 * took and left), a refund through the processor (held on the card payment, asked of the
 * processor under the part's key, then its row and posting in one write), a payout by other
 * means (its row and posting in one write, within the cash held). Each part is keyed by its
 * reference, so finishing twice does nothing more.
 */
export class CreditSteps {
  private readonly deps: CreditStepsDeps;

  constructor(deps: CreditStepsDeps) {
    this.deps = deps;
  }

  /** Finishes every step taken from the credit and not yet finished; each part is keyed, so finishing twice does nothing more. */
  async finish(credit: Invoice): Promise<void> {
    for (const step of credit.creditSteps ?? []) {
      if (await this.deps.payments.findByReference(credit.orgId, step.reference)) continue;
      if (await this.deps.invoices.countsReference(credit.orgId, credit.id, `${step.reference}:released`)) continue;
      if (step.settlement.type === 'applied') await this.finishApplication(credit, step, step.settlement.invoiceId);
      else if (step.settlement.type === 'refunded') await this.finishRefund(credit, step, step.settlement.paymentReference);
      else await this.payOut(credit, step, step.settlement.method);
      if (step.settlement.type !== 'applied' && step.amount > MANUAL_REVIEW_ABOVE_CENTS) {
        await this.deps.reviews.flag({ orgId: credit.orgId, kind: 'refund', reference: step.reference, invoiceId: credit.id, amount: step.amount });
      }
    }
  }

  /**
   * The other invoice receives the credit (never refused: an invoice paid meanwhile shows the
   * excess) with its row, and the credit its own row, in one write.
   */
  private async finishApplication(credit: Invoice, step: CreditStep, targetId: string): Promise<void> {
    await retryFromReads(async () => {
      const target = await this.deps.invoices.findById(credit.orgId, targetId);
      if (!target) return;
      const { writes, received, given } = applicationWrites(this.deps, credit, step, target);
      // Applied in steps by an earlier release: only its rows may be missing (the target counts its part already).
      if (await this.deps.invoices.countsReference(credit.orgId, targetId, received.reference)) {
        await writeUnlessDuplicate(() => this.deps.payments.insert(received, target));
        await writeUnlessDuplicate(() => this.deps.payments.insert(given, credit));
        return;
      }
      await this.deps.atomic.commit(writes);
    });
  }

  /**
   * A part paid out by other means (check, transfer): its row and the policy's posting are one
   * write, within the cash the policy holds as that write reads it. A refund of a payment landing
   * since the payout was planned takes the posting's number first and this write starts again
   * from its reads; a part the cash no longer covers goes back to the credit (`payout_exceeds_cash`).
   */
  private async payOut(credit: Invoice, step: CreditStep, method: PaymentMethod): Promise<void> {
    await retryFromReads(async () => {
      if (await this.deps.payments.findByReference(credit.orgId, step.reference)) return;
      const { payments } = await policyPayments(this.deps, credit.orgId, credit.policyId);
      if (cashHeld(payments) < step.amount) {
        await this.deps.invoices.applyPayment(credit.orgId, credit.id, `${step.reference}:released`, step.amount, []);
        return;
      }
      const row = this.rowOf(credit, credit.id, step, { amount: cents(-step.amount), method, source: 'manual' });
      const cause = { invoiceId: credit.id, reference: step.reference, description: `Payout ${step.reference} of credit ${credit.invoiceNumber}` };
      await this.deps.atomic.commit([
        ...this.deps.payments.insertWrites(row, credit),
        ...(await this.deps.books.changeWritesOf(credit.orgId, credit.policyId, cause, { payments: [row] })).writes,
      ]);
    });
  }

  /**
   * The card payment is held for the refund (so refunds of it cannot together exceed it), the
   * processor refunds under the step's key (a repeated call cannot refund twice), then the row.
   * When the payment has no room left (refunded elsewhere meanwhile) the part goes back to the credit.
   */
  private async finishRefund(credit: Invoice, step: CreditStep, paymentReference: string): Promise<void> {
    const source = await this.deps.payments.findByReference(credit.orgId, paymentReference);
    const held =
      source &&
      ((await this.deps.payments.holdRefund(credit.orgId, source.id, step.reference, step.amount, source.amount)) ||
        (await this.deps.payments.holdsRefund(credit.orgId, source.id, step.reference)));
    if (!source || !held) {
      await this.deps.invoices.applyPayment(credit.orgId, credit.id, `${step.reference}:released`, step.amount, []);
      return;
    }
    await throughProcessor(() =>
      this.deps.gateway.refund({
        intentId: source.reference,
        amount: step.amount,
        invoiceId: source.invoiceId,
        orgId: credit.orgId,
        idempotencyKey: `refund-${step.reference}`,
      }),
    );
    const row = this.rowOf(credit, credit.id, step, { amount: cents(-step.amount), method: 'card', source: 'processor', refundOf: source.id });
    const cause = { invoiceId: credit.id, reference: step.reference, description: `Refund ${step.reference} of credit ${credit.invoiceNumber}` };
    // The row and the policy's posting are one write; a posting taken meanwhile makes it start again from its reads.
    await retryFromReads(async () => {
      if (await this.deps.payments.findByReference(credit.orgId, step.reference)) return;
      const books = await this.deps.books.changeWritesOf(credit.orgId, credit.policyId, cause, { payments: [row] });
      await this.deps.atomic.commit([...this.deps.payments.insertWrites(row, credit), ...books.writes]);
    });
  }

  private rowOf(
    credit: Invoice,
    invoiceId: string,
    step: CreditStep,
    money: { amount: Cents; method: PaymentMethod; source: 'processor' | 'manual'; refundOf?: string },
  ): Payment {
    return creditRowOf(this.deps, invoiceId, { ...step, orgId: credit.orgId }, money);
  }
}
