import type { Payment, RefundStep } from '../../../core/billing/payment.ts';
import type { Cents } from '../../../core/shared/money.ts';
import type { PaymentRepository } from '../../../ports/billing/invoice.repository.ts';
import type { InvoiceAfterRow, ReceivableFigures } from '../../../ports/billing/kept-receivables.port.ts';
import type { CollectionStore, Filter, GroupedWrite, UpdateDocument } from '../../../ports/shared/persistence/collection-store.port.ts';
import type { RecordFields } from '../shared/document-mapping.ts';
import { RecordCollection } from '../shared/record-collection.ts';

export const PAYMENT_FIELDS: RecordFields<Payment> = {
  id: true,
  orgId: true,
  invoiceId: true,
  amount: true,
  method: true,
  reference: true,
  source: true,
  refundOf: true,
  requestKey: true,
  receivedAt: true,
  processorReported: true,
  processorRefundIds: true,
  processorRefundIdsTotal: true,
  refundHeld: true,
  processorRefundLevel: true,
  processorRefundSteps: true,
};

/** The payment's refunds recorded up to where a step starts. */
const levelAt = (step: RefundStep): Filter =>
  step.from === 0 ? { $or: [{ processorRefundLevel: { $exists: false } }, { processorRefundLevel: 0 }] } : { processorRefundLevel: step.from };

/** A step taken: the level moved to its end, the step kept in the payment's list. */
const stepTaken = (step: RefundStep): UpdateDocument => ({
  $set: { processorRefundLevel: step.to },
  $push: { processorRefundSteps: { from: step.from, to: step.to } },
});

/** Payment and refund rows; a row and the receivables it moves are one write. */
export class PaymentStoreRepository implements PaymentRepository {
  private readonly records: RecordCollection<Payment>;
  private readonly figures: ReceivableFigures;

  private constructor(records: RecordCollection<Payment>, figures: ReceivableFigures) {
    this.records = records;
    this.figures = figures;
  }

  static async create(store: CollectionStore, figures: ReceivableFigures): Promise<PaymentStoreRepository> {
    return new PaymentStoreRepository(
      await RecordCollection.open<Payment>(store, 'payments', PAYMENT_FIELDS, [
        { name: 'org_reference', keys: { orgId: 1, reference: 1 }, unique: true },
        { name: 'org_invoice', keys: { orgId: 1, invoiceId: 1 } },
        { name: 'reference_source', keys: { reference: 1, source: 1 } },
      ]),
      figures,
    );
  }

  insert(payment: Payment, invoice: InvoiceAfterRow): Promise<void> {
    return this.records.writeTogether(this.insertWrites(payment, invoice));
  }

  insertWrites(payment: Payment, invoice: InvoiceAfterRow): GroupedWrite[] {
    return [this.records.insertion(payment), ...this.figures.rowWrites(payment, invoice)];
  }

  forInvoice(orgId: string, invoiceId: string): Promise<Payment[]> {
    return this.records.findAll(orgId, { invoiceId });
  }

  forInvoices(orgId: string, invoiceIds: readonly string[]): Promise<Payment[]> {
    return this.records.findAll(orgId, { invoiceId: { $in: [...invoiceIds] } });
  }

  findByReference(orgId: string, reference: string): Promise<Payment | null> {
    return this.records.findOne(orgId, { reference });
  }

  async holdRefund(orgId: string, paymentId: string, key: string, amount: Cents, limit: Cents): Promise<boolean> {
    const held = await this.records.update(
      orgId,
      paymentId,
      { refundHoldKeys: { $ne: key }, $or: [{ refundHeld: { $exists: false } }, { refundHeld: { $lte: limit - amount } }] },
      { $inc: { refundHeld: amount }, $push: { refundHoldKeys: key } },
    );
    return held !== null;
  }

  async releaseRefundHold(orgId: string, paymentId: string, key: string, amount: Cents): Promise<void> {
    await this.records.update(orgId, paymentId, { refundHoldKeys: key }, { $inc: { refundHeld: -amount }, $pull: { refundHoldKeys: key } });
  }

  async holdsRefund(orgId: string, paymentId: string, key: string): Promise<boolean> {
    return (await this.records.raw.countDocuments({ _id: paymentId, orgId, refundHoldKeys: key })) > 0;
  }

  async findProcessorPayment(intentId: string): Promise<Payment | null> {
    const document = await this.records.raw.findOne({ reference: intentId, source: 'processor', amount: { $gt: 0 } });
    return document ? this.records.fromStored(document) : null;
  }

  noteProcessorRefund(orgId: string, paymentId: string, report: { cumulative: Cents } | { refundId: string; amount: Cents }): Promise<Payment | null> {
    if ('cumulative' in report) return this.records.update(orgId, paymentId, {}, { $max: { processorReported: report.cumulative } });
    return this.records.update(
      orgId,
      paymentId,
      { processorRefundIds: { $ne: report.refundId } },
      { $push: { processorRefundIds: report.refundId }, $inc: { processorRefundIdsTotal: report.amount } },
    );
  }

  takeRefundStep(orgId: string, paymentId: string, step: RefundStep): Promise<Payment | null> {
    return this.records.update(orgId, paymentId, levelAt(step), stepTaken(step));
  }

  refundStepWrite(payment: Payment, step: RefundStep): GroupedWrite {
    return this.records.guardedUpdate(payment.orgId, payment.id, levelAt(step), stepTaken(step), 'refund_level_moved');
  }
}
