import { payoutBeyondCash, creditLeft, hasChargesFor, isSettled, openCredits, payoutSources, refundPlan, type Allocation } from '../../core/billing/credit.ts';
import type { CreditStep, Invoice } from '../../core/billing/invoice.ts';
import type { Payment } from '../../core/billing/payment.ts';
import type { Principal } from '../../core/shared/access/principal.ts';
import { notFound } from '../../core/shared/domain-error.ts';
import { cents, type Cents } from '../../core/shared/money.ts';
import type { AuditTrail } from '../audit/audit-trail.use-case.ts';
import { applyCreditAtOnce, creditStepReference } from './credit-applications.ts';
import { CreditSteps, type CreditStepsDeps } from './credit-steps.ts';
import { policyPayments } from './invoice.repository.ts';

/** What finishing the parts needs, and the audit trail of each settlement. */
export interface CreditSettlementDeps extends CreditStepsDeps {
  readonly audit: AuditTrail;
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
  private readonly steps: CreditSteps;

  constructor(deps: CreditSettlementDeps) {
    this.deps = deps;
    this.steps = new CreditSteps(deps);
  }

  async settle(actor: Principal, orgId: string, creditId: string, input: CreditSettlementInput): Promise<{ invoice: Invoice; payments: Payment[] }> {
    const requestKey = input.reference ?? this.deps.ids.next('crs');
    let credit = await this.credit(orgId, creditId);
    await this.steps.finish(credit);
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
        await this.steps.finish(await this.credit(orgId, creditId));
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
    const base = (index: number, amount: Cents) => ({ reference: creditStepReference(credit.id, requestKey, index), amount, requestKey });
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
}
