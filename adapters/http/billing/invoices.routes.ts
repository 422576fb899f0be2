import { Type } from '@sinclair/typebox';
import type { Invoices } from '../../../ports/billing/invoices.use-cases.ts';
import type { InvoiceSettlement } from '../../../ports/billing/invoice-settlement.use-cases.ts';
import type { Payment } from '../../../core/billing/payment.ts';
import { dollarsToCents } from '../../../core/shared/money.ts';
import { IdParams, OneOf, OrgIdQuery, PageQuery, pageOf } from '../kernel/common.schemas.ts';
import { mapPage } from '../../../ports/persistence/page.ts';
import { orgScope } from '../kernel/org-scope.ts';
import { defineRoute, type RouteDefinition } from '../kernel/route.ts';
import { InvoiceSchema, viewInvoice } from '../underwriting/underwriting.views.ts';

const PaymentSchema = Type.Object({ id: Type.String(), amount: Type.Number(), method: Type.String(), reference: Type.String(), receivedAt: Type.String({ format: 'date-time' }) });
const viewPayment = (payment: Payment) => ({ id: payment.id, amount: payment.amount / 100, method: payment.method, reference: payment.reference, receivedAt: payment.receivedAt.toISOString() });

export const invoiceRoutes = (invoices: Invoices, settlement: InvoiceSettlement): RouteDefinition[] => [
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
          payments: payments.map(viewPayment),
        },
      };
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/invoices/:id/pay',
    operationId: 'payInvoice',
    summary: 'Record a manual payment; the same reference twice records one payment; more than is outstanding is refused.',
    tags: ['billing'],
    permission: 'invoices:write',
    params: IdParams,
    query: Type.Object(OrgIdQuery),
    body: Type.Object(
      { amount: Type.Number({ exclusiveMinimum: 0 }), method: OneOf(['ach', 'check', 'wire', 'card', 'other'] as const), reference: Type.String({ minLength: 1, maxLength: 128 }) },
      { additionalProperties: false },
    ),
    errors: ['invalid_transition', 'overpayment', 'duplicate'],
    responses: { 201: { description: 'The payment.', schema: PaymentSchema } },
    handler: async (context) => ({
      status: 201,
      body: viewPayment(
        await settlement.pay(orgScope(context, context.query.orgId), context.params.id, { ...context.body, amount: dollarsToCents(context.body.amount, 'amount') }),
      ),
    }),
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/invoices/:id/void',
    operationId: 'voidInvoice',
    summary: 'Void an open invoice that has received no payment.',
    tags: ['billing'],
    permission: 'invoices:write',
    params: IdParams,
    query: Type.Object(OrgIdQuery),
    errors: ['invalid_transition'],
    responses: { 200: { description: 'The voided invoice.', schema: InvoiceSchema } },
    handler: async (context) => ({ status: 200, body: viewInvoice(await settlement.void(orgScope(context, context.query.orgId), context.params.id)) }),
  }),
];
