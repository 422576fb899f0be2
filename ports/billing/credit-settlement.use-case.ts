import {
  cashHeld,
  payoutBeyondCash,
  creditLeft,
  hasChargesFor,
  isSettled,
  openCredits,
  payoutSources,
  refundPlan,
  type Allocation,
} from '../../core/billing/credit.ts';
import type { CreditStep, Invoice } from '../../core/billing/invoice.ts';
import type { Payment, PaymentMethod } from '../../core/billing/payment.ts';
import type { Principal } from '../../core/shared/access/principal.ts';
import { notFound, writeUnlessDuplicate } from '../../core/shared/domain-error.ts';
import { cents, type Cents } from '../../core/shared/money.ts';
import type { AtomicWrite } from '../shared/persistence/atomic-write.port.ts';
import { retryFromReads } from '../shared/retry-from-reads.ts';
import type { PremiumBooks } from './premium-books.use-case.ts';
import type { AuditTrail } from '../audit/audit-trail.use-case.ts';
import type { Clock } from '../shared/clock.port.ts';
import type { IdGenerator } from '../shared/id-generator.port.ts';
import { MANUAL_REVIEW_ABOVE_CENTS, type ManualReviewQueue } from './financial-alerts.port.ts';
import { applyCreditAtOnce, creditRowOf } from './credit-applications.ts';
import { afterRow, policyPayments, type InvoiceRepository, type PaymentRepository } from './invoice.repository.ts';
import { throughProcessor, type PaymentGateway } from './payment-gateway.port.ts';

export interface CreditSettlementDeps {
  readonly invoices: InvoiceRepository;
  readonly payments: PaymentRepository;
  readonly gateway: PaymentGateway;
  readonly reviews: ManualReviewQueue;
  readonly audit: AuditTrail;
  readonly ids: IdGenerator;
  readonly clock: Clock;
  /** The policy's books, moved in the same write as a part paid out. */
  readonly books: PremiumBooks;
  readonly atomic: AtomicWrite;
}

type CreditSettlementInput =
  | { readonly method: 'apply'; readonly reference?: string }
  | { readonly method: 'refund'; readonly reference?: string; readonly payoutMethod?: 'ach' | 'check' | 'wire' | 'other' };

/** Attempts at taking a step before answering `conflict`; each lost race means another request took part of the credit. */
const TAKE_ATTEMPTS = 5;

/**
 * Settles a credit owed to the insured (return premium after a cancellation or a lowering
 * endorsement): applied to the policy's open invoices, or refunded (through the processor from
 * the card payments it took, newest first; the rest paid out by other means and recorded). An
 * application is one write (credit-applications.ts). A refund's parts are first taken from the
 * credit in one guarded write that records the step, then finished (a processor's refund is an
 * outside call); a request repeated with its reference finishes what an interrupted one left and
 * returns it.
 */
export class CreditSettlement {
  private readonly deps: CreditSettlementDeps;

  constructor(deps: CreditSettlementDeps) {
    this.deps = deps;
  }

  async settle(actor: Principal, orgId: string, creditId: string, input: CreditSettlementInput): Promise<{ invoice: Invoice; payments: Payment[] }> {
    const requestKey = input.reference ?? this.deps.ids.next('crs');
    let credit = await this.credit(orgId, creditId);
    await this.finishSteps(credit);
    credit = await this.credit(orgId, creditId);
    const repeated = credit.creditSteps?.some((step) => step.requestKey === requestKey) ?? false;
    if (!repeated && input.method === 'apply') {
      const applied = await applyCreditAtOnce(this.deps, actor, orgId, creditId, requestKey);
      return { invoice: applied.credit, payments: applied.rows };
    }
    if (!repeated && input.method === 'refund') {
      creditLeft(credit);
      for (let attempt = 0; attempt < TAKE_ATTEMPTS && !isSettled(credit); attempt += 1) {
        const steps = await this.plan(credit, input, requestKey);
        const taken = await this.take(credit, steps);
        await this.finishSteps(await this.credit(orgId, creditId));
        credit = await this.credit(orgId, creditId);
        if (taken) break;
      }
      await this.deps.audit.record(
        actor,
        orgId,
        'invoice.credit_refunded',
        { type: 'invoice', id: creditId },
        { reference: requestKey },
        { amount: cents(this.takenBy(credit, requestKey)) },
      );
    }
    const givenBack = (credit.creditSteps ?? []).filter((step) => step.requestKey === requestKey && step.settlement.type === 'paid_out');
    for (const step of givenBack) {
      if (await this.deps.invoices.countsReference(orgId, creditId, `${step.reference}:released`)) throw payoutBeyondCash(credit, step.amount);
    }
    if (isSettled(credit) && credit.status === 'open') credit = (await this.deps.invoices.markPaid(orgId, creditId, [])) ?? credit;
    const rows = await this.deps.payments.forInvoice(orgId, creditId);
    const references = new Set((credit.creditSteps ?? []).filter((step) => step.requestKey === requestKey).map((step) => step.reference));
    return { invoice: credit, payments: rows.filter((row) => references.has(row.reference)) };
  }

