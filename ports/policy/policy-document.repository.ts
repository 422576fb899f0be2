import type { PolicyDocument } from '../../core/policy/policy-documents.ts';
import type { GroupedWrite } from '../shared/persistence/collection-store.port.ts';

/** The documents of policies: recorded pending with their transaction, issued once drawn. */
export interface PolicyDocumentRepository {
  /** A pending document, for the write of the transaction that issues it. */
  insertWrite(document: PolicyDocument): GroupedWrite;
  /** A policy's documents, oldest first. */
  forPolicy(orgId: string, policyId: string): Promise<PolicyDocument[]>;
  /** Documents still to draw, oldest first, of every organization (the drawing job's read). */
  pending(limit: number): Promise<PolicyDocument[]>;
  /** Records a document drawn and stored, once: false when it was issued already. */
  markIssued(document: PolicyDocument, issued: { documentId: string; sha256: string; issuedAt: Date }): Promise<boolean>;
}
