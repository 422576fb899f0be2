import type { RecordFields } from '../shared/document-mapping.ts';
import type { EnvelopeStatus, SigningEnvelope } from '../../../core/esign/envelope.ts';
import type { Transition } from '../../../core/shared/lifecycle.ts';
import type { EnvelopeChanges, EnvelopeRepository } from '../../../ports/esign/esign.ports.ts';
import type { CollectionStore } from '../../../ports/shared/persistence/collection-store.port.ts';
import { RecordCollection } from '../shared/record-collection.ts';
import { guardedMove, moveFilter, moveUpdate } from '../shared/guarded-move.ts';

const SIGNING_ENVELOPE_FIELDS: RecordFields<SigningEnvelope> = {
  id: true,
  orgId: true,
  documentId: true,
  externalDocumentId: true,
  provider: true,
  status: true,
  signers: true,
  subject: true,
  completedAt: true,
  signedDocumentId: true,
  voidedReason: true,
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

  async findById(orgId: string, id: string): Promise<SigningEnvelope | null> {
    return withDefaults(await this.records.findById(orgId, id));
  }

  async move(orgId: string, id: string, step: Transition<EnvelopeStatus>, at: Date, changes: EnvelopeChanges = {}): Promise<SigningEnvelope | null> {
    return withDefaults(await guardedMove(this.records, orgId, id, step, { changes: completion(step, at, changes), at }));
  }

  moveByExternalId(externalDocumentId: string, step: Transition<EnvelopeStatus>, at: Date, changes: EnvelopeChanges = {}): Promise<SigningEnvelope | null> {
    // The provider names its own document only: the one envelope move not scoped by an organization.
    return this.moveWhere({ externalDocumentId }, step, at, changes);
  }

  async findByExternalId(externalDocumentId: string): Promise<SigningEnvelope | null> {
    const document = await this.records.raw.findOne({ externalDocumentId });
    return withDefaults(document ? this.records.fromStored(document) : null);
  }

  private async moveWhere(
    where: Record<string, unknown>,
    step: Transition<EnvelopeStatus>,
    at: Date,
    changes: EnvelopeChanges,
  ): Promise<SigningEnvelope | null> {
    const document = await this.records.raw.findOneAndUpdate(moveFilter(step, { where }), moveUpdate(step, { changes: completion(step, at, changes), at }), {
      returnDocument: 'after',
    });
    return withDefaults(document ? this.records.fromStored(document) : null);
  }
}

/** A completion also stamps `completedAt`. */
const completion = (step: Transition<EnvelopeStatus>, at: Date, changes: EnvelopeChanges): Record<string, unknown> => ({
  ...changes,
  ...(step.to === 'completed' ? { completedAt: at } : {}),
});

/** Envelopes stored before providers were named were all sent through the local one. */
const withDefaults = (envelope: SigningEnvelope | null): SigningEnvelope | null =>
  envelope && {
    ...envelope,
    provider: envelope.provider ?? 'local',
    signedDocumentId: envelope.signedDocumentId ?? null,
    voidedReason: envelope.voidedReason ?? null,
  };
