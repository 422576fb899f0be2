import { Type } from '@sinclair/typebox';
import type { DocumentLibrary } from '../../../ports/documents/document-library.use-case.ts';
import { IdParams, OrgIdQuery } from '../kernel/common.schemas.ts';
import { orgScope } from '../kernel/org-scope.ts';
import { definePublicRoute, defineRoute, type RouteDefinition } from '../kernel/route.ts';
import { attachmentDisposition, DocumentSchema, viewDocument } from './document.views.ts';

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
