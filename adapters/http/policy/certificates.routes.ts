import { Type } from '@sinclair/typebox';
import type { RecordAccess } from '../../../ports/authorization/record-access.use-case.ts';
import type { Certificates } from '../../../ports/policy/certificates.use-case.ts';
import { LongText, OrgIdQuery, PostalAddressSchema, Text } from '../shared/common.schemas.ts';
import { orgScope } from '../shared/org-scope.ts';
import { defineRoute, type RouteDefinition } from '../shared/route.ts';
import { DocumentSchema, viewDocument } from '../documents/document.views.ts';

const CertificateRequest = Type.Object(
  {
    policyId: Type.String({ minLength: 1, maxLength: 128 }),
    certificateHolder: Type.Object(
      {
        name: Text({ minLength: 1, maxLength: 200 }),
        address: Type.Union([
          PostalAddressSchema,
          LongText({
            minLength: 1,
            maxLength: 400,
            description: 'Free text as on the ACORD 25 holder block: 1 to 4 lines separated by line breaks.',
          }),
        ]),
      },
      { additionalProperties: false },
    ),
    additionalInsured: Type.Optional(
      Type.Union([Type.Boolean(), Text({ minLength: 1, maxLength: 200 })], {
        description:
          '`true`: the holder is named additional insured; a name: that party. It must be scheduled on the policy with the additional insured endorsement attached, else 422 `not_additional_insured`.',
      }),
    ),
    description: Type.Optional(LongText({ minLength: 1, maxLength: 1000, description: 'Description of operations, locations or vehicles.' })),
  },
  { additionalProperties: false },
);

const CertificateSchema = Type.Composite(
  [DocumentSchema, Type.Object({ certificateNumber: Type.String({ description: 'COI-<year>-<sequence>, unique within the organization.' }) })],
  { $id: 'Certificate', description: 'A certificate of insurance (ACORD 25), stored as a document.' },
);

/** Certificates of insurance (ACORD 25 style) for the policies the caller may see. */
export const certificateRoutes = (certificates: Certificates, records: RecordAccess, publicBaseUrl: string): RouteDefinition[] => [
  defineRoute({
    method: 'POST',
    path: '/v1/coi/generate',
    operationId: 'generateCertificate',
    summary: 'Generate a certificate of insurance (ACORD 25 style PDF) for a policy in force, with a download URL valid for 15 minutes.',
    description: 'A cancelled or expired policy has no coverage to certify: 422 `policy_not_in_force`. A producer certifies its own policies only.',
    tags: ['documents'],
    permission: 'coi:generate',
    query: Type.Object(OrgIdQuery),
    body: CertificateRequest,
    errors: ['policy_not_in_force', 'not_additional_insured'],
    responses: { 201: { description: 'The certificate, stored.', schema: CertificateSchema } },
    handler: async (context) => {
      const orgId = orgScope(context, context.query.orgId);
      await records.assert(context.principal, orgId, 'policy', context.body.policyId, 'viewer');
      const { document, link } = await certificates.generate(context.principal, orgId, context.body);
      return { status: 201, body: { ...viewDocument(publicBaseUrl, document, link), certificateNumber: document.certificateNumber ?? '' } };
    },
  }),
];
