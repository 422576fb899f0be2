import { Type } from '@sinclair/typebox';
import type { CreditSettlement } from '../../../ports/billing/credit-settlement.use-case.ts';
import { IdParams, OneOf, OrgIdQuery, Text } from '../shared/common.schemas.ts';
import { orgScope } from '../shared/org-scope.ts';
import { defineRoute, type RouteDefinition } from '../shared/route.ts';
import { InvoiceSchema, viewInvoice } from './invoice.views.ts';
import { PaymentSchema, viewPayment } from './billing.views.ts';

/** Settling a credit owed to the insured: applied to the policy's open invoices, or refunded. */
export const creditRoutes = (credits: CreditSettlement): RouteDefinition[] => [
  defineRoute({
    method: 'POST',
    path: '/v1/invoices/:id/settle-credit',
    record: { type: 'invoice', relation: 'editor' },
    operationId: 'settleCredit',
    summary: 'Settle a credit invoice (money owed to the insured): apply it to the open invoices of its policy, or refund it.',
    description:
      '`apply` covers the open invoices of the same policy, earliest due first, as far as the credit goes (what is left stays open). `refund` first applies the credit to what the policy still owes (its open invoices, earliest due first) and pays out only the rest, never more than the cash collected on the policy (else 422 `payout_exceeds_cash` and nothing is taken): through the payment processor from the card payments it took for the policy, newest first, and the rest paid out by `payoutMethod` (default `check`) and recorded. A repeated `reference` returns the first settlement (and finishes it if it was interrupted). Refunds above $1,000 are flagged for manual review. The ledger moves the refunded amount out of what is owed to the insured.',
    tags: ['billing'],
    permission: 'invoices:write',
    params: IdParams,
    query: Type.Object(OrgIdQuery),
    body: Type.Object(
      {
        method: OneOf(['apply', 'refund'] as const),
        payoutMethod: Type.Optional(OneOf(['ach', 'check', 'wire', 'other'] as const)),
        reference: Type.Optional(Text({ minLength: 1, maxLength: 128, description: 'Your reference; makes repeating the request safe.' })),
      },
      { additionalProperties: false },
    ),
    errors: ['invalid_transition', 'payout_exceeds_cash', 'payment_processor_error', 'conflict'],
    responses: {
      200: {
        description: 'The credit after the settlement, and the rows it recorded on the credit.',
        schema: Type.Object(
          { invoice: InvoiceSchema, payments: Type.Array(PaymentSchema) },
          { $id: 'CreditSettlement', description: 'The credit invoice and the payments that settled it.' },
        ),
      },
    },
    handler: async (context) => {
      const { method, payoutMethod, reference } = context.body;
      const input =
        method === 'apply'
          ? { method, ...(reference ? { reference } : {}) }
          : { method, ...(payoutMethod ? { payoutMethod } : {}), ...(reference ? { reference } : {}) };
      const result = await credits.settle(context.principal, orgScope(context, context.query.orgId), context.params.id, input);
      return { status: 200, body: { invoice: viewInvoice(result.invoice), payments: result.payments.map(viewPayment) } };
    },
  }),
];
