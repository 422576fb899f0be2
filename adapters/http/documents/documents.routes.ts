import { Type } from '@sinclair/typebox';
import type { DocumentLibrary } from '../../../ports/documents/document-library.use-case.ts';
import { DOCUMENT_TYPES } from '../../../core/documents/stored-document.ts';
import type { RecordAccess } from '../../../ports/authorization/record-access.use-case.ts';
import { mapPage } from '../../../ports/shared/persistence/page.ts';
import { IdParams, OneOf, OrgIdQuery, PageQuery, pageOf } from '../shared/common.schemas.ts';
import { visibleAmong } from '../shared/record-scope.ts';
import { orgScope } from '../shared/org-scope.ts';
import { definePublicRoute, defineRoute, type RouteDefinition } from '../shared/route.ts';
import { attachmentDisposition, DocumentSchema, viewDocument } from './document.views.ts';

export const documentRoutes = (library: DocumentLibrary, records: RecordAccess, publicBaseUrl: string): RouteDefinition[] => [
  defineRoute({
    method: 'GET',
    path: '/v1/documents',
    operationId: 'listDocuments',
    summary:
      'Stored documents the caller may see (receipts, certificates, claim attachments, rendered and ingested files), newest first, each with a download URL valid for 15 minutes.',
    tags: ['documents'],
    permission: 'documents:read',
    query: Type.Object({
      ...PageQuery,
      ...OrgIdQuery,
      type: Type.Optional(OneOf(DOCUMENT_TYPES)),
      policyId: Type.Optional(Type.String({ maxLength: 128 })),
      claimId: Type.Optional(Type.String({ maxLength: 128 })),
    }),
    responses: { 200: { description: 'A page of documents.', schema: pageOf(DocumentSchema) } },
    handler: async (context) => {
      const { orgId, type, policyId, claimId, ...page } = context.query;
      const scope = orgScope(context, orgId);
      const filters = { ...(type ? { type } : {}), ...(policyId ? { policyId } : {}), ...(claimId ? { claimId } : {}) };
      const found = await library.list(scope, { ...filters, ...(await visibleAmong(records, context, scope, 'document')) }, page);
      return { status: 200, body: mapPage(found, ({ document, link }) => viewDocument(publicBaseUrl, document, link)) };
    },
  }),
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
      const { document, stream, size } = await library.download({
        orgId: context.query.org,
        documentId: context.params.id,
        expires: context.query.expires,
        signature: context.query.signature,
      });
      return {
        status: 200,
        body: stream,
        headers: {
          'Content-Length': String(size),
          'Content-Type': document.contentType,
          'Content-Disposition': attachmentDisposition(document.filename),
          'X-Content-Type-Options': 'nosniff',
          'Cache-Control': 'private, no-store',
        },
      };
    },
  }),
];
