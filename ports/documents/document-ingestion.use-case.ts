import { classification, type Classification } from '../../core/documents/document-classification.ts';
import type { ExtractedFields } from '../../core/documents/field-extraction.ts';
import { safeFileName } from '../../core/documents/file-name.ts';
import { describeActor, type Principal } from '../../core/shared/access/principal.ts';
import type { AuditTrail } from '../audit/audit-trail.use-case.ts';
import type { IdGenerator } from '../shared/id-generator.port.ts';
import type { DocumentClassifier } from './document-analysis.port.ts';
import type { DocumentLibrary, LinkedDocument } from './document-library.use-case.ts';
import type { StagedFile } from './staged-file.port.ts';
import { uploadedType } from '../../core/documents/upload-typing.ts';

/** The largest document taken for ingestion, in bytes (25 MiB, as claim attachments). */
export const MAX_INGEST_BYTES = 25 * 1024 * 1024;

export interface DocumentIngestionDeps {
  readonly classifier: DocumentClassifier;
  readonly library: DocumentLibrary;
  readonly audit: AuditTrail;
  readonly ids: IdGenerator;
}

export interface IngestedDocument extends LinkedDocument {
  readonly classification: Classification;
  readonly classifiedBy: 'embedded' | 'ai';
  readonly extracted: ExtractedFields | null;
}

/** What a document without text to read is: nothing known, for a person to look at. */
const UNREAD = { classification: classification('other', 0), extracted: null, classifiedBy: 'embedded' } as const;

/** Uploaded documents, typed by their bytes, classified, their fields read, and stored. */
export class DocumentIngestion {
  private readonly deps: DocumentIngestionDeps;

  constructor(deps: DocumentIngestionDeps) {
    this.deps = deps;
  }

  async ingest(actor: Principal, orgId: string, file: StagedFile, claimedName: string | null): Promise<IngestedDocument> {
    const type = uploadedType(file, claimedName);
    // Only PDFs and text have words to classify by; a photo or a spreadsheet is not read at all.
    const readable = type.contentType === 'application/pdf' || type.contentType.startsWith('text/') || type.contentType === 'message/rfc822';
    const { classification, extracted, classifiedBy } = readable ? await this.deps.classifier.classify(orgId, file) : UNREAD;
    const id = this.deps.ids.next('doc');
    const document = await this.deps.library.store(orgId, {
      id,
      type: 'ingested',
      storageKey: `docs/${orgId}/ingested/${id}`,
      filename: safeFileName(claimedName, type.extensions, 'document'),
      contentType: type.contentType,
      content: { path: file.path, size: file.size },
      withinQuota: true,
      createdBy: describeActor(actor),
      classification: { ...classification, classifiedBy },
      extracted,
    });
    await this.deps.audit.record(
      actor,
      orgId,
      'document.ingested',
      { type: 'document', id },
      {
        classification: classification.type,
        confidence: classification.confidence,
        classifiedBy,
        sha256: document.sha256,
      },
    );
    return { document, link: this.deps.library.linkTo(document), classification, classifiedBy, extracted };
  }
}
