import { createHash } from 'node:crypto';
import type { LocalPaymentConfirmer } from '../../../ports/billing/local-payment-confirmer.port.ts';
import type { RecordAccess } from '../../../ports/authorization/record-access.use-case.ts';
import { visibleAmong } from '../shared/record-scope.ts';
import { Type } from '@sinclair/typebox';
import type { Invoices } from '../../../ports/billing/invoices.use-case.ts';
import type { InvoicePayments } from '../../../ports/billing/invoice-payments.use-case.ts';
import type { CardPayments } from '../../../ports/billing/card-payments.use-case.ts';
import { validationFailed } from '../../../core/shared/domain-error.ts';
import { dollarsToCents } from '../../../core/shared/money.ts';
import { IdParams, LongText, Money, named, OneOf, OrgIdQuery, pageOf, PageQuery, Text } from '../shared/common.schemas.ts';
import { mapPage } from '../../../ports/shared/persistence/page.ts';
import { orgScope } from '../shared/org-scope.ts';
import { defineRoute, type RouteDefinition } from '../shared/route.ts';
import { InvoiceSchema, viewInvoice } from './invoice.views.ts';

import { PaymentAttemptSchema, PaymentIntentSchema, PaymentSchema, viewAttempt, viewPayment } from './billing.views.ts';

const PositiveDollars = (description: string) => Money({ exclusiveMinimum: 0, description });

export const invoiceRoutes = (
  invoices: Invoices,
  invoicePayments: InvoicePayments,
  cards: CardPayments,
  records: RecordAccess,
  confirmLocally: LocalPaymentConfirmer | null = null,
): RouteDefinition[] => [
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
      const scope = orgScope(context, orgId);
      // An invoice is reached through its policy: the caller's invoices are those of the policies it reaches.
      const { among } = await visibleAmong(records, context, scope, 'policy');
      const result = await invoices.list(
        scope,
        { ...(status ? { status } : {}), ...(policyId ? { policyId } : {}), ...(among ? { policyIds: among } : {}) },
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
    summary: 'Void an open invoice that has received no payment.',
    tags: ['billing'],
    permission: 'invoices:write',
    params: IdParams,
    query: Type.Object(OrgIdQuery),
    errors: ['invalid_transition'],
    responses: { 200: { description: 'The voided invoice.', schema: InvoiceSchema } },
    handler: async (context) => ({
      status: 200,
      body: viewInvoice(await invoicePayments.void(context.principal, orgScope(context, context.query.orgId), context.params.id)),
    }),
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/invoices/:id/payment-intent',
    record: { type: 'invoice', relation: 'editor' },
    operationId: 'createInvoicePaymentIntent',
    summary:
      'Create a card payment intent with the payment processor for what is outstanding (or a smaller amount); a retry of the same attempt (`attemptId`, else the Idempotency-Key) returns the same intent, and each new attempt is a new intent.',
    description:
      'The intent carries `metadata.invoiceId` and `metadata.orgId`; the payment is recorded when the processor reports `payment_intent.succeeded`. `clientSecret` is for the payer’s browser and is not stored. In `local` with the local gateway (no `STRIPE_SECRET_KEY`), `confirm: true` completes the payment at once as if the payer confirmed a test card: the `payment_intent.succeeded` event is signed and processed by the same verified pipeline, so the answer already shows `succeeded` and the invoice its payment; elsewhere `confirm` is refused (400).',
    tags: ['billing'],
    permission: 'invoices:write',
    params: IdParams,
    query: Type.Object(OrgIdQuery),
    body: Type.Object(
      {
        amount: Type.Optional(PositiveDollars('Dollars; defaults to what is outstanding; more than is outstanding is 422 `amount_exceeds_balance`.')),
        attemptId: Type.Optional(
          Type.String({
            minLength: 1,
            maxLength: 128,
            pattern: '^[A-Za-z0-9_.:-]+$',
            description:
              'The payer’s attempt: sending it again (a retry after a timeout) reaches the same intent. Without it the Idempotency-Key stands for the attempt, and without either each request is a new attempt.',
          }),
        ),
        confirm: Type.Optional(
          Type.Boolean({ description: 'Only in `local` with the local gateway: complete the payment now, as if the payer confirmed a test card.' }),
        ),
      },
      { additionalProperties: false },
    ),
    errors: ['invalid_transition', 'amount_exceeds_balance', 'payment_processor_error'],
    responses: {
      201: {
        description: 'The payment intent.',
        schema: PaymentIntentSchema,
      },
    },
    handler: async (context) => {
      const amount = context.body?.amount === undefined ? null : dollarsToCents(context.body.amount, 'amount');
      const confirm = context.body?.confirm === true;
      if (confirm && !confirmLocally)
        throw validationFailed(
          'confirm',
          'local_only',
          'confirm is only available in local with the local payment gateway; the payer confirms with the clientSecret.',
        );
      const orgId = orgScope(context, context.query.orgId);
      const idempotencyKey = context.headers['idempotency-key'];
      // The key is up to 255 characters; its digest keeps the processor's own key within its limit.
      const attemptId =
        context.body?.attemptId ?? (typeof idempotencyKey === 'string' ? `key:${createHash('sha256').update(idempotencyKey).digest('base64url')}` : null);
      const { attempt, clientSecret } = await cards.createIntent(context.principal, orgId, context.params.id, amount, attemptId);
      if (!confirm || !confirmLocally) return { status: 201, body: { ...viewAttempt(attempt), clientSecret } };
      const processed = await confirmLocally({ orgId, invoiceId: context.params.id, intentId: attempt.id });
      const receipt = processed.body.receiptDocumentId;
      return {
        status: 201,
        body: { ...viewAttempt(await cards.attempt(orgId, attempt.id)), clientSecret, ...(typeof receipt === 'string' ? { receiptDocumentId: receipt } : {}) },
      };
    },
  }),
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
      const result = await cards.refund(context.principal, orgScope(context, context.query.orgId), context.params.id, {
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
