import { ratesFor, reversalFor, splitPremium, type Commission, type CommissionReversal } from '../../core/billing/commission.ts';
import type { Invoice } from '../../core/billing/invoice.ts';
import { premiumCollectionLines, premiumRefundLines, type LedgerEntry, type LedgerLine, type FiduciarySplit } from '../../core/billing/ledger.ts';
import type { Payment } from '../../core/billing/payment.ts';
import { receiptPath, renderReceipt } from '../../core/billing/receipt.ts';
import { writeUnlessDuplicate } from '../../core/shared/domain-error.ts';
import type { Cents } from '../../core/shared/money.ts';
import type { Policy } from '../../core/policy/policy.ts';
import type { DocumentLibrary } from '../documents/document-library.use-case.ts';
import type { Clock } from '../shared/clock.port.ts';
import type { IdGenerator } from '../shared/id-generator.port.ts';
import type { UnderwritingReferenceData } from '../underwriting/reference-data.port.ts';
import type { CommissionRepository, LedgerRepository } from './commission.repositories.ts';
import type { FinancialSteps } from './financial-steps.ts';
import type { InvoiceRepository, PaymentRepository } from './invoice.repository.ts';

/** What collecting premium needs to know of a policy (its producer, line, number), by id within an organization. */
export interface PolicyLookup {
  findById(orgId: string, id: string): Promise<Policy | null>;
}

export interface PremiumCollectionDeps {
  readonly invoices: InvoiceRepository;
  readonly payments: PaymentRepository;
  readonly policies: PolicyLookup;
  readonly commissions: CommissionRepository;
  readonly ledger: LedgerRepository;
  readonly reference: UnderwritingReferenceData;
  readonly documents: DocumentLibrary;
  readonly steps: FinancialSteps;
  readonly ids: IdGenerator;
  readonly clock: Clock;
}

/**
 * What follows a payment: the receipt, and once the invoice is paid on a policy with a
 * producer, the commission and its ledger posting. Each step is keyed (receipt path, invoice,
 * ledger source), so running the whole again after a failure completes what is missing and
 * repeats nothing.
 */
export class PremiumCollection {
  private readonly deps: PremiumCollectionDeps;

  constructor(deps: PremiumCollectionDeps) {
    this.deps = deps;
  }

  async afterPayment(
    orgId: string,
    invoiceId: string,
    reference: string,
  ): Promise<{ receiptDocumentId: string; commission: Commission | null; ledgerEntry: LedgerEntry | null } | null> {
    const [invoice, payment] = await Promise.all([this.deps.invoices.findById(orgId, invoiceId), this.deps.payments.findByReference(orgId, reference)]);
    if (!invoice || !payment) return null;
    const policy = await this.deps.policies.findById(orgId, invoice.policyId);
    const context = { orgId, reference, invoiceId };
    const receipt = await this.deps.steps.run('receipt_generation', context, () => this.storeReceipt(invoice, payment, policy));
    if (invoice.status !== 'paid' || !policy?.producerId || invoice.amount <= 0) return { receiptDocumentId: receipt, commission: null, ledgerEntry: null };
    const producerId = policy.producerId;
    const commission = await this.deps.steps.run('commission_calculation', context, () => this.commission(invoice, policy, producerId));
    const ledgerEntry = await this.deps.steps.run('ledger_sync', context, () =>
      this.post(
        { orgId, invoiceId, policyId: invoice.policyId },
        `invoice-paid:${invoiceId}`,
        `Premium collected on invoice ${invoice.invoiceNumber}`,
        premiumCollectionLines(commission),
      ),
    );
    return { receiptDocumentId: receipt, commission, ledgerEntry };
  }

