import { Type, type Static } from '@sinclair/typebox';
import { ENVELOPE_STATUSES, type SigningEnvelope } from '../../../core/esign/envelope.ts';
import type { Envelopes } from '../../../ports/esign/envelopes.use-case.ts';
import { Email, IdParams, OneOf, OrgIdQuery, Text, Timestamp } from '../shared/common.schemas.ts';
import { orgScope } from '../shared/org-scope.ts';
import { defineRoute, type RouteDefinition } from '../shared/route.ts';

const SignerSchema = Type.Object({ name: Text({ minLength: 1, maxLength: 200 }), email: Email }, { additionalProperties: false });

const EnvelopeSchema = Type.Object(
  {
    id: Type.String(),
    documentId: Type.String(),
    externalDocumentId: Type.String({ description: 'The id the e-signature provider gave the document.' }),
    status: OneOf(ENVELOPE_STATUSES),
    signers: Type.Array(SignerSchema),
    subject: Type.Union([Type.String(), Type.Null()]),
    completedAt: Type.Union([Timestamp('Set when the status becomes completed.'), Type.Null()]),
    createdAt: Timestamp(),
    updatedAt: Timestamp(),
  },
  { $id: 'SigningEnvelope', description: 'A document sent for e-signature, with its signers and status.' },
);

const viewEnvelope = (envelope: SigningEnvelope): Static<typeof EnvelopeSchema> => ({
  id: envelope.id,
  documentId: envelope.documentId,
  externalDocumentId: envelope.externalDocumentId,
  status: envelope.status,
  signers: envelope.signers.map((signer) => ({ name: signer.name, email: signer.email })),
  subject: envelope.subject,
  completedAt: envelope.completedAt ? envelope.completedAt.toISOString() : null,
  createdAt: envelope.createdAt.toISOString(),
  updatedAt: envelope.updatedAt.toISOString(),
});

export const esignRoutes = (envelopes: Envelopes): RouteDefinition[] => [
  defineRoute({
    method: 'POST',
    path: '/v1/esign/envelopes',
    operationId: 'createSigningEnvelope',
    summary: 'Send a stored document for signature; the envelope starts as sent and follows the provider’s events.',
    tags: ['esign'],
    permission: 'esign:write',
    query: Type.Object(OrgIdQuery),
    body: Type.Object(
      {
        documentId: Type.String({ minLength: 1, maxLength: 128 }),
        signers: Type.Array(SignerSchema, { minItems: 1, maxItems: 20 }),
        subject: Type.Optional(Text({ minLength: 1, maxLength: 300 })),
      },
      { additionalProperties: false },
    ),
    responses: { 201: { description: 'The envelope.', schema: EnvelopeSchema } },
    handler: async (context) => ({
      status: 201,
      body: viewEnvelope(await envelopes.send(context.principal, orgScope(context, context.query.orgId), context.body)),
    }),
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/esign/envelopes/:id',
    operationId: 'getSigningEnvelope',
    summary: 'A signing envelope and its status.',
    tags: ['esign'],
    permission: 'esign:read',
    params: IdParams,
    query: Type.Object(OrgIdQuery),
    responses: { 200: { description: 'The envelope.', schema: EnvelopeSchema } },
    handler: async (context) => ({ status: 200, body: viewEnvelope(await envelopes.get(orgScope(context, context.query.orgId), context.params.id)) }),
  }),
];
