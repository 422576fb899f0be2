import type { EnvelopeStatus, Signer, SigningEnvelope } from '../../core/esign/envelope.ts';
import type { Transition } from '../../core/shared/lifecycle.ts';

/** The e-signature provider: takes a document and its signers, answers with its own document id. */
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
}

export interface EnvelopeRepository {
  insert(envelope: SigningEnvelope): Promise<void>;
  findById(orgId: string, id: string): Promise<SigningEnvelope | null>;
  /**
   * Makes a lifecycle move of the envelope the provider knows by `externalDocumentId`; null when
   * it is not in one of `step.from`. Not scoped by organization: the provider knows no tenant.
   */
  moveByExternalId(externalDocumentId: string, step: Transition<EnvelopeStatus>, at: Date): Promise<SigningEnvelope | null>;
  findByExternalId(externalDocumentId: string): Promise<SigningEnvelope | null>;
}
