import type { DocumentType, StoredDocumentRecord } from '../../core/documents/stored-document.ts';
import { DomainError, notFound, writeUnlessDuplicate } from '../../core/shared/domain-error.ts';
import type { Clock } from '../shared/clock.port.ts';
import type { IdGenerator } from '../shared/id-generator.port.ts';
import type { RecordRelationships } from '../authorization/record-relationships.ts';
import type { DocumentRepository } from './document.repository.ts';
import type { FileStorage } from './file-storage.port.ts';
import type { DownloadLinks } from './download-links.port.ts';

/** How long a download link works. */
export const DOWNLOAD_LINK_SECONDS = 15 * 60;

export interface DownloadLink {
  readonly orgId: string;
  readonly documentId: string;
  readonly expires: number;
  readonly signature: string;
  readonly expiresAt: Date;
}

const invalidLink = () => new DomainError('forbidden', 'The download link is invalid or has expired.');

export interface DocumentLibraryDeps {
  readonly storage: FileStorage;
  readonly documents: DocumentRepository;
  readonly links: DownloadLinks;
  readonly relationships: RecordRelationships;
  readonly ids: IdGenerator;
  readonly clock: Clock;
}

/** Stores files and their metadata together; storing the same key again keeps one record. */
export class DocumentLibrary {
  private readonly deps: DocumentLibraryDeps;

  constructor(deps: DocumentLibraryDeps) {
    this.deps = deps;
  }

  /**
   * Bytes first, then the record, so a record never points at missing bytes. A key already
   * stored keeps its first content, so its record's size and digest stay true.
   */
  async store(
    orgId: string,
    input: {
      type: DocumentType;
      storageKey: string;
      filename: string;
      contentType: string;
      bytes: Uint8Array;
      /** The records the document is about: who may see them may see it. */
      about?: { policyId?: string };
    },
  ): Promise<StoredDocumentRecord> {
    const existing = await this.deps.documents.findByStorageKey(orgId, input.storageKey);
    if (existing) return existing;
    const { size, sha256 } = await this.deps.storage.put(input.storageKey, input.bytes, input.contentType);
    const record: StoredDocumentRecord = {
      id: this.deps.ids.next('doc'),
      orgId,
      type: input.type,
      filename: input.filename,
      contentType: input.contentType,
      size,
      sha256,
      storageKey: input.storageKey,
      createdAt: this.deps.clock.now(),
    };
    await this.deps.relationships.document(record, input.about);
    const inserted = await writeUnlessDuplicate(() => this.deps.documents.insert(record));
    return inserted ? record : ((await this.deps.documents.findByStorageKey(orgId, input.storageKey)) as StoredDocumentRecord);
  }

  async get(orgId: string, id: string): Promise<StoredDocumentRecord> {
    const document = await this.deps.documents.findById(orgId, id);
    if (!document) throw notFound('Document');
    return document;
  }

  /** A link to the document that works without credentials for 15 minutes. */
  async describe(orgId: string, id: string): Promise<{ document: StoredDocumentRecord; link: DownloadLink }> {
    const document = await this.get(orgId, id);
    const expires = Math.floor(this.deps.clock.now().getTime() / 1000) + DOWNLOAD_LINK_SECONDS;
    const expiresAt = new Date(expires * 1000);
    return { document, link: { orgId, documentId: id, expires, signature: this.deps.links.sign(orgId, id, expiresAt), expiresAt } };
  }

  /** The bytes behind a download link; any altered part, or expiry, is refused alike. */
  async download(link: {
    orgId: string;
    documentId: string;
    expires: number;
    signature: string;
  }): Promise<{ document: StoredDocumentRecord; bytes: Uint8Array }> {
    const expiresAt = new Date(link.expires * 1000);
    if (!this.deps.links.verify(link.orgId, link.documentId, expiresAt, link.signature)) throw invalidLink();
    if (expiresAt.getTime() <= this.deps.clock.now().getTime()) throw invalidLink();
    return this.read(link.orgId, link.documentId);
  }

  async read(orgId: string, id: string): Promise<{ document: StoredDocumentRecord; bytes: Uint8Array }> {
    const document = await this.get(orgId, id);
    const content = await this.deps.storage.get(document.storageKey);
    if (!content) throw new Error(`Document ${id} has no stored content at ${document.storageKey}.`);
    return { document, bytes: content.bytes };
  }
}
