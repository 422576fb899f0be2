import { Type, type Static } from '@sinclair/typebox';
import { PUSH_PLATFORMS } from '../../../core/portal/insured-profile.ts';
import { DomainError } from '../../../core/shared/domain-error.ts';
import type { Principal } from '../../../core/shared/access/principal.ts';
import type { LinkedDocument } from '../../../ports/documents/document-library.use-case.ts';
import { mapPage } from '../../../ports/shared/persistence/page.ts';
import type { Insured, PolicyholderPortal } from '../../../ports/portal/policyholder-portal.use-case.ts';
import { InvoiceSchema, viewInvoice } from '../billing/invoice.views.ts';
import { DocumentSchema, downloadUrl, viewDocument } from '../documents/document.views.ts';
import { collectionOf, IdParams, OneOf, pageOf, PageQuery, PostalAddressSchema, Timestamp } from '../shared/common.schemas.ts';
import { defineRoute, type RouteDefinition } from '../shared/route.ts';
import { PortalHomeSchema, PortalPolicySchema, ProfileSchema, viewHome, viewPortalPolicy } from './portal.views.ts';
import { isoInstant } from '../../../core/shared/iso-instant.ts';

/** Staff credentials (and the machine secret) are refused here as policyholder tokens are refused everywhere else. */
const insuredOf = (context: { principal: Principal }): Insured => {
  if (context.principal.kind !== 'policyholder') throw new DomainError('forbidden', 'The policyholder portal takes policyholder tokens only.');
  return context.principal;
};

const DownloadSchema = Type.Object(
  {
    url: Type.String({ description: 'Works without any token until expiresAt (15 minutes); altering any part of it makes it fail.' }),
    expiresAt: Timestamp(),
  },
  { $id: 'DownloadLink', description: 'A signed link to download a document without credentials.' },
);

const portal = { tags: ['portal'], permission: 'portal:read' as const, feature: 'policyholder_portal' as const };

