import { ENVELOPE_LIFECYCLE, type EnvelopeMove, type EnvelopeStatus, type SigningEnvelope } from '../../core/esign/envelope.ts';
import { transition } from '../../core/shared/lifecycle.ts';
import type { DocumentLibrary } from '../documents/document-library.use-case.ts';
import type { CommandHandler, InboundAnswer } from '../inbound/inbound.ports.ts';
import type { Clock } from '../shared/clock.port.ts';
import { providerOf } from './envelopes.use-case.ts';
import type { EnvelopeChanges, EnvelopeRepository, ESignatureProvider, HeldStatus } from './esign.ports.ts';

/** A provider's news about the document it knows by `externalDocumentId`. */
export interface EnvelopeEventCommand {
  readonly externalDocumentId: string;
  readonly move: EnvelopeMove;
  /** The callback's signature does not cover what it says: the provider must confirm the status first. */
  readonly confirm?: boolean;
}

/** Whether what the provider holds bears out a move to `to` (any open envelope may be sent or viewed). */
const bornOut = (held: HeldStatus | null, to: EnvelopeStatus): boolean =>
  held === null || held === to || (held === 'open' && (to === 'sent' || to === 'viewed'));

export interface ESignEventsDeps {
  readonly envelopes: EnvelopeRepository;
  readonly providers: ReadonlyMap<string, ESignatureProvider>;
  readonly documents: DocumentLibrary;
  readonly clock: Clock;
}

/**
 * Provider document events move the envelope found by the provider's document id. A completion is
 * confirmed by fetching the signed copy from the provider before anything moves: the copy is
 * stored as a document of the organization (once: its storage key is the envelope's) and the
 * envelope points at it. A provider that cannot hand it over yet makes the delivery fail, so the
 * provider retries it.
 */
export class ESignEventsHandler implements CommandHandler<EnvelopeEventCommand> {
  private readonly deps: ESignEventsDeps;

  constructor(deps: ESignEventsDeps) {
    this.deps = deps;
  }

  async handle(command: EnvelopeEventCommand): Promise<InboundAnswer> {
    const current = await this.deps.envelopes.findByExternalId(command.externalDocumentId);
    if (!current) return { status: 200, body: { received: true, ignored: 'unknown document' } };
    const step = transition(ENVELOPE_LIFECYCLE, command.move);
    if (command.confirm && !bornOut(await providerOf(this.deps.providers, current).heldStatus(current.externalDocumentId), step.to)) {
      return { status: 200, body: { received: true, ignored: 'the provider does not report this status' } };
    }
    const changes = step.from.includes(current.status) && command.move === 'complete' ? await this.signedCopy(current) : {};
    const moved = await this.deps.envelopes.moveByExternalId(command.externalDocumentId, step, this.deps.clock.now(current.orgId), changes);
    if (moved) return { status: 200, body: { received: true, envelopeId: moved.id, status: moved.status } };
    const now = (await this.deps.envelopes.findByExternalId(command.externalDocumentId)) ?? current;
    // Out of order or repeated: the envelope keeps the status it already reached.
    return { status: 200, body: { received: true, envelopeId: now.id, status: now.status, unchanged: true } };
  }

  private async signedCopy(envelope: SigningEnvelope): Promise<EnvelopeChanges> {
    const bytes = await providerOf(this.deps.providers, envelope).signedCopy(envelope.externalDocumentId);
    if (bytes === null) return {};
    const original = await this.deps.documents.get(envelope.orgId, envelope.documentId);
    const stored = await this.deps.documents.store(envelope.orgId, {
      type: 'signed',
      storageKey: `signed/${envelope.id}.pdf`,
      filename: original.filename.replace(/\.pdf$/i, '').slice(0, 200) + '-signed.pdf',
      contentType: 'application/pdf',
      content: bytes,
      about: { ...(original.policyId ? { policyId: original.policyId } : {}), ...(original.claimId ? { claimId: original.claimId } : {}) },
    });
    return { signedDocumentId: stored.id };
  }
}
