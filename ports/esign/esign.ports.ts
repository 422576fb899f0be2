import type { EnvelopeStatus, Signer, SigningEnvelope } from '../../core/esign/envelope.ts';

/** The e-signature provider: takes a document and its signers, answers with its own document id. */
export interface ESignatureProvider {
  readonly name: string;
  send(input: { filename: string; contentType: string; bytes: Uint8Array; signers: readonly Signer[]; subject: string | null; idempotencyKey: string }): Promise<{ externalDocumentId: string }>;
}

export interface EnvelopeRepository {
  insert(envelope: SigningEnvelope): Promise<void>;
  findById(orgId: string, id: string): Promise<SigningEnvelope | null>;
  /**
   * Moves the envelope the provider knows by `externalDocumentId` to `to` when it is in one of
   * `from`. Not scoped by organization: the provider knows no tenant, only its own id.
   */
  moveByExternalId(externalDocumentId: string, from: readonly EnvelopeStatus[], to: EnvelopeStatus, at: Date): Promise<SigningEnvelope | null>;
  findByExternalId(externalDocumentId: string): Promise<SigningEnvelope | null>;
}
