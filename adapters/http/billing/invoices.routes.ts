import { invoiceNumberPrefix } from '../../../core/billing/invoice-search.ts';
import type { LocalPaymentConfirmer } from '../../../ports/billing/local-payment-confirmer.port.ts';
import type { RecordAccess } from '../../../ports/authorization/record-access.use-case.ts';
import { visibleAmong } from '../shared/record-scope.ts';
import { Type } from '@sinclair/typebox';
import type { Invoices } from '../../../ports/billing/invoices.use-case.ts';
import type { InvoicePayments } from '../../../ports/billing/invoice-payments.use-case.ts';
import type { CardPayments } from '../../../ports/billing/card-payments.use-case.ts';
import type { PaymentRefunds } from '../../../ports/billing/payment-refunds.use-case.ts';
import type { InvoiceWriteOffs } from '../../../ports/billing/invoice-write-offs.use-case.ts';
import { dollarsToCents } from '../../../core/shared/money.ts';
import { INVOICE_STATUSES } from '../../../core/billing/invoice.ts';
import { IdParams, LongText, Money, named, OneOf, OrgIdQuery, pageOf, PageQuery, Text } from '../shared/common.schemas.ts';
import { mapPage } from '../../../ports/shared/persistence/page.ts';
import { orgScope } from '../shared/org-scope.ts';
import { defineRoute, type RouteDefinition } from '../shared/route.ts';
import { InvoiceSchema, viewInvoice } from './invoice.views.ts';
import { paymentIntentRoute } from './payment-intent.routes.ts';

import { PaymentAttemptSchema, PaymentSchema, viewAttempt, viewPayment } from './billing.views.ts';

const PositiveDollars = (description: string) => Money({ exclusiveMinimum: 0, description });

