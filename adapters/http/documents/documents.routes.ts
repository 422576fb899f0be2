import { Type, type Static } from '@sinclair/typebox';
import type { StoredDocumentRecord } from '../../../core/documents/stored-document.ts';
import type { DocumentLibrary, DownloadLink } from '../../../ports/documents/document-library.use-case.ts';
import { IdParams, OrgIdQuery, Timestamp } from '../kernel/common.schemas.ts';
import { orgScope } from '../kernel/org-scope.ts';
import { definePublicRoute, defineRoute, type RouteDefinition } from '../kernel/route.ts';

const DocumentSchema = Type.Object({
  id: Type.String(),
  type: Type.String(),
  filename: Type.String(),
  contentType: Type.String(),
  size: Type.Integer({ minimum: 0 }),
  sha256: Type.String(),
  createdAt: Timestamp(),
  downloadUrl: Type.String({ description: 'Works without credentials until expiresAt; altering any part of it makes it fail.' }),
  expiresAt: Timestamp(),
});

const downloadUrl = (publicBaseUrl: string, link: DownloadLink): string =>
  `${publicBaseUrl}/v1/documents/${encodeURIComponent(link.documentId)}/download?${new URLSearchParams({ org: link.orgId, expires: String(link.expires), signature: link.signature })}`;

const viewDocument = (publicBaseUrl: string, document: StoredDocumentRecord, link: DownloadLink): Static<typeof DocumentSchema> => ({
  id: document.id,
  type: document.type,
  filename: document.filename,
  contentType: document.contentType,
  size: document.size,
  sha256: document.sha256,
  createdAt: document.createdAt.toISOString(),
  downloadUrl: downloadUrl(publicBaseUrl, link),
  expiresAt: link.expiresAt.toISOString(),
});

export const documentRoutes = (library: DocumentLibrary, publicBaseUrl: string): RouteDefinition[] => [
  defineRoute({
    method: 'GET',
    path: '/v1/documents/:id',
    record: { type: 'document', relation: 'viewer' },
    operationId: 'getDocument',
    summary: 'A stored document (receipts, and the documents the platform generates) with a download URL valid for 15 minutes.',
    tags: ['documents'],
    permission: 'documents:read',
    params: IdParams,
    query: Type.Object(OrgIdQuery),
    responses: { 200: { description: 'The document.', schema: DocumentSchema } },
    handler: async (context) => {
      const { document, link } = await library.describe(orgScope(context, context.query.orgId), context.params.id);
      return { status: 200, body: viewDocument(publicBaseUrl, document, link) };
    },
  }),
  definePublicRoute({
    method: 'GET',
    path: '/v1/documents/:id/download',
    operationId: 'downloadDocument',
    summary: 'The bytes of a document through a signed link from GET /v1/documents/:id; an expired or altered link answers 403.',
    tags: ['documents'],
    params: IdParams,
    query: Type.Object({
      org: Type.String({ minLength: 1, maxLength: 128 }),
      expires: Type.Integer({ minimum: 0, description: 'Unix seconds.' }),
      signature: Type.String({ minLength: 1, maxLength: 128 }),
    }),
    errors: ['forbidden'],
    responses: { 200: { description: 'The document, with its own content type.' } },
    handler: async (context) => {
      const { document, bytes } = await library.download({
        orgId: context.query.org,
        documentId: context.params.id,
        expires: context.query.expires,
        signature: context.query.signature,
      });
      return {
        status: 200,
        body: bytes,
        headers: {
          'Content-Type': document.contentType,
          'Content-Disposition': `attachment; filename="${document.filename.replace(/["\\\r\n]/g, '_')}"`,
          'X-Content-Type-Options': 'nosniff',
          'Cache-Control': 'private, no-store',
        },
      };
    },
  }),
];