  /**
   * Return premium goes to what the insured still owes before anything is owed back: each open
   * credit of the policy is applied to its open charges, earliest due first, as far as they go.
   * Keyed by the credit's state, so running it again after an interruption repeats nothing.
   */
  async applyOpenCredits(actor: Principal, orgId: string, policyId: string): Promise<void> {
    let invoices = await this.deps.invoices.forPolicy(orgId, policyId);
    for (const credit of openCredits(invoices)) {
      if (!hasChargesFor(credit, invoices)) return;
      await this.settle(actor, orgId, credit.id, { method: 'apply', reference: `netting:${credit.id}:${credit.paidAmount}` });
      invoices = await this.deps.invoices.forPolicy(orgId, policyId);
    }
  }

  /** The same, for the policy of an invoice whose payment was refunded (it reopened while a credit may stand). */
  async applyOpenCreditsOn(actor: Principal, orgId: string, invoiceId: string): Promise<void> {
    const invoice = await this.deps.invoices.findById(orgId, invoiceId);
    if (invoice) await this.applyOpenCredits(actor, orgId, invoice.policyId);
  }

  private async credit(orgId: string, id: string): Promise<Invoice> {
    const invoice = await this.deps.invoices.findById(orgId, id);
    if (!invoice) throw notFound('Invoice');
    return invoice;
  }

  private takenBy(credit: Invoice, requestKey: string): number {
    return (credit.creditSteps ?? []).filter((step) => step.requestKey === requestKey).reduce((sum, step) => sum + step.amount, 0);
  }

  /** A refund's parts: first what the policy still owes, then through the processor from its card payments, the rest paid out. */
  private async plan(credit: Invoice, input: Extract<CreditSettlementInput, { method: 'refund' }>, requestKey: string): Promise<CreditStep[]> {
    const base = (index: number, amount: Cents) => ({ reference: `credit:${credit.id}:${requestKey}:${index}`, amount, requestKey });
    const { invoices, payments } = await policyPayments(this.deps, credit.orgId, credit.policyId);
    const { applications, payout } = refundPlan(credit, invoices, payments);
    const steps: CreditStep[] = applications.map((part, index) => ({ ...base(index, part.amount), settlement: { type: 'applied', invoiceId: part.to.id } }));
    const sources = payoutSources(payout, payments);
    for (const part of sources.throughProcessor as Allocation<Payment>[])
      steps.push({ ...base(steps.length, part.amount), settlement: { type: 'refunded', paymentReference: part.to.reference } });
    if (sources.recorded > 0) steps.push({ ...base(steps.length, sources.recorded), settlement: { type: 'paid_out', method: input.payoutMethod ?? 'check' } });
    return steps;
  }

  /** Takes each step from the credit; false when another request took part of it first (the rest is planned again). */
  private async take(credit: Invoice, steps: readonly CreditStep[]): Promise<boolean> {
    for (const step of steps) {
      if (!(await this.deps.invoices.takeCredit(credit.orgId, credit.id, step, cents(credit.amount + step.amount)))) return false;
    }
    return true;
  }

  /** Finishes every step taken from the credit and not yet finished; each part is keyed, so finishing twice does nothing more. */
  private async finishSteps(credit: Invoice): Promise<void> {
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
    const reference = `${step.reference}:applied`;
    await retryFromReads(async () => {
      const target = await this.deps.invoices.findById(credit.orgId, targetId);
      if (!target) return;
      const [received, given] = [
        this.rowOf(credit.orgId, targetId, { ...step, reference }, { amount: step.amount, method: 'credit', source: 'manual' }),
        this.rowOf(credit.orgId, credit.id, step, { amount: cents(-step.amount), method: 'credit', source: 'manual' }),
      ];
      // Applied in steps by an earlier release: only its rows may be missing (the target counts its part already).
      if (await this.deps.invoices.countsReference(credit.orgId, targetId, reference)) {
        await writeUnlessDuplicate(() => this.deps.payments.insert(received, target));
        await writeUnlessDuplicate(() => this.deps.payments.insert(given, credit));
        return;
      }
      await this.deps.atomic.commit([
        this.deps.invoices.moneyWrite(target, reference, step.amount, []),
        ...this.deps.payments.insertWrites(received, afterRow(target, received.amount)),
        ...this.deps.payments.insertWrites(given, credit),
      ]);
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
      const row = this.rowOf(credit.orgId, credit.id, step, { amount: cents(-step.amount), method, source: 'manual' });
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
    const row = this.rowOf(credit.orgId, credit.id, step, { amount: cents(-step.amount), method: 'card', source: 'processor', refundOf: source.id });
    const cause = { invoiceId: credit.id, reference: step.reference, description: `Refund ${step.reference} of credit ${credit.invoiceNumber}` };
    // The row and the policy's posting are one write; a posting taken meanwhile makes it start again from its reads.
    await retryFromReads(async () => {
      if (await this.deps.payments.findByReference(credit.orgId, step.reference)) return;
      const books = await this.deps.books.changeWritesOf(credit.orgId, credit.policyId, cause, { payments: [row] });
      await this.deps.atomic.commit([...this.deps.payments.insertWrites(row, credit), ...books.writes]);
    });
  }

  private rowOf(
    orgId: string,
    invoiceId: string,
    step: CreditStep,
    money: { amount: Cents; method: PaymentMethod; source: 'processor' | 'manual'; refundOf?: string },
  ): Payment {
    return creditRowOf(this.deps, invoiceId, { ...step, orgId }, money);
  }
}
