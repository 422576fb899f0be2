import type { RecordFields } from '../shared/document-mapping.ts';
import type { PaymentAttempt, PaymentAttemptStatus } from '../../../core/billing/payment-attempt.ts';
import { writeUnlessDuplicate } from '../../../core/shared/domain-error.ts';
import type { PaymentAttemptRepository } from '../../../ports/billing/payment-attempt.repository.ts';
import type { CollectionStore, GroupedWrite } from '../../../ports/shared/persistence/collection-store.port.ts';
import { RecordCollection } from '../shared/record-collection.ts';

const PAYMENT_ATTEMPT_FIELDS: RecordFields<PaymentAttempt> = {
  id: true,
  orgId: true,
  invoiceId: true,
  amount: true,
  status: true,
  failureMessage: true,
  failureKeys: true,
  retries: true,
  createdAt: true,
  updatedAt: true,
};

export class PaymentAttemptStoreRepository implements PaymentAttemptRepository {
  private readonly records: RecordCollection<PaymentAttempt>;

  private constructor(records: RecordCollection<PaymentAttempt>) {
    this.records = records;
  }

  static async create(store: CollectionStore): Promise<PaymentAttemptStoreRepository> {
    return new PaymentAttemptStoreRepository(
      await RecordCollection.open<PaymentAttempt>(store, 'payment_attempts', PAYMENT_ATTEMPT_FIELDS, [
        { name: 'org_invoice', keys: { orgId: 1, invoiceId: 1, _id: -1 } },
      ]),
    );
  }

  async insertUnlessKnown(attempt: PaymentAttempt): Promise<PaymentAttempt> {
    if (await writeUnlessDuplicate(() => this.records.insert(attempt))) return attempt;
    return (await this.records.findById(attempt.orgId, attempt.id)) ?? attempt;
  }

  insertWrite(attempt: PaymentAttempt): GroupedWrite {
    return this.records.insertion(attempt);
  }

  findById(orgId: string, id: string): Promise<PaymentAttempt | null> {
    return this.records.findById(orgId, id);
  }

  async latestForInvoice(orgId: string, invoiceId: string, statuses: readonly PaymentAttemptStatus[]): Promise<PaymentAttempt | null> {
    const [latest] = await this.records.findAll(orgId, { invoiceId, status: { $in: [...statuses] } }, { updatedAt: -1 });
    return latest ?? null;
  }

  markFailed(orgId: string, id: string, failureKey: string, message: string, at: Date): Promise<PaymentAttempt | null> {
    return this.records.update(
      orgId,
      id,
      { failureKeys: { $ne: failureKey }, status: { $ne: 'succeeded' } },
      {
        $set: { status: 'failed', failureMessage: message, updatedAt: at },
        $push: { failureKeys: failureKey },
      },
    );
  }

  setStatus(orgId: string, id: string, status: PaymentAttemptStatus, at: Date, counts: { retry: boolean } = { retry: false }): Promise<PaymentAttempt | null> {
    return this.records.update(orgId, id, { status: { $ne: 'succeeded' } }, { $set: { status, updatedAt: at }, $inc: { retries: counts.retry ? 1 : 0 } });
  }
}
