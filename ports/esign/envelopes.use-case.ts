import type { Signer, SigningEnvelope } from '../../core/esign/envelope.ts';
import { notFound } from '../../core/shared/domain-error.ts';
import type { DocumentLibrary } from '../documents/document-library.use-case.ts';
import type { Principal } from '../../core/shared/access/principal.ts';
import type { AuditTrail } from '../audit/audit-trail.use-case.ts';
import type { Clock } from '../shared/clock.port.ts';
import type { IdGenerator } from '../shared/id-generator.port.ts';
import type { EnvelopeRepository, ESignatureProvider } from './esign.ports.ts';

export interface EnvelopesDeps {
  readonly provider: ESignatureProvider;
  readonly envelopes: EnvelopeRepository;
  readonly documents: DocumentLibrary;
  readonly ids: IdGenerator;
  readonly clock: Clock;
  readonly audit: AuditTrail;
}

/** Sends stored documents for signature and keeps each envelope's status. */
export class Envelopes {
  private readonly deps: EnvelopesDeps;

  constructor(deps: EnvelopesDeps) {
    this.deps = deps;
  }

  async send(actor: Principal, orgId: string, input: { documentId: string; signers: readonly Signer[]; subject?: string }): Promise<SigningEnvelope> {
    const { document, bytes } = await this.deps.documents.read(orgId, input.documentId);
    const id = this.deps.ids.next('env');
    const { externalDocumentId } = await this.deps.provider.send({
      filename: document.filename,
      contentType: document.contentType,
      bytes,
      signers: input.signers,
      subject: input.subject ?? null,
      idempotencyKey: id,
    });
    const now = this.deps.clock.now();
    const envelope: SigningEnvelope = {
      id,
      orgId,
      documentId: document.id,
      externalDocumentId,
      status: 'sent',
      signers: input.signers.map(({ name, email }) => ({ name, email })),
      subject: input.subject ?? null,
      completedAt: null,
      createdAt: now,
      updatedAt: now,
    };
    await this.deps.envelopes.insert(envelope);
    await this.deps.audit.record(
      actor,
      orgId,
      'esign.envelope_sent',
      { type: 'envelope', id },
      { documentId: document.id, signers: envelope.signers.length, provider: this.deps.provider.name },
    );
    return envelope;
  }

  async get(orgId: string, id: string): Promise<SigningEnvelope> {
    const envelope = await this.deps.envelopes.findById(orgId, id);
    if (!envelope) throw notFound('Envelope');
    return envelope;
  }
}
