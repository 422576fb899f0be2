import { ENVELOPE_LIFECYCLE, type Signer, type SigningEnvelope } from '../../core/esign/envelope.ts';
import { assertTransition, transition } from '../../core/shared/lifecycle.ts';
import { DomainError, notFound } from '../../core/shared/domain-error.ts';
import type { DocumentLibrary } from '../documents/document-library.use-case.ts';
import type { Principal } from '../../core/shared/access/principal.ts';
import type { AuditTrail } from '../audit/audit-trail.use-case.ts';
import type { Clock } from '../shared/clock.port.ts';
import type { IdGenerator } from '../shared/id-generator.port.ts';
import type { EnvelopeRepository, ESignatureProvider } from './esign.ports.ts';

export interface EnvelopesDeps {
  /** The provider new envelopes go through (`ESIGN_PROVIDER`). */
  readonly provider: ESignatureProvider;
  /** Every provider this service can reach by name, for envelopes sent through an earlier one. */
  readonly providers: ReadonlyMap<string, ESignatureProvider>;
  readonly envelopes: EnvelopeRepository;
  readonly documents: DocumentLibrary;
  readonly ids: IdGenerator;
  readonly clock: Clock;
  readonly audit: AuditTrail;
}

/** The provider an envelope was sent through; an envelope of a provider no longer configured cannot be acted on there. */
export const providerOf = (providers: ReadonlyMap<string, ESignatureProvider>, envelope: SigningEnvelope): ESignatureProvider => {
  const provider = providers.get(envelope.provider);
  if (!provider) {
    throw new DomainError('esign_provider_error', `The envelope was sent through ${envelope.provider}, which this service is no longer configured for.`, {
      provider: envelope.provider,
    });
  }
  return provider;
};

/** Sends stored documents for signature, withdraws them, and keeps each envelope's status. */
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
    const now = this.deps.clock.now(orgId);
    const envelope: SigningEnvelope = {
      id,
      orgId,
      documentId: document.id,
      externalDocumentId,
      provider: this.deps.provider.name,
      status: 'sent',
      signers: input.signers.map(({ name, email }) => ({ name, email })),
      subject: input.subject ?? null,
      completedAt: null,
      signedDocumentId: null,
      voidedReason: null,
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

  /**
   * Withdraws an envelope still out for signature: at its provider first (a provider that refuses
   * leaves the envelope as it was), then here, with the reason.
   */
  async void(actor: Principal, orgId: string, id: string, reason: string): Promise<SigningEnvelope> {
    const envelope = await this.get(orgId, id);
    assertTransition(ENVELOPE_LIFECYCLE, 'void', envelope.status);
    await providerOf(this.deps.providers, envelope).void(envelope.externalDocumentId, reason);
    const voided = await this.deps.envelopes.move(orgId, id, transition(ENVELOPE_LIFECYCLE, 'void'), this.deps.clock.now(orgId), { voidedReason: reason });
    if (!voided) {
      // The provider's own event moved it meanwhile (signed, declined): it keeps that status.
      const current = await this.get(orgId, id);
      assertTransition(ENVELOPE_LIFECYCLE, 'void', current.status);
      return current;
    }
    await this.deps.audit.record(actor, orgId, 'esign.envelope_voided', { type: 'envelope', id }, { reason, provider: envelope.provider });
    return voided;
  }

  async get(orgId: string, id: string): Promise<SigningEnvelope> {
    const envelope = await this.deps.envelopes.findById(orgId, id);
    if (!envelope) throw notFound('Envelope');
    return envelope;
  }
}
