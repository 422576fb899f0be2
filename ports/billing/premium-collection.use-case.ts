import { ratesFor, splitPremium, type Commission } from '../../core/billing/commission.ts';
import type { Invoice } from '../../core/billing/invoice.ts';
import { premiumCollectionLines, type LedgerEntry } from '../../core/billing/ledger.ts';
import type { Payment } from '../../core/billing/payment.ts';
import { receiptPath, renderReceipt } from '../../core/billing/receipt.ts';
import { writeUnlessDuplicate } from '../../core/shared/domain-error.ts';
import type { Policy } from '../../core/policy/policy.ts';
import type { DocumentLibrary } from '../documents/document-library.use-cases.ts';
import type { PolicyRepository } from '../policy/policy.repositories.ts';
import type { Clock } from '../shared/clock.port.ts';
import type { IdGenerator } from '../shared/id-generator.port.ts';
import type { UnderwritingReferenceData } from '../underwriting/reference-data.port.ts';
import type { CommissionRepository, LedgerRepository } from './commission.repositories.ts';
import type { FinancialSteps } from './financial-steps.ts';
import type { InvoiceRepository, PaymentRepository } from './invoice.repository.ts';

export interface PremiumCollectionDeps {
  readonly invoices: InvoiceRepository;
  readonly payments: PaymentRepository;
  readonly policies: PolicyRepository;
  readonly commissions: CommissionRepository;
  readonly ledger: LedgerRepository;
  readonly reference: UnderwritingReferenceData;
  readonly documents: DocumentLibrary;
  readonly steps: FinancialSteps;
  readonly ids: IdGenerator;
  readonly clock: Clock;
}

/**
 * What follows a card payment: the receipt, and once the invoice is paid on a policy with a
 * producer, the commission and its ledger posting. Each step is keyed (receipt path, invoice,
 * ledger source), so running the whole again after a failure completes what is missing and
 * repeats nothing.
 */
export class PremiumCollection {
  private readonly deps: PremiumCollectionDeps;

  constructor(deps: PremiumCollectionDeps) {
    this.deps = deps;
  }

  async afterPayment(orgId: string, invoiceId: string, reference: string): Promise<{ receiptDocumentId: string; commission: Commission | null; ledgerEntry: LedgerEntry | null } | null> {
    const [invoice, payment] = await Promise.all([this.deps.invoices.findById(orgId, invoiceId), this.deps.payments.findByReference(orgId, reference)]);
    if (!invoice || !payment) return null;
    const policy = await this.deps.policies.findById(orgId, invoice.policyId);
    const context = { orgId, reference, invoiceId };
    const receipt = await this.deps.steps.run('receipt_generation', context, () => this.storeReceipt(invoice, payment, policy));
    if (invoice.status !== 'paid' || !policy?.producerId || invoice.amount <= 0) return { receiptDocumentId: receipt, commission: null, ledgerEntry: null };
    const producerId = policy.producerId;
    const commission = await this.deps.steps.run('commission_calculation', context, () => this.commission(invoice, policy, producerId));
    const ledgerEntry = await this.deps.steps.run('ledger_sync', context, () => this.post(invoice, commission));
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
      createdAt: this.deps.clock.now(),
    };
    if (await writeUnlessDuplicate(() => this.deps.commissions.insert(commission))) return commission;
    return (await this.deps.commissions.findByInvoice(invoice.orgId, invoice.id)) as Commission;
  }

  private async post(invoice: Invoice, commission: Commission): Promise<LedgerEntry> {
    const sourceKey = `invoice-paid:${invoice.id}`;
    const known = await this.deps.ledger.findBySource(invoice.orgId, sourceKey);
    if (known) return known;
    const { lines, fiduciarySplit } = premiumCollectionLines(commission);
    const entry: LedgerEntry = {
      id: this.deps.ids.next('gle'),
      orgId: invoice.orgId,
      sourceKey,
      invoiceId: invoice.id,
      policyId: invoice.policyId,
      description: `Premium collected on invoice ${invoice.invoiceNumber}`,
      lines,
      fiduciarySplit,
      postedAt: this.deps.clock.now(),
    };
    if (await writeUnlessDuplicate(() => this.deps.ledger.post(entry))) return entry;
    return (await this.deps.ledger.findBySource(invoice.orgId, sourceKey)) as LedgerEntry;
  }
}
