import type { EnvelopeStatus, Signer, SigningEnvelope } from '../../core/esign/envelope.ts';
import type { Transition } from '../../core/shared/lifecycle.ts';

/**
 * The e-signature provider: takes a document and its signers and answers with its own id for
 * them, withdraws an envelope, and hands back the signed document once every signer has signed.
 * Failures it cannot recover from are `esign_provider_error` (502), with `retryAfter` when the
 * provider asks to slow down.
 */
export interface ESignatureProvider {
  readonly name: string;
  send(input: {
    filename: string;
    contentType: string;
    bytes: Uint8Array;
    signers: readonly Signer[];
    subject: string | null;
    idempotencyKey: string;
  }): Promise<{ externalDocumentId: string }>;
  /** Withdraws the envelope, so its signers can no longer sign; one already withdrawn is no error. */
  void(externalDocumentId: string, reason: string): Promise<void>;
  /**
   * The signed PDF, asked of the provider itself (which also confirms the completion a callback
   * reported); null from a provider that keeps no signed copy. Throws while it is not complete.
   */
  signedCopy(externalDocumentId: string): Promise<Uint8Array | null>;
  /**
   * What the provider itself holds for the envelope now (`open` while out for signature), asked
   * when a callback's signature does not cover its body; null from a provider that cannot tell.
   */
  heldStatus(externalDocumentId: string): Promise<HeldStatus | null>;
}

export type HeldStatus = 'open' | 'completed' | 'declined' | 'voided' | 'expired';

/** What a move sets besides the status. */
export interface EnvelopeChanges {
  readonly signedDocumentId?: string;
  readonly voidedReason?: string;
}

export interface EnvelopeRepository {
  insert(envelope: SigningEnvelope): Promise<void>;
  findById(orgId: string, id: string): Promise<SigningEnvelope | null>;
  /** A lifecycle move of the organization's envelope; null when it is not in one of `step.from`. */
  move(orgId: string, id: string, step: Transition<EnvelopeStatus>, at: Date, changes?: EnvelopeChanges): Promise<SigningEnvelope | null>;
  /**
   * Makes a lifecycle move of the envelope the provider knows by `externalDocumentId`; null when
   * it is not in one of `step.from`. Not scoped by organization: the provider knows no tenant.
   */
  moveByExternalId(externalDocumentId: string, step: Transition<EnvelopeStatus>, at: Date, changes?: EnvelopeChanges): Promise<SigningEnvelope | null>;
  findByExternalId(externalDocumentId: string): Promise<SigningEnvelope | null>;
}
