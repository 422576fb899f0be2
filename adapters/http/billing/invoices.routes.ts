import { Type } from '@sinclair/typebox';
import type { Invoices } from '../../../ports/billing/invoices.use-cases.ts';
import { IdParams, OrgIdQuery, PageQuery, pageOf } from '../kernel/common.schemas.ts';
import { mapPage } from '../../../ports/persistence/page.ts';
import { orgScope } from '../kernel/org-scope.ts';
import { defineRoute, type RouteDefinition } from '../kernel/route.ts';
import { InvoiceSchema, viewInvoice } from '../underwriting/underwriting.views.ts';

export const invoiceRoutes = (invoices: Invoices): RouteDefinition[] => [
  defineRoute({
    method: 'GET',
    path: '/v1/invoices',
    operationId: 'listInvoices',
    summary: 'List invoices, newest first; filter by status and policy.',
    tags: ['billing'],
    permission: 'invoices:read',
    query: Type.Object({
      ...PageQuery,
      ...OrgIdQuery,
      status: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('paid'), Type.Literal('void')])),
      policyId: Type.Optional(Type.String({ minLength: 1 })),
    }),
    responses: { 200: { description: 'A page of invoices.', schema: pageOf(InvoiceSchema) } },
    handler: async (context) => {
      const { orgId, status, policyId, ...page } = context.query;
      const result = await invoices.list(orgScope(context, orgId), { ...(status ? { status } : {}), ...(policyId ? { policyId } : {}) }, page);
      return { status: 200, body: mapPage(result, viewInvoice) };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/invoices/:id',
    operationId: 'getInvoice',
    summary: 'An invoice with its payments.',
    tags: ['billing'],
    permission: 'invoices:read',
    params: IdParams,
    query: Type.Object(OrgIdQuery),
    responses: { 200: { description: 'The invoice.', schema: InvoiceSchema } },
    handler: async (context) => {
      const { invoice, payments } = await invoices.get(orgScope(context, context.query.orgId), context.params.id);
      return {
        status: 200,
        body: {
          ...viewInvoice(invoice),
          payments: payments.map((payment) => ({ id: payment.id, amount: payment.amount / 100, method: payment.method, reference: payment.reference, receivedAt: payment.receivedAt.toISOString() })),
        },
      };
    },
  }),
];
