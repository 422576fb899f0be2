import { Type, type Static } from '@sinclair/typebox';
import { ACCEPTED_FILE_TYPES } from '../../../core/documents/content-sniffing.ts';
import { MAX_FILE_NAME_BYTES } from '../../../core/documents/file-name.ts';
import type { StoredDocumentRecord } from '../../../core/documents/stored-document.ts';
import { MAX_ATTACHMENT_BYTES, type ClaimAttachments } from '../../../ports/claims/claim-attachments.use-case.ts';
import { mapPage } from '../../../ports/shared/persistence/page.ts';
import { downloadUrl } from '../documents/document.views.ts';
import { IdParams, OrgIdQuery, PageQuery, pageOf, Timestamp } from '../shared/common.schemas.ts';
import { FILE_UPLOAD_HELP, FilenameQuery, uploadedFile } from '../shared/file-upload.ts';
import { orgScope } from '../shared/org-scope.ts';
import { defineRoute, type RouteDefinition } from '../shared/route.ts';
import { isoInstant } from '../../../core/shared/iso-instant.ts';

const AttachmentFields = {
  id: Type.String({ description: 'The document id: GET /v1/documents/:id describes it too.' }),
  filename: Type.String({
    description: `The sent name made safe: no path, no control or direction characters, at most ${MAX_FILE_NAME_BYTES} bytes, and an extension that matches the bytes.`,
  }),
  contentType: Type.String({ description: 'Told from the bytes, never taken from the client.' }),
  size: Type.Integer({ minimum: 1 }),
  sha256: Type.String({ description: 'Hex SHA-256 of the stored bytes.' }),
  createdAt: Timestamp(),
};
const AttachmentSchema = Type.Object(AttachmentFields, { $id: 'ClaimAttachment', description: 'A file attached to a claim.' });
const ListedAttachmentSchema = Type.Object(
  {
    ...AttachmentFields,
    downloadUrl: Type.String({ description: 'Works without credentials until expiresAt (15 minutes); altering any part of it makes it fail.' }),
    expiresAt: Timestamp(),
  },
  { $id: 'ListedClaimAttachment', description: 'A file attached to a claim, with a link to download it.' },
);

const viewAttachment = (document: StoredDocumentRecord): Static<typeof AttachmentSchema> => ({
  id: document.id,
  filename: document.filename,
  contentType: document.contentType,
  size: document.size,
  sha256: document.sha256,
  createdAt: isoInstant(document.createdAt),
});

/** Files on a claim: uploaded up to 25 MiB, typed by their bytes, listed with signed download links. */
export const claimAttachmentRoutes = (attachments: ClaimAttachments, publicBaseUrl: string): RouteDefinition[] => [
  defineRoute({
    method: 'POST',
    path: '/v1/claims/:id/attachments',
    operationId: 'attachClaimFile',
    summary: 'Attach a file to a claim (up to 25 MiB, streamed to document storage).',
    description: `${FILE_UPLOAD_HELP} The type is told from the bytes: ${ACCEPTED_FILE_TYPES} are accepted; programs and scripts, whatever their name, and anything else are 415.`,
    tags: ['claims'],
    permission: 'claims:write',
    record: { type: 'claim', relation: 'editor' },
    params: IdParams,
    query: Type.Object({
      ...OrgIdQuery,
      ...FilenameQuery,
    }),
    upload: { maxBytes: MAX_ATTACHMENT_BYTES, contentTypes: ['*/*'], field: 'file', rateClass: 'file_upload' },
    errors: ['payload_too_large', 'unsupported_media_type'],
    responses: { 201: { description: 'The stored attachment.', schema: AttachmentSchema } },
    handler: async (context) => {
      const { file, claimedName } = uploadedFile(context);
      const document = await attachments.attach(context.principal, orgScope(context, context.query.orgId), context.params.id, file, claimedName);
      return { status: 201, body: viewAttachment(document) };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/claims/:id/attachments',
    operationId: 'listClaimAttachments',
    summary: "A claim's attachments, newest first, each with a download URL valid for 15 minutes.",
    tags: ['claims'],
    permission: 'claims:read',
    record: { type: 'claim', relation: 'viewer' },
    params: IdParams,
    query: Type.Object({ ...PageQuery, ...OrgIdQuery }),
    responses: { 200: { description: 'A page of attachments.', schema: pageOf(ListedAttachmentSchema) } },
    handler: async (context) => {
      const { orgId, ...page } = context.query;
      const found = await attachments.list(orgScope(context, orgId), context.params.id, page);
      return {
        status: 200,
        body: mapPage(found, ({ document, link }) => ({
          ...viewAttachment(document),
          downloadUrl: downloadUrl(publicBaseUrl, link),
          expiresAt: isoInstant(link.expiresAt),
        })),
      };
    },
  }),
];
