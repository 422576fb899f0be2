import { safeFileName } from '../../core/documents/file-name.ts';
import type { StoredDocumentRecord } from '../../core/documents/stored-document.ts';
import { describeActor, type Principal } from '../../core/shared/access/principal.ts';
import { DomainError } from '../../core/shared/domain-error.ts';
import type { FeatureFlags } from '../flags/feature-flags.use-case.ts';
import type { DocumentLibrary, LinkedDocument } from '../documents/document-library.use-case.ts';
import type { StagedFile } from '../documents/staged-file.port.ts';
import { uploadedType } from '../../core/documents/upload-typing.ts';
import type { Page, PageRequest } from '../shared/persistence/page.ts';
import type { AuditTrail } from '../audit/audit-trail.use-case.ts';
import type { IdGenerator } from '../shared/id-generator.port.ts';
import { claimOf } from './claim-changes.ts';
import type { ClaimRepository } from './claim.repository.ts';

/** The largest attachment taken, in bytes (25 MiB). */
export const MAX_ATTACHMENT_BYTES = 25 * 1024 * 1024;

export interface ClaimAttachmentsDeps {
  readonly claims: Pick<ClaimRepository, 'findById'>;
  readonly library: DocumentLibrary;
  readonly audit: AuditTrail;
  readonly ids: IdGenerator;
  readonly flags: Pick<FeatureFlags, 'value'>;
}

/**
 * Files on a claim (photos, estimates, reports, correspondence): typed by their bytes, named
 * safely, streamed into document storage, and seen by whoever may see the claim.
 */
export class ClaimAttachments {
  private readonly deps: ClaimAttachmentsDeps;

  constructor(deps: ClaimAttachmentsDeps) {
    this.deps = deps;
  }

  /** `claimedName` and the client's content type are hints at most: the bytes decide the type. */
  async attach(actor: Principal, orgId: string, claimId: string, file: StagedFile, claimedName: string | null): Promise<StoredDocumentRecord> {
    const claim = await claimOf(this.deps, orgId, claimId);
    // An organization may accept less than the platform's 25 MiB (flag `claim_attachment_max_mib`).
    const limit = Math.min(MAX_ATTACHMENT_BYTES, Number(await this.deps.flags.value(orgId, 'claim_attachment_max_mib')) * 1024 * 1024);
    if (file.size > limit) throw new DomainError('payload_too_large', `The file exceeds the organization's limit of ${limit} bytes.`, { limitBytes: limit });
    const type = uploadedType(file, claimedName);
    const id = this.deps.ids.next('doc');
    const document = await this.deps.library.store(orgId, {
      id,
      type: 'attachment',
      storageKey: `docs/${orgId}/claims/${claim.id}/${id}`,
      filename: safeFileName(claimedName, type.extensions),
      contentType: type.contentType,
      content: { path: file.path, size: file.size },
      withinQuota: true,
      about: { claimId: claim.id },
      createdBy: describeActor(actor),
    });
    await this.deps.audit.record(
      actor,
      orgId,
      'claim.attachment_added',
      { type: 'claim', id: claim.id },
      { documentId: document.id, filename: document.filename, contentType: document.contentType, size: document.size, sha256: document.sha256 },
    );
    return document;
  }

  /** The claim's attachments, newest first, each with a download link. */
  async list(orgId: string, claimId: string, page: PageRequest): Promise<Page<LinkedDocument>> {
    const claim = await claimOf(this.deps, orgId, claimId);
    return this.deps.library.list(orgId, { claimId: claim.id, type: 'attachment' }, page);
  }
}
