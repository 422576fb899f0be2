import type { RecordFields } from '../shared/document-mapping.ts';
import type { EnvelopeStatus, SigningEnvelope } from '../../../core/esign/envelope.ts';
import type { Transition } from '../../../core/shared/lifecycle.ts';
import type { EnvelopeRepository } from '../../../ports/esign/esign.ports.ts';
import type { CollectionStore } from '../../../ports/shared/persistence/collection-store.port.ts';
import { RecordCollection } from '../shared/record-collection.ts';
import { moveFilter, moveUpdate } from '../shared/guarded-move.ts';

const SIGNING_ENVELOPE_FIELDS: RecordFields<SigningEnvelope> = {
  id: true,
  orgId: true,
  documentId: true,
  externalDocumentId: true,
  status: true,
  signers: true,
  subject: true,
  completedAt: true,
  createdAt: true,
  updatedAt: true,
};

export class EnvelopeStoreRepository implements EnvelopeRepository {
  private readonly records: RecordCollection<SigningEnvelope>;

  private constructor(records: RecordCollection<SigningEnvelope>) {
    this.records = records;
  }

  static async create(store: CollectionStore): Promise<EnvelopeStoreRepository> {
    return new EnvelopeStoreRepository(
      await RecordCollection.open<SigningEnvelope>(store, 'signing_envelopes', SIGNING_ENVELOPE_FIELDS, [
        { name: 'external_id', keys: { externalDocumentId: 1 }, unique: true },
      ]),
    );
  }

  insert(envelope: SigningEnvelope): Promise<void> {
    return this.records.insert(envelope);
  }

  findById(orgId: string, id: string): Promise<SigningEnvelope | null> {
    return this.records.findById(orgId, id);
  }

  async moveByExternalId(externalDocumentId: string, step: Transition<EnvelopeStatus>, at: Date): Promise<SigningEnvelope | null> {
    // The provider names its own document only: the one envelope move not scoped by an organization.
    const document = await this.records.raw.findOneAndUpdate(
      moveFilter(step, { where: { externalDocumentId } }),
      moveUpdate(step, { changes: step.to === 'completed' ? { completedAt: at } : {}, at }),
      { returnDocument: 'after' },
    );
    return document ? this.records.fromStored(document) : null;
  }

  async findByExternalId(externalDocumentId: string): Promise<SigningEnvelope | null> {
    const document = await this.records.raw.findOne({ externalDocumentId });
    return document ? this.records.fromStored(document) : null;
  }
}
