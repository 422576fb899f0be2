import { INVOICE_LIFECYCLE, type Invoice } from '../../core/billing/invoice.ts';
import { describeActor, type Principal } from '../../core/shared/access/principal.ts';
import { today } from '../../core/shared/calendar-date.ts';
import { changedMeanwhile, DomainError, notFound } from '../../core/shared/domain-error.ts';
import { assertTransition } from '../../core/shared/lifecycle.ts';
import { cents } from '../../core/shared/money.ts';
import type { AuditTrail } from '../audit/audit-trail.use-case.ts';
import type { Clock } from '../shared/clock.port.ts';
import type { AccountingPeriods } from './accounting-periods.use-case.ts';
import type { InvoiceRepository } from './invoice.repository.ts';
import type { PremiumBooks } from './premium-books.use-case.ts';

export interface InvoiceWriteOffsDeps {
  readonly invoices: InvoiceRepository;
  readonly books: PremiumBooks;
  readonly periods: AccountingPeriods;
  readonly audit: AuditTrail;
  readonly clock: Clock;
}

/**
 * Writing off what is left unpaid of a charge: its own transaction, booked today in the first
 * open month, with the ledger posting that takes the amount out of premium receivable. The
 * premium stays written (the policy's premium history is unchanged); the insured no longer owes it.
 */
export class InvoiceWriteOffs {
  private readonly deps: InvoiceWriteOffsDeps;

  constructor(deps: InvoiceWriteOffsDeps) {
    this.deps = deps;
  }

  /**
   * Writes the charge off; an invoice already written off is answered as it is, once its posting
   * is made (a request that failed after the write-off was recorded completes when repeated).
   */
  async writeOff(actor: Principal, orgId: string, invoiceId: string, reason: string): Promise<Invoice> {
    const invoice = await this.deps.invoices.findById(orgId, invoiceId);
    if (!invoice) throw notFound('Invoice');
    if (invoice.status === 'written_off') {
      await this.post(invoice);
      return invoice;
    }
    assertTransition(INVOICE_LIFECYCLE, 'write_off', invoice.status);
    const amount = cents(invoice.amount - invoice.paidAmount);
    if (invoice.amount <= 0 || amount <= 0) {
      throw new DomainError('invalid_transition', 'Only what is left unpaid of a charge is written off; a credit is applied or refunded instead.', {
        amount: invoice.amount,
        paidAmount: invoice.paidAmount,
      });
    }
    const at = this.deps.clock.now(orgId);
    const booking = await this.deps.periods.booking(orgId, today(at));
    const written = await this.deps.invoices.markWrittenOff(orgId, invoiceId, invoice.paidAmount, { amount, reason, by: describeActor(actor), at, ...booking });
    if (!written) throw changedMeanwhile('invoice');
    await this.deps.audit.record(actor, orgId, 'invoice.written_off', { type: 'invoice', id: invoiceId }, { reason }, { amount });
    await this.post(written);
    return written;
  }

  /** The ledger follows where the policy's money stands, so posting again after it posted changes nothing. */
  private async post(invoice: Invoice): Promise<void> {
    await this.deps.books.sync(invoice.orgId, invoice.policyId, {
      invoiceId: invoice.id,
      reference: `write-off:${invoice.id}`,
      description: `Write-off of invoice ${invoice.invoiceNumber}`,
    });
  }
}
