import type { FormReference } from '../../core/policy/forms.ts';
import type { ListedForm, PolicyDocument, PolicyDocumentContent, PolicyDocumentType } from '../../core/policy/policy-documents.ts';
import type { DrawnContent } from '../../core/documents/policy-document-content.ts';
import type { Policy } from '../../core/policy/policy.ts';
import type { DocumentLibrary } from '../documents/document-library.use-case.ts';
import type { FormDrawing } from '../documents/form-drawing.port.ts';
import type { Clock } from '../shared/clock.port.ts';
import type { IdGenerator } from '../shared/id-generator.port.ts';
import type { GroupedWrite } from '../shared/persistence/collection-store.port.ts';
import type { Forms } from './forms.use-case.ts';
import type { PolicyDocumentRepository } from './policy-document.repository.ts';
import type { PolicyRepository } from './policy.repositories.ts';
import { notFound } from '../../core/shared/domain-error.ts';

export interface PolicyDocumentsDeps {
  readonly documents: PolicyDocumentRepository;
  readonly policies: Pick<PolicyRepository, 'findById'>;
  readonly forms: Pick<Forms, 'titled'>;
  readonly drawing: Pick<FormDrawing, 'policyDocument'>;
  readonly library: Pick<DocumentLibrary, 'store'>;
  readonly ids: IdGenerator;
  readonly clock: Clock;
  readonly log: (message: string, fields: Record<string, unknown>) => void;
}

/** Documents read at once, and batches one run of the job draws at most (2,000 a minute). */
const BATCH = 200;
const BATCHES_PER_RUN = 10;

/**
 * The documents of policies (CONTRACT 18.8, 18.12): each transaction records its document
 * `pending`, with everything it prints, in its own write; the job draws each once with pdf-lib,
 * stores it (its sha256 kept) and marks it issued. An issued document is never drawn again, so a
 * later transaction never changes an earlier document.
 */
export class PolicyDocuments {
  private readonly deps: PolicyDocumentsDeps;

  constructor(deps: PolicyDocumentsDeps) {
    this.deps = deps;
  }

  /** Forms with their titles, as a document lists them. */
  listed(forms: readonly FormReference[]): ListedForm[] {
    return this.deps.forms.titled(forms);
  }

  /** A document to issue, for the write of the transaction it belongs to. */
  pendingWrite(policy: Policy, type: PolicyDocumentType, transactionId: string | null, content: DrawnContent, forms: readonly FormReference[]): GroupedWrite {
    const at = this.deps.clock.now(policy.orgId);
    return this.recordWrite(policy, { type, transactionId, forms, content, createdAt: at, status: 'pending', issuedAt: null, sha256: null, documentId: null });
  }

  /** A document drawn by the transaction itself (a notice mailed at once, a certificate), issued as it is recorded. */
  issuedWrite(
    policy: Policy,
    type: PolicyDocumentType,
    content: PolicyDocumentContent,
    issued: { readonly documentId: string; readonly sha256: string; readonly issuedAt: Date },
  ): GroupedWrite {
    return this.recordWrite(policy, { type, transactionId: null, forms: policy.forms ?? [], content, createdAt: issued.issuedAt, status: 'issued', ...issued });
  }

  private recordWrite(policy: Policy, document: Omit<PolicyDocument, 'id' | 'orgId' | 'policyId'>): GroupedWrite {
    return this.deps.documents.insertWrite({
      ...document,
      id: this.deps.ids.next('pdoc'),
      orgId: policy.orgId,
      policyId: policy.id,
      forms: [...document.forms],
    });
  }

  /** A policy's documents, newest last; another organization's policy is not found. */
  async list(orgId: string, policyId: string): Promise<PolicyDocument[]> {
    if (!(await this.deps.policies.findById(orgId, policyId))) throw notFound('Policy');
    return this.deps.documents.forPolicy(orgId, policyId);
  }

  /**
   * Draws the pending documents, oldest first, each stored under its own key (so a document
   * drawn twice by two runs is kept once) and then marked issued; answers how many it issued. A
   * document that fails to draw stays pending for the next run.
   */
  async drawPending(): Promise<number> {
    let issued = 0;
    for (let batch = 0; batch < BATCHES_PER_RUN; batch += 1) {
      const pending = await this.deps.documents.pending(BATCH);
      let drawn = 0;
      for (const document of pending) if (await this.draw(document)) drawn += 1;
      issued += drawn;
      // A batch that drew nothing would be read again as it is: its documents wait for the next run.
      if (pending.length < BATCH || drawn === 0) break;
    }
    return issued;
  }

  private async draw(document: PolicyDocument): Promise<boolean> {
    const content = document.content;
    // A certificate is drawn as an ACORD 25 when it is asked for, and recorded issued: never pending.
    if (content.kind === 'coi') return false;
    try {
      const bytes = await this.deps.drawing.policyDocument(document.orgId, content, document.createdAt);
      const stored = await this.deps.library.store(document.orgId, {
        type: 'policy_document',
        storageKey: `policies/${document.policyId}/${document.id}.pdf`,
        filename: `${document.content.policyNumber}-${document.type}.pdf`,
        contentType: 'application/pdf',
        content: bytes,
        about: { policyId: document.policyId },
      });
      return await this.deps.documents.markIssued(document, { documentId: stored.id, sha256: stored.sha256, issuedAt: this.deps.clock.now(document.orgId) });
    } catch (error) {
      this.deps.log('a policy document could not be drawn', { orgId: document.orgId, documentId: document.id, error: (error as Error).message });
      return false;
    }
  }
}
