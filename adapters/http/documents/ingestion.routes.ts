import { Type } from '@sinclair/typebox';
import { ACCEPTED_FILE_TYPES } from '../../../core/documents/content-sniffing.ts';
import { DOCUMENT_CLASSES, REVIEW_BELOW } from '../../../core/documents/document-classification.ts';
import { MAX_INGEST_BYTES, type DocumentIngestion } from '../../../ports/documents/document-ingestion.use-case.ts';
import { Nullable, OneOf, OrgIdQuery } from '../shared/common.schemas.ts';
import { FILE_UPLOAD_HELP, FilenameQuery, uploadedFile } from '../shared/file-upload.ts';
import { orgScope } from '../shared/org-scope.ts';
import { defineRoute, type RouteDefinition } from '../shared/route.ts';
import { DocumentSchema, viewDocument } from './document.views.ts';

const ClassificationSchema = Type.Object({
  type: OneOf(DOCUMENT_CLASSES),
  confidence: Type.Number({ minimum: 0, maximum: 1 }),
  needsReview: Type.Boolean({ description: `True when confidence is below ${REVIEW_BELOW}.` }),
  classifiedBy: OneOf(['embedded', 'ai'] as const, {
    description: 'The configured AI provider, or the embedded classifier (the default, and the fallback when the provider fails).',
  }),
});

const IngestedSchema = Type.Composite(
  [
    DocumentSchema,
    Type.Object({
      classification: ClassificationSchema,
      extracted: Nullable(
        Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]), {
          description:
            'Fields read from the document, for the types that have them (money in dollars): `acord_125` its applicant and risk fields, `loss_run` claimCount and totalPaid, totalReserves, totalIncurred, `acord_25_coi` policyNumber, effectiveDate and expirationDate.',
        }),
      ),
    }),
  ],
  { $id: 'IngestedDocument', description: 'An uploaded document, stored, with its classification and the fields read from it.' },
);

/** Documents uploaded to be classified and read: 20 a minute per caller. */
export const ingestionRoutes = (ingestion: DocumentIngestion, publicBaseUrl: string): RouteDefinition[] => [
  defineRoute({
    method: 'POST',
    path: '/v1/documents/ingest',
    operationId: 'ingestDocument',
    summary: 'Upload a document (up to 25 MiB) to be stored, classified and read.',
    description: `${FILE_UPLOAD_HELP} The file is typed by its bytes (${ACCEPTED_FILE_TYPES}); PDFs are read by their text and form, text files as they are. An AI provider classifies when one is configured, the embedded classifier otherwise or when it fails. Limited to 20 requests a minute.`,
    tags: ['documents'],
    permission: 'documents:write',
    feature: 'document_ingest',
    rateClass: 'ingest',
    query: Type.Object({
      ...OrgIdQuery,
      ...FilenameQuery,
    }),
    upload: { maxBytes: MAX_INGEST_BYTES, contentTypes: ['*/*'], field: 'file', rateClass: 'ingest' },
    errors: ['payload_too_large', 'unsupported_media_type', 'invalid_document', 'service_unavailable'],
    responses: { 201: { description: 'The stored document with its classification.', schema: IngestedSchema } },
    handler: async (context) => {
      const { file, claimedName } = uploadedFile(context);
      const ingested = await ingestion.ingest(context.principal, orgScope(context, context.query.orgId), file, claimedName);
      const { document, link, classification, classifiedBy, extracted } = ingested;
      return { status: 201, body: { ...viewDocument(publicBaseUrl, document, link), classification: { ...classification, classifiedBy }, extracted } };
    },
  }),
];
