import { Type, type Static } from '@sinclair/typebox';
import { ENVELOPE_STATUSES, type SigningEnvelope } from '../../../core/esign/envelope.ts';
import type { Envelopes } from '../../../ports/esign/envelopes.use-case.ts';
import { Email, IdParams, OneOf, OrgIdQuery, Text, Timestamp } from '../shared/common.schemas.ts';
import { orgScope } from '../shared/org-scope.ts';
import { defineRoute, type RouteDefinition } from '../shared/route.ts';
import { isoInstant } from '../../../core/shared/iso-instant.ts';

const SignerSchema = Type.Object({ name: Text({ minLength: 1, maxLength: 200 }), email: Email }, { additionalProperties: false });

const EnvelopeSchema = Type.Object(
  {
    id: Type.String(),
    documentId: Type.String(),
    externalDocumentId: Type.String({ description: 'The id the e-signature provider gave the document.' }),
    provider: Type.String({ description: 'The provider it was sent through: `local`, `docusign` or `dropbox-sign`.' }),
    status: OneOf(ENVELOPE_STATUSES),
    signers: Type.Array(SignerSchema),
    subject: Type.Union([Type.String(), Type.Null()]),
    completedAt: Type.Union([Timestamp('Set when the status becomes completed.'), Type.Null()]),
    signedDocumentId: Type.Union([Type.String({ description: 'The signed copy the provider returned, stored as a document (type `signed`).' }), Type.Null()]),
    voidedReason: Type.Union([Type.String(), Type.Null()]),
    createdAt: Timestamp(),
    updatedAt: Timestamp(),
  },
  { $id: 'SigningEnvelope', description: 'A document sent for e-signature, with its signers and status.' },
);

const viewEnvelope = (envelope: SigningEnvelope): Static<typeof EnvelopeSchema> => ({
  id: envelope.id,
  documentId: envelope.documentId,
  externalDocumentId: envelope.externalDocumentId,
  provider: envelope.provider,
  status: envelope.status,
  signers: envelope.signers.map((signer) => ({ name: signer.name, email: signer.email })),
  subject: envelope.subject,
  completedAt: envelope.completedAt ? isoInstant(envelope.completedAt) : null,
  signedDocumentId: envelope.signedDocumentId,
  voidedReason: envelope.voidedReason,
  createdAt: isoInstant(envelope.createdAt),
  updatedAt: isoInstant(envelope.updatedAt),
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
  defineRoute({
    method: 'POST',
    path: '/v1/esign/envelopes/:id/void',
    operationId: 'voidSigningEnvelope',
    summary: 'Withdraw an envelope still out for signature, at its provider and here.',
    description:
      'Only a `sent` or `viewed` envelope can be voided (else 422 `invalid_transition`). The provider withdraws it first; a provider that refuses or cannot be reached answers 502 `esign_provider_error` and the envelope stays as it was.',
    tags: ['esign'],
    permission: 'esign:write',
    params: IdParams,
    query: Type.Object(OrgIdQuery),
    body: Type.Object({ reason: Text({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false }),
    errors: ['invalid_transition', 'esign_provider_error'],
    responses: { 200: { description: 'The voided envelope.', schema: EnvelopeSchema } },
    handler: async (context) => ({
      status: 200,
      body: viewEnvelope(await envelopes.void(context.principal, orgScope(context, context.query.orgId), context.params.id, context.body.reason)),
    }),
  }),
];