/** The policyholder portal: the insured's own policy, invoices, claims and documents. */
export const portalRoutes = (portalUseCase: PolicyholderPortal, publicBaseUrl: string): RouteDefinition[] => {
  const download = ({ link }: LinkedDocument): Static<typeof DownloadSchema> => ({
    url: downloadUrl(publicBaseUrl, link),
    expiresAt: isoInstant(link.expiresAt),
  });
  const downloadAnswer = { 200: { description: 'A signed download URL.', schema: DownloadSchema } };
  return [
    defineRoute({
      ...portal,
      method: 'GET',
      path: '/v1/portal/home',
      operationId: 'portalHome',
      summary: "The insured's dashboard: policy terms, amount due and the next invoice, open claims, recent documents.",
      responses: { 200: { description: 'The dashboard.', schema: PortalHomeSchema } },
      handler: async (context) => ({ status: 200, body: viewHome(await portalUseCase.home(insuredOf(context)), publicBaseUrl) }),
    }),
    defineRoute({
      ...portal,
      method: 'GET',
      path: '/v1/portal/policies',
      operationId: 'portalPolicies',
      summary: "The insured's policy: every term, the renewals and the terms it renewed, oldest first.",
      responses: { 200: { description: 'The terms.', schema: collectionOf(PortalPolicySchema) } },
      handler: async (context) => ({ status: 200, body: { data: (await portalUseCase.terms(insuredOf(context))).map(viewPortalPolicy) } }),
    }),
    defineRoute({
      ...portal,
      method: 'GET',
      path: '/v1/portal/policies/:id',
      operationId: 'portalPolicy',
      summary: 'One term of the insured’s policy; any other policy is 404.',
      params: IdParams,
      responses: { 200: { description: 'The term.', schema: PortalPolicySchema } },
      handler: async (context) => ({ status: 200, body: viewPortalPolicy(await portalUseCase.policy(insuredOf(context), context.params.id)) }),
    }),
    defineRoute({
      ...portal,
      method: 'GET',
      path: '/v1/portal/policies/:id/coi',
      operationId: 'portalCertificate',
      summary: 'A certificate of insurance naming the insured, as a signed download URL (drawn once per version of the policy).',
      params: IdParams,
      errors: ['policy_not_in_force'],
      responses: downloadAnswer,
      handler: async (context) => ({ status: 200, body: download(await portalUseCase.certificate(insuredOf(context), context.params.id)) }),
    }),
    defineRoute({
      ...portal,
      method: 'GET',
      path: '/v1/portal/policies/:id/mcs90',
      operationId: 'portalMcs90',
      summary: 'The MCS-90 endorsement of a motor carrier (AUTO) policy as a signed download URL; another line is 404.',
      params: IdParams,
      errors: ['policy_not_in_force'],
      responses: downloadAnswer,
      handler: async (context) => ({ status: 200, body: download(await portalUseCase.mcs90(insuredOf(context), context.params.id)) }),
    }),
    defineRoute({
      ...portal,
      method: 'GET',
      path: '/v1/portal/invoices',
      operationId: 'portalInvoices',
      summary: "The invoices of the insured's policy terms, newest first.",
      query: Type.Object(PageQuery),
      responses: { 200: { description: 'A page of invoices.', schema: pageOf(InvoiceSchema) } },
      handler: async (context) => ({ status: 200, body: mapPage(await portalUseCase.invoices(insuredOf(context), context.query), viewInvoice) }),
    }),
    defineRoute({
      ...portal,
      method: 'GET',
      path: '/v1/portal/invoices/:id',
      operationId: 'portalInvoice',
      summary: "One of the insured's invoices; any other is 404.",
      params: IdParams,
      responses: { 200: { description: 'The invoice.', schema: InvoiceSchema } },
      handler: async (context) => ({ status: 200, body: viewInvoice(await portalUseCase.invoice(insuredOf(context), context.params.id)) }),
    }),
    defineRoute({
      ...portal,
      method: 'GET',
      path: '/v1/portal/invoices/:id/download',
      operationId: 'portalInvoicePdf',
      summary: 'The invoice as a PDF (rendered once per state of the invoice), as a signed download URL.',
      params: IdParams,
      errors: ['service_unavailable'],
      responses: downloadAnswer,
      handler: async (context) => ({ status: 200, body: download(await portalUseCase.invoicePdf(insuredOf(context), context.params.id)) }),
    }),
    defineRoute({
      ...portal,
      method: 'GET',
      path: '/v1/portal/documents',
      operationId: 'portalDocuments',
      summary: "Documents about the insured's policy terms (certificates, receipts, invoices), newest first.",
      query: Type.Object(PageQuery),
      responses: { 200: { description: 'A page of documents.', schema: pageOf(DocumentSchema) } },
      handler: async (context) => ({
        status: 200,
        body: mapPage(await portalUseCase.documents(insuredOf(context), context.query), ({ document, link }) => viewDocument(publicBaseUrl, document, link)),
      }),
    }),
    defineRoute({
      ...portal,
      method: 'GET',
      path: '/v1/portal/documents/:id/download',
      operationId: 'portalDocumentDownload',
      summary: "A signed download URL for one of the insured's documents; any other document is 404.",
      params: IdParams,
      responses: downloadAnswer,
      handler: async (context) => ({ status: 200, body: download(await portalUseCase.document(insuredOf(context), context.params.id)) }),
    }),
    defineRoute({
      ...portal,
      method: 'GET',
      path: '/v1/portal/profile',
      operationId: 'portalProfile',
      summary: "The insured's contact details: e-mail on file, phone and postal address.",
      responses: { 200: { description: 'The profile.', schema: ProfileSchema } },
      handler: async (context) => ({ status: 200, body: await portalUseCase.profile(insuredOf(context)) }),
    }),
    defineRoute({
      ...portal,
      permission: 'portal:write',
      method: 'PUT',
      path: '/v1/portal/profile',
      operationId: 'updatePortalProfile',
      summary: "Update the insured's phone (E.164) and postal address; the e-mail on file stays the policy's.",
      body: Type.Object(
        {
          phone: Type.Optional(Type.String({ pattern: '^\\+[1-9][0-9]{1,14}$', description: 'E.164, such as +14155550123.', examples: ['+14155550123'] })),
          address: Type.Optional(PostalAddressSchema),
        },
        { additionalProperties: false },
      ),
      responses: { 200: { description: 'The profile as updated.', schema: ProfileSchema } },
      handler: async (context) => ({ status: 200, body: await portalUseCase.updateProfile(insuredOf(context), context.body) }),
    }),
    defineRoute({
      ...portal,
      permission: 'portal:write',
      method: 'POST',
      path: '/v1/portal/push-tokens',
      operationId: 'registerPushToken',
      summary: "Register a device for the insured's notifications; a token already registered is refreshed, not stored twice (10 devices kept per insured).",
      body: Type.Object(
        {
          token: Type.String({ minLength: 8, maxLength: 4096, pattern: '^[\\x21-\\x7e]+$', description: 'The device token as the platform issued it.' }),
          platform: OneOf(PUSH_PLATFORMS),
        },
        { additionalProperties: false },
      ),
      responses: {
        201: {
          description: 'The device, registered.',
          schema: Type.Object(
            { id: Type.String(), platform: OneOf(PUSH_PLATFORMS), createdAt: Timestamp(), updatedAt: Timestamp() },
            { $id: 'PushToken', description: 'A device registered for the insured’s notifications.' },
          ),
        },
      },
      handler: async (context) => {
        const registered = await portalUseCase.registerPushToken(insuredOf(context), context.body.token, context.body.platform);
        return {
          status: 201,
          body: {
            id: registered.id,
            platform: registered.platform,
            createdAt: isoInstant(registered.createdAt),
            updatedAt: isoInstant(registered.updatedAt),
          },
        };
      },
    }),
  ];
};
