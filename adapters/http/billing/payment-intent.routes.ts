import { Type } from '@sinclair/typebox';
import { createHash } from 'node:crypto';
import { validationFailed } from '../../../core/shared/domain-error.ts';
import { dollarsToCents } from '../../../core/shared/money.ts';
import type { CardPayments } from '../../../ports/billing/card-payments.use-case.ts';
import type { LocalPaymentConfirmer } from '../../../ports/billing/local-payment-confirmer.port.ts';
import { IdParams, Money, OrgIdQuery } from '../shared/common.schemas.ts';
import { orgScope } from '../shared/org-scope.ts';
import { defineRoute, type RouteDefinition } from '../shared/route.ts';
import { PaymentIntentSchema, viewAttempt } from './billing.views.ts';

/** A card payment intent for an invoice: one per attempt; in `local`, completed at once on request. */
export const paymentIntentRoute = (cards: CardPayments, confirmLocally: LocalPaymentConfirmer | null): RouteDefinition =>
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
        amount: Type.Optional(
          Money({ exclusiveMinimum: 0, description: 'Dollars; defaults to what is outstanding; more than is outstanding is 422 `amount_exceeds_balance`.' }),
        ),
        attemptId: Type.Optional(
          Type.String({
            minLength: 1,
            maxLength: 128,
            pattern: '^[A-Za-z0-9_.:-]+$',
            examples: ['checkout-7f3a2c'],
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
  });
