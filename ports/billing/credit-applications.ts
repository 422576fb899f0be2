import { creditApplications, creditLeft, isSettled } from '../../core/billing/credit.ts';
import type { CreditStep, Invoice } from '../../core/billing/invoice.ts';
import type { Payment, PaymentMethod } from '../../core/billing/payment.ts';
import type { Principal } from '../../core/shared/access/principal.ts';
import { notFound } from '../../core/shared/domain-error.ts';
import { cents, type Cents } from '../../core/shared/money.ts';
import type { AuditTrail } from '../audit/audit-trail.use-case.ts';
import type { Clock } from '../shared/clock.port.ts';
import type { IdGenerator } from '../shared/id-generator.port.ts';
import type { AtomicWrite } from '../shared/persistence/atomic-write.port.ts';
import type { GroupedWrite } from '../shared/persistence/collection-store.port.ts';
import { retryFromReads } from '../shared/retry-from-reads.ts';
import { afterRow, type InvoiceRepository, type PaymentRepository } from './invoice.repository.ts';

export interface CreditApplicationDeps {
  readonly invoices: InvoiceRepository;
  readonly payments: PaymentRepository;
  readonly ids: IdGenerator;
  readonly clock: Clock;
  readonly audit: AuditTrail;
  readonly atomic: AtomicWrite;
}

/** A row of a credit's step: on the credit (what it gave) or on the invoice it went to (what that received). */
export const creditRowOf = (
  deps: Pick<CreditApplicationDeps, 'ids' | 'clock'>,
  invoiceId: string,
  step: CreditStep & { readonly orgId: string },
  money: { amount: Cents; method: PaymentMethod; source: 'processor' | 'manual'; refundOf?: string },
): Payment => ({
  id: deps.ids.next('pay'),
  orgId: step.orgId,
  invoiceId,
  reference: step.reference,
  requestKey: step.requestKey,
  receivedAt: deps.clock.now(step.orgId),
  ...money,
});

/** The reference of a credit's part `index` taken for a request (`requestKey`): the same part always gets the same one. */
export const creditStepReference = (creditId: string, requestKey: string, index: number): string => `credit:${creditId}:${requestKey}:${index}`;

/**
 * What a part of a credit applied to `target` writes: the target's received amount and status
 * (never refused: an invoice paid meanwhile shows the excess) with its row (`<reference>:applied`),
 * and the credit's own row. `given` is the credit's row, for the answer.
 */
export const applicationWrites = (
  deps: Pick<CreditApplicationDeps, 'invoices' | 'payments' | 'ids' | 'clock'>,
  credit: Invoice,
  step: CreditStep,
  target: Invoice,
): { writes: GroupedWrite[]; received: Payment; given: Payment } => {
  const received = creditRowOf(
    deps,
    target.id,
    { ...step, orgId: credit.orgId, reference: `${step.reference}:applied` },
    { amount: step.amount, method: 'credit', source: 'manual' },
  );
  const given = creditRowOf(deps, credit.id, { ...step, orgId: credit.orgId }, { amount: cents(-step.amount), method: 'credit', source: 'manual' });
  const writes = [
    deps.invoices.moneyWrite(target, received.reference, step.amount, []),
    ...deps.payments.insertWrites(received, afterRow(target, step.amount)),
    ...deps.payments.insertWrites(given, credit),
  ];
  return { writes, received, given };
};

/**
 * A credit applied to the policy's open charges, earliest due first, as one write: the parts taken
 * from the credit (guarded on the credit as read; settled, it is paid), each charge's received
 * amount and status, both rows of each part, and the audit entry. Nothing leaves the platform, so
 * nothing is taken first and finished later; a write that lost a race (a payment on a charge,
 * another application) starts again from its reads. Answers the credit as the write left it.
 */
export const applyCreditAtOnce = (
  deps: CreditApplicationDeps,
  actor: Principal,
  orgId: string,
  creditId: string,
  requestKey: string,
): Promise<{ credit: Invoice; rows: Payment[] }> =>
  retryFromReads(async () => {
    const credit = await deps.invoices.findById(orgId, creditId);
    if (!credit) throw notFound('Invoice');
    creditLeft(credit);
    const parts = creditApplications(credit, await deps.invoices.forPolicy(orgId, credit.policyId));
    const steps: CreditStep[] = parts.map((part, index) => ({
      reference: creditStepReference(credit.id, requestKey, index),
      amount: part.amount,
      requestKey,
      settlement: { type: 'applied', invoiceId: part.to.id },
    }));
    const taken = cents(steps.reduce((sum, step) => sum + step.amount, 0));
    const writes = [deps.invoices.takeCreditWrite(credit, steps)];
    const rows: Payment[] = [];
    parts.forEach((part, index) => {
      const application = applicationWrites(deps, credit, steps[index] as CreditStep, part.to);
      writes.push(...application.writes);
      rows.push(application.given);
    });
    writes.push(
      deps.audit.recordWrite(actor, orgId, 'invoice.credit_applied', { type: 'invoice', id: creditId }, { reference: requestKey }, { amount: taken }),
    );
    await deps.atomic.commit(writes);
    const after = { ...credit, paidAmount: cents(credit.paidAmount - taken), creditSteps: [...(credit.creditSteps ?? []), ...steps] };
    return { credit: { ...after, status: isSettled(after) ? 'paid' : credit.status }, rows };
  });