export const invoiceRoutes = (
  invoices: Invoices,
  invoicePayments: InvoicePayments,
  cards: CardPayments,
  refunds: PaymentRefunds,
  writeOffs: InvoiceWriteOffs,
  records: RecordAccess,
  confirmLocally: LocalPaymentConfirmer | null = null,
): RouteDefinition[] => [
  defineRoute({
    method: 'GET',
    path: '/v1/invoices',
    operationId: 'listInvoices',
    summary:
      'List invoices, newest first; filter by status and policy, and search by `q`: the beginning of the invoice number, or of the policy number that begins it (`GL-2027-000123` finds that policy’s invoices; parts may be separated by anything, case ignored; more than 2,000 matches is 400 `validation_failed` with rule `too_broad`).',
    tags: ['billing'],
    permission: 'invoices:read',
    query: Type.Object({
      ...PageQuery,
      ...OrgIdQuery,
      status: Type.Optional(OneOf(INVOICE_STATUSES)),
      policyId: Type.Optional(Type.String({ minLength: 1 })),
      q: Type.Optional(
        Text({
          minLength: 2,
          maxLength: 200,
          examples: ['GL-2027'],
          description: 'The beginning of the invoice number or of the policy number (which begins it), any separators, case ignored.',
        }),
      ),
    }),
    responses: { 200: { description: 'A page of invoices.', schema: pageOf(InvoiceSchema) } },
    handler: async (context) => {
      const { orgId, status, policyId, q, ...page } = context.query;
      const scope = orgScope(context, orgId);
      // An invoice is reached through its policy: the caller's invoices are those of the policies it reaches.
      const { among } = await visibleAmong(records, context, scope, 'policy');
      const result = await invoices.list(
        scope,
        {
          ...(status ? { status } : {}),
          ...(policyId ? { policyId } : {}),
          ...(among ? { policyIds: among } : {}),
          ...(q === undefined ? {} : { numberPrefix: invoiceNumberPrefix(q) }),
        },
        page,
      );
      return { status: 200, body: mapPage(result, viewInvoice) };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/invoices/:id',
    record: { type: 'invoice', relation: 'viewer' },
    operationId: 'getInvoice',
    summary: 'An invoice with its payments.',
    tags: ['billing'],
    permission: 'invoices:read',
    params: IdParams,
    query: Type.Object(OrgIdQuery),
    responses: {
      200: {
        description: 'The invoice with its payments.',
        schema: named(
          'InvoiceDetail',
          'An invoice with the payments made on it.',
          Type.Composite([InvoiceSchema, Type.Object({ payments: Type.Array(PaymentSchema) })]),
        ),
      },
    },
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
    record: { type: 'invoice', relation: 'editor' },
    operationId: 'payInvoice',
    summary: 'Record a manual payment; the same reference twice records one payment; more than is outstanding is refused.',
    tags: ['billing'],
    permission: 'invoices:write',
    params: IdParams,
    query: Type.Object(OrgIdQuery),
    body: Type.Object(
      {
        amount: PositiveDollars('Dollars, at most what is outstanding.'),
        method: OneOf(['ach', 'check', 'wire', 'card', 'other'] as const),
        reference: Text({ minLength: 1, maxLength: 128 }),
      },
      { additionalProperties: false },
    ),
    errors: ['invalid_transition', 'overpayment', 'duplicate'],
    responses: { 201: { description: 'The payment.', schema: PaymentSchema } },
    handler: async (context) => ({
      status: 201,
      body: viewPayment(
        await invoicePayments.pay(context.principal, orgScope(context, context.query.orgId), context.params.id, {
          ...context.body,
          amount: dollarsToCents(context.body.amount, 'amount'),
        }),
      ),
    }),
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/invoices/:id/void',
    record: { type: 'invoice', relation: 'editor' },
    operationId: 'voidInvoice',
    summary:
      'Void an open invoice that bills nothing and has received no payment. A premium invoice (installment, adjustment or credit) is not voided on its own (422 `premium_installment`): endorse or cancel the policy, or write the charge off.',
    tags: ['billing'],
    permission: 'invoices:write',
    params: IdParams,
    query: Type.Object(OrgIdQuery),
    errors: ['invalid_transition', 'premium_installment'],
    responses: { 200: { description: 'The voided invoice.', schema: InvoiceSchema } },
    handler: async (context) => ({
      status: 200,
      body: viewInvoice(await invoicePayments.void(context.principal, orgScope(context, context.query.orgId), context.params.id)),
    }),
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/invoices/:id/write-off',
    record: { type: 'invoice', relation: 'editor' },
    operationId: 'writeOffInvoice',
    summary:
      'Write off what is left unpaid of an open charge, as uncollectible: the invoice becomes `written_off`, the insured no longer owes the amount (policy account), and the write-off is booked today with its ledger posting (premium receivable reduced). The premium stays written. Billing and organization administrators.',
    tags: ['billing'],
    permission: 'ledger:write-off',
    params: IdParams,
    query: Type.Object(OrgIdQuery),
    body: Type.Object({ reason: Text({ minLength: 1, maxLength: 1000 }) }, { additionalProperties: false }),
    errors: ['invalid_transition', 'conflict'],
    responses: { 200: { description: 'The written-off invoice.', schema: InvoiceSchema } },
    handler: async (context) => ({
      status: 200,
      body: viewInvoice(await writeOffs.writeOff(context.principal, orgScope(context, context.query.orgId), context.params.id, context.body.reason)),
    }),
  }),
  paymentIntentRoute(cards, confirmLocally),
  defineRoute({
    method: 'POST',
    path: '/v1/invoices/:id/refund',
    record: { type: 'invoice', relation: 'editor' },
    operationId: 'refundInvoice',
    summary:
      'Refund part or all of a payment: through the payment processor for card payments it took, recorded directly for others. A negative payment; a paid invoice no longer covered goes back to open.',
    description:
      'Without `paymentId` the newest payment with enough left to refund is used. A repeated `reference` returns the first refund instead of refunding again. Refunds above $1,000 are flagged for manual review.',
    tags: ['billing'],
    permission: 'invoices:write',
    params: IdParams,
    query: Type.Object(OrgIdQuery),
    body: Type.Object(
      {
        amount: PositiveDollars('Dollars to give back.'),
        paymentId: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
        reference: Type.Optional(Text({ minLength: 1, maxLength: 128, description: 'Your reference; makes repeating the request safe.' })),
        reason: Type.Optional(LongText({ maxLength: 500 })),
      },
      { additionalProperties: false },
    ),
    errors: ['refund_exceeds_payments', 'payment_processor_error'],
    responses: {
      201: {
        description: 'The refund (a negative payment) and the invoice after it.',
        schema: Type.Object(
          { payment: PaymentSchema, invoice: InvoiceSchema },
          { $id: 'Refund', description: 'The refund payment and the invoice it was made on.' },
        ),
      },
    },
    handler: async (context) => {
      const { paymentId, reference } = context.body;
      const result = await refunds.refund(context.principal, orgScope(context, context.query.orgId), context.params.id, {
        amount: dollarsToCents(context.body.amount, 'amount'),
        ...(paymentId ? { paymentId } : {}),
        ...(reference ? { reference } : {}),
      });
      return { status: 201, body: { payment: viewPayment(result.payment), invoice: viewInvoice(result.invoice) } };
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/invoices/:id/retry',
    record: { type: 'invoice', relation: 'editor' },
    operationId: 'retryInvoicePayment',
    summary: 'Retry the newest failed card payment of an open invoice with its payment method; the outcome arrives from the processor as payment events.',
    tags: ['billing'],
    permission: 'invoices:write',
    params: IdParams,
    query: Type.Object(OrgIdQuery),
    errors: ['invalid_transition', 'payment_processor_error'],
    responses: { 200: { description: 'The payment attempt after the retry.', schema: PaymentAttemptSchema } },
    handler: async (context) => ({
      status: 200,
      body: viewAttempt(await cards.retry(context.principal, orgScope(context, context.query.orgId), context.params.id)),
    }),
  }),
];
