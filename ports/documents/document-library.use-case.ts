import type { Readable } from 'node:stream';
import type { DocumentType, StoredDocumentRecord } from '../../core/documents/stored-document.ts';
import { DomainError, notFound, writeUnlessDuplicate } from '../../core/shared/domain-error.ts';
import type { Clock } from '../shared/clock.port.ts';
import type { IdGenerator } from '../shared/id-generator.port.ts';
import type { RecordRelationships } from '../authorization/record-relationships.use-case.ts';
import type { Page, PageRequest } from '../shared/persistence/page.ts';
import type { DocumentFilters, DocumentRepository } from './document.repository.ts';
import type { FileContent, FileStorage } from './file-storage.port.ts';
import type { DownloadLinks } from './download-links.port.ts';
import type { StorageUsage } from './storage-usage.port.ts';

/** How long a download link works. */
const DOWNLOAD_LINK_SECONDS = 15 * 60;

export interface DownloadLink {
  readonly orgId: string;
  readonly documentId: string;
  readonly expires: number;
  readonly signature: string;
  readonly expiresAt: Date;
}

/** A stored document with a fresh download link to it. */
export interface LinkedDocument {
  readonly document: StoredDocumentRecord;
  readonly link: DownloadLink;
}

const invalidLink = () => new DomainError('forbidden', 'The download link is invalid or has expired.');

export interface DocumentLibraryDeps {
  readonly storage: FileStorage;
  readonly documents: DocumentRepository;
  readonly links: DownloadLinks;
  readonly relationships: RecordRelationships;
  readonly ids: IdGenerator;
  readonly clock: Clock;
  readonly usage: StorageUsage;
  /** Bytes an organization may keep of what its callers upload or render. */
  readonly quotaBytes: number;
}

/** Stores files and their metadata together; storing the same key again keeps one record. */
export class DocumentLibrary {
  private readonly deps: DocumentLibraryDeps;

  constructor(deps: DocumentLibraryDeps) {
    this.deps = deps;
  }

  /**
   * Bytes first, then the record, so a record never points at missing bytes. A key already
   * stored keeps its first content, so its record's size and digest stay true. Every stored byte
   * counts against the organization's storage; what its callers send or ask rendered
   * (`withinQuota`) is refused with 413 `storage_quota_exceeded` when it does not fit, its room
   * reserved before the bytes are written and given back if writing fails. What the platform
   * produces itself (receipts, certificates) is never refused.
   */
  async store(
    orgId: string,
    input: {
      type: DocumentType;
      storageKey: string;
      filename: string;
      contentType: string;
      content: FileContent;
      /** The records the document is about: who may see them may see it. */
      about?: { policyId?: string; claimId?: string };
      /** Given when the caller chose the id (to build the storage key from it). */
      id?: string;
      createdBy?: string | null;
      certificateNumber?: string;
      pages?: number;
      classification?: StoredDocumentRecord['classification'];
      extracted?: StoredDocumentRecord['extracted'];
      withinQuota?: boolean;
    },
  ): Promise<StoredDocumentRecord> {
    const existing = await this.deps.documents.findByStorageKey(orgId, input.storageKey);
    if (existing) return existing;
    const { size, sha256 } = await this.putCharged(orgId, input);
    const record: StoredDocumentRecord = {
      id: input.id ?? this.deps.ids.next('doc'),
      orgId,
      type: input.type,
      filename: input.filename,
      contentType: input.contentType,
      size,
      sha256,
      storageKey: input.storageKey,
      policyId: input.about?.policyId ?? null,
      claimId: input.about?.claimId ?? null,
      createdBy: input.createdBy ?? null,
      certificateNumber: input.certificateNumber ?? null,
      ...(input.pages !== undefined ? { pages: input.pages } : {}),
      ...(input.classification ? { classification: input.classification, extracted: input.extracted ?? null } : {}),
      createdAt: this.deps.clock.now(orgId),
    };
    await this.deps.relationships.document(record, input.about);
    const inserted = await writeUnlessDuplicate(() => this.deps.documents.insert(record));
    return inserted ? record : ((await this.deps.documents.findByStorageKey(orgId, input.storageKey)) as StoredDocumentRecord);
  }

