/** Stored documents as the API shows them, with signed download links. */
import { Type, type Static } from '@sinclair/typebox';
import type { StoredDocumentRecord } from '../../../core/documents/stored-document.ts';
import type { DownloadLink } from '../../../ports/documents/document-library.use-case.ts';
import { Nullable, Timestamp } from '../shared/common.schemas.ts';
import { isoInstant } from '../../../core/shared/iso-instant.ts';

export const DocumentSchema = Type.Object(
  {
    id: Type.String(),
    type: Type.String(),
    filename: Type.String(),
    contentType: Type.String(),
    size: Type.Integer({ minimum: 0 }),
    sha256: Type.String(),
    policyId: Nullable(Type.String({ description: 'The policy the document is about, if any.' })),
    claimId: Nullable(Type.String({ description: 'The claim the document is attached to, if any.' })),
    createdAt: Timestamp(),
    downloadUrl: Type.String({ description: 'Works without credentials until expiresAt; altering any part of it makes it fail.' }),
    expiresAt: Timestamp(),
  },
  { $id: 'Document', description: 'A stored document (policy, certificate, invoice, upload) with its checksum.' },
);

export const downloadUrl = (publicBaseUrl: string, link: DownloadLink): string =>
  `${publicBaseUrl}/v1/documents/${encodeURIComponent(link.documentId)}/download?${new URLSearchParams({ org: link.orgId, expires: String(link.expires), signature: link.signature })}`;

export const viewDocument = (publicBaseUrl: string, document: StoredDocumentRecord, link: DownloadLink): Static<typeof DocumentSchema> => ({
  id: document.id,
  type: document.type,
  filename: document.filename,
  contentType: document.contentType,
  size: document.size,
  sha256: document.sha256,
  policyId: document.policyId ?? null,
  claimId: document.claimId ?? null,
  createdAt: isoInstant(document.createdAt),
  downloadUrl: downloadUrl(publicBaseUrl, link),
  expiresAt: isoInstant(link.expiresAt),
});

/**
 * `Content-Disposition` for a download (RFC 6266): an ASCII name for old clients and the exact
 * UTF-8 name in `filename*`, since header values cannot carry other characters as they are.
 */
export const attachmentDisposition = (filename: string): string => {
  let ascii = '';
  for (const character of filename) {
    const code = character.codePointAt(0) as number;
    ascii += code >= 0x20 && code < 0x7f && character !== '"' && character !== '\\' ? character : '_';
  }
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
};
