import { INVOICE_LIFECYCLE, type Invoice } from '../../core/billing/invoice.ts';
import { describeActor, type Principal } from '../../core/shared/access/principal.ts';
import { today } from '../../core/shared/calendar-date.ts';
import { DomainError, notFound } from '../../core/shared/domain-error.ts';
import type { AtomicWrite } from '../shared/persistence/atomic-write.port.ts';
import { retryFromReads } from '../shared/retry-from-reads.ts';
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
  readonly atomic: AtomicWrite;
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
   * Writes the charge off in one write with its posting; an invoice already written off is
   * answered as it is. A payment landing meanwhile makes the write start again from its reads
   * (what is left unpaid is then less, or nothing).
   */
  async writeOff(actor: Principal, orgId: string, invoiceId: string, reason: string): Promise<Invoice> {
    return retryFromReads(async () => {
      const invoice = await this.deps.invoices.findById(orgId, invoiceId);
      if (!invoice) throw notFound('Invoice');
      if (invoice.status === 'written_off') return invoice;
      assertTransition(INVOICE_LIFECYCLE, 'write_off', invoice.status);
      const amount = cents(invoice.amount - invoice.paidAmount);
      if (invoice.amount <= 0 || amount <= 0) {
        throw new DomainError('invalid_transition', 'Only what is left unpaid of a charge is written off; a credit is applied or refunded instead.', {
          amount: invoice.amount,
          paidAmount: invoice.paidAmount,
        });
      }
      const at = this.deps.clock.now(orgId);
      const writeOff = { amount, reason, by: describeActor(actor), at, ...(await this.deps.periods.booking(orgId, today(at))) };
      const after: Invoice = { ...invoice, status: 'written_off', writeOff };
      const cause = { invoiceId, reference: `write-off:${invoiceId}`, description: `Write-off of invoice ${invoice.invoiceNumber}` };
      const books = await this.deps.books.changeWritesOf(orgId, invoice.policyId, cause, { invoices: [after] });
      const audit = this.deps.audit.recordWrite(actor, orgId, 'invoice.written_off', { type: 'invoice', id: invoiceId }, { reason }, { amount });
      await this.deps.atomic.commit([...this.deps.invoices.writeOffWrites(invoice, writeOff), ...books.writes, audit]);
      return after;
    });
  }
}