  /** The organization's stored bytes and its quota. */
  async storageOf(orgId: string): Promise<{ usedBytes: number; quotaBytes: number }> {
    return { usedBytes: await this.deps.usage.used(orgId), quotaBytes: this.deps.quotaBytes };
  }

  private async putCharged(orgId: string, input: { storageKey: string; content: FileContent; contentType: string; withinQuota?: boolean }) {
    const declared = input.content instanceof Uint8Array ? input.content.byteLength : input.content.size;
    if (!input.withinQuota) {
      const stored = await this.deps.storage.put(input.storageKey, input.content, input.contentType);
      await this.deps.usage.add(orgId, stored.size);
      return stored;
    }
    if (!(await this.deps.usage.reserve(orgId, declared, this.deps.quotaBytes))) {
      const usedBytes = await this.deps.usage.used(orgId);
      throw new DomainError(
        'storage_quota_exceeded',
        `The organization keeps ${usedBytes} of its ${this.deps.quotaBytes} bytes of storage: this file does not fit.`,
        {
          quotaBytes: this.deps.quotaBytes,
          usedBytes,
          size: declared,
        },
      );
    }
    try {
      const stored = await this.deps.storage.put(input.storageKey, input.content, input.contentType);
      if (stored.size !== declared) await this.deps.usage.add(orgId, stored.size - declared);
      return stored;
    } catch (error) {
      await this.deps.usage.add(orgId, -declared);
      throw error;
    }
  }

  findByStorageKey(orgId: string, storageKey: string): Promise<StoredDocumentRecord | null> {
    return this.deps.documents.findByStorageKey(orgId, storageKey);
  }

  async get(orgId: string, id: string): Promise<StoredDocumentRecord> {
    const document = await this.deps.documents.findById(orgId, id);
    if (!document) throw notFound('Document');
    return document;
  }

  /** Newest first, with a download link for each. */
  async list(orgId: string, filters: DocumentFilters, page: PageRequest): Promise<Page<LinkedDocument>> {
    const found = await this.deps.documents.list(orgId, filters, page);
    return { data: found.data.map((document) => ({ document, link: this.linkTo(document) })), nextCursor: found.nextCursor };
  }

  /** A link to the document that works without credentials for 15 minutes. */
  async describe(orgId: string, id: string): Promise<LinkedDocument> {
    const document = await this.get(orgId, id);
    return { document, link: this.linkTo(document) };
  }

  linkTo(document: StoredDocumentRecord): DownloadLink {
    const expires = Math.floor(this.deps.clock.now().getTime() / 1000) + DOWNLOAD_LINK_SECONDS;
    const expiresAt = new Date(expires * 1000);
    return { orgId: document.orgId, documentId: document.id, expires, signature: this.deps.links.sign(document.orgId, document.id, expiresAt), expiresAt };
  }

  /** The bytes behind a download link, streamed; any altered part, or expiry, is refused alike. */
  async download(link: {
    orgId: string;
    documentId: string;
    expires: number;
    signature: string;
  }): Promise<{ document: StoredDocumentRecord; stream: Readable; size: number }> {
    const expiresAt = new Date(link.expires * 1000);
    if (!this.deps.links.verify(link.orgId, link.documentId, expiresAt, link.signature)) throw invalidLink();
    if (expiresAt.getTime() <= this.deps.clock.now().getTime()) throw invalidLink();
    const document = await this.get(link.orgId, link.documentId);
    const content = await this.deps.storage.open(document.storageKey);
    if (!content) throw new Error(`Document ${document.id} has no stored content at ${document.storageKey}.`);
    return { document, stream: content.stream, size: content.size };
  }

  async read(orgId: string, id: string): Promise<{ document: StoredDocumentRecord; bytes: Uint8Array }> {
    const document = await this.get(orgId, id);
    const content = await this.deps.storage.get(document.storageKey);
    if (!content) throw new Error(`Document ${id} has no stored content at ${document.storageKey}.`);
    return { document, bytes: content.bytes };
  }
}