  private async storeReceipt(invoice: Invoice, payment: Payment, policy: Policy | null): Promise<string> {
    const html = renderReceipt({ invoice, payment, policyNumber: policy?.policyNumber ?? null });
    const storageKey = receiptPath(invoice.orgId, invoice.invoiceNumber, payment.receivedAt);
    const document = await this.deps.documents.store(invoice.orgId, {
      type: 'receipt',
      storageKey,
      filename: storageKey.slice(storageKey.lastIndexOf('/') + 1),
      contentType: 'text/html; charset=utf-8',
      bytes: new TextEncoder().encode(html),
    });
    return document.id;
  }

  private async commission(invoice: Invoice, policy: Policy, producerId: string): Promise<Commission> {
    const known = await this.deps.commissions.findByInvoice(invoice.orgId, invoice.id);
    if (known) return known;
    const { tier, rates } = ratesFor(this.deps.reference.commissionSchedule(), policy.risk.lineOfBusiness);
    const commission: Commission = {
      id: this.deps.ids.next('com'),
      orgId: invoice.orgId,
      invoiceId: invoice.id,
      policyId: policy.id,
      producerId,
      lineOfBusiness: policy.risk.lineOfBusiness,
      tier,
      rates,
      ...splitPremium(invoice.amount, rates),
      reversals: [],
      createdAt: this.deps.clock.now(),
    };
    if (await writeUnlessDuplicate(() => this.deps.commissions.insert(commission))) return commission;
    return (await this.deps.commissions.findByInvoice(invoice.orgId, invoice.id)) as Commission;
  }

  /**
   * A refund of premium on an invoice that paid commission: the commission is reversed in
   * proportion (one reversal per refund reference) and the collection posting is run backwards.
   */
  async afterRefund(orgId: string, invoiceId: string, reference: string, refunded: Cents): Promise<CommissionReversal | null> {
    const context = { orgId, reference, invoiceId };
    const reversed = await this.deps.steps.run('commission_calculation', context, () => this.reverse(orgId, invoiceId, reference, refunded));
    if (!reversed) return null;
    const { commission, reversal } = reversed;
    await this.deps.steps.run('ledger_sync', context, () =>
      this.post({ orgId, invoiceId, policyId: commission.policyId }, `refund:${reference}`, `Premium refunded (${reference})`, premiumRefundLines(reversal)),
    );
    return reversal;
  }

  private async reverse(
    orgId: string,
    invoiceId: string,
    reference: string,
    refunded: Cents,
  ): Promise<{ commission: Commission; reversal: CommissionReversal } | null> {
    // Concurrent refunds of one invoice each compute from the reversals they saw; the guarded append lets one land at a time.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const commission = await this.deps.commissions.findByInvoice(orgId, invoiceId);
      if (!commission) return null;
      const done = commission.reversals.find((reversal) => reversal.reference === reference);
      if (done) return { commission, reversal: done };
      const reversal = reversalFor(commission, refunded, reference, this.deps.clock.now());
      if (!reversal) return null;
      const updated = await this.deps.commissions.addReversal(orgId, invoiceId, commission.reversals.length, reversal);
      if (updated) return { commission: updated, reversal };
    }
    throw new Error(`The commission of invoice ${invoiceId} kept changing; the reversal for ${reference} was not recorded.`);
  }

  /** One posting per source key, so a retried step posts nothing twice. */
  private async post(
    target: { orgId: string; invoiceId: string; policyId: string },
    sourceKey: string,
    description: string,
    posting: { lines: LedgerLine[]; fiduciarySplit: FiduciarySplit },
  ): Promise<LedgerEntry> {
    const known = await this.deps.ledger.findBySource(target.orgId, sourceKey);
    if (known) return known;
    const entry: LedgerEntry = { id: this.deps.ids.next('gle'), ...target, sourceKey, description, ...posting, postedAt: this.deps.clock.now() };
    if (await writeUnlessDuplicate(() => this.deps.ledger.post(entry))) return entry;
    return (await this.deps.ledger.findBySource(target.orgId, sourceKey)) as LedgerEntry;
  }
}
