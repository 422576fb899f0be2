import { Type } from '@sinclair/typebox';
import { POLICY_DOCUMENT_TYPES, type PolicyDocument } from '../../../core/policy/policy-documents.ts';
import { isoInstant } from '../../../core/shared/iso-instant.ts';
import type { PolicyDocuments } from '../../../ports/policy/policy-documents.use-case.ts';
import { IdParams, named, Nullable, OneOf, OrgIdQuery, Timestamp } from '../shared/common.schemas.ts';
import { orgScope } from '../shared/org-scope.ts';
import { defineRoute, type RouteDefinition } from '../shared/route.ts';

const PolicyDocumentSchema = named(
  'PolicyDocument',
  'A document of a policy (CONTRACT 18.8): recorded pending by the transaction that issues it, drawn once, never changed after.',
  Type.Object({
    id: Type.String(),
    type: OneOf(POLICY_DOCUMENT_TYPES),
    transactionId: Nullable(Type.String({ description: 'The timeline entry of the transaction that issued it.' })),
    forms: Type.Array(Type.Object({ formNumber: Type.String(), edition: Type.String() }), { description: 'The schedule of forms it was issued with.' }),
    status: OneOf(['pending', 'issued'] as const),
    issuedAt: Nullable(Timestamp()),
    sha256: Nullable(Type.String({ description: 'The SHA-256 of its bytes; null while pending.' })),
    documentId: Nullable(Type.String({ description: 'The stored file, downloadable through GET /v1/documents/{id}; null while pending.' })),
    certificate: Nullable(
      Type.Object(
        { certificateNumber: Type.String(), holder: Type.String(), additionalInsured: Type.Boolean(), subrogationWaived: Type.Boolean() },
        { description: 'A certificate of insurance (`coi`): its number, holder, and whether it marks ADDL INSD and SUBR WVD.' },
      ),
    ),
  }),
);

const viewPolicyDocument = (document: PolicyDocument) => ({
  id: document.id,
  type: document.type,
  transactionId: document.transactionId,
  forms: document.forms.map((form) => ({ formNumber: form.formNumber, edition: form.edition })),
  status: document.status,
  issuedAt: document.issuedAt ? isoInstant(document.issuedAt) : null,
  sha256: document.sha256,
  documentId: document.documentId,
  certificate:
    document.content.kind === 'coi'
      ? {
          certificateNumber: document.content.certificateNumber,
          holder: document.content.holder,
          additionalInsured: document.content.additionalInsured,
          subrogationWaived: document.content.subrogationWaived,
        }
      : null,
});

/** The documents of a policy, for those who may see the policy. */
export const policyDocumentRoutes = (documents: PolicyDocuments): RouteDefinition[] => [
  defineRoute({
    method: 'GET',
    path: '/v1/policies/:id/documents',
    record: { type: 'policy', relation: 'viewer' },
    operationId: 'listPolicyDocuments',
    summary: 'The documents of a policy, newest last: the declarations of each term, and each change’s endorsement, each drawn once and never changed.',
    tags: ['policies'],
    permission: 'policies:read',
    params: IdParams,
    query: Type.Object(OrgIdQuery),
    responses: {
      200: {
        description: 'The documents.',
        schema: Type.Object(
          { data: Type.Array(PolicyDocumentSchema) },
          { $id: 'PolicyDocumentCollection', description: 'Every document of a policy, not paged.' },
        ),
      },
    },
    handler: async (context) => ({
      status: 200,
      body: { data: (await documents.list(orgScope(context, context.query.orgId), context.params.id)).map(viewPolicyDocument) },
    }),
  }),
];
