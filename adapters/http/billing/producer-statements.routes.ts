import { Type } from '@sinclair/typebox';
import { PAYOUT_METHODS } from '../../../core/billing/producer-payout.ts';
import { dollarsToCents } from '../../../core/shared/money.ts';
import type { ProducerCommissions } from '../../../ports/billing/producer-commissions.use-case.ts';
import { IdParams, Money, MonthOnly, OneOf, OrgIdQuery, Text } from '../shared/common.schemas.ts';
import { orgScope } from '../shared/org-scope.ts';
import { defineRoute, type RouteDefinition } from '../shared/route.ts';
import { ProducerPayoutSchema, ProducerStatementSchema, viewPayout, viewStatement } from './producer-statements.views.ts';

/** Producers' commission statements and payouts. */
export const producerStatementRoutes = (commissions: ProducerCommissions): RouteDefinition[] => [
  defineRoute({
    method: 'GET',
    path: '/v1/producers/:id/statements',
    record: { type: 'producer', relation: 'viewer' },
    operationId: 'producerStatement',
    summary:
      'A producer’s commission statement of a month: payable at its start, commission earned (premium collected on the producer’s policies) and clawed back (premium refunded or returned) in it, paid for it, and payable at its end. A producer reads its own.',
    tags: ['billing'],
    permission: 'invoices:read',
    params: IdParams,
    query: Type.Object({ ...OrgIdQuery, month: Type.Optional({ ...MonthOnly, description: 'YYYY-MM; the current month when absent.' }) }),
    responses: { 200: { description: 'The statement.', schema: ProducerStatementSchema } },
    handler: async (context) => ({
      status: 200,
      body: viewStatement(await commissions.statement(orgScope(context, context.query.orgId), context.params.id, context.query.month ?? null)),
    }),
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/producers/:id/payouts',
    record: { type: 'producer', relation: 'editor' },
    operationId: 'payProducer',
    summary:
      'Record commission paid to a producer for a statement month, with its ledger posting (commission payable and premium trust cash reduced). Never more than the commission payable through that month less what was paid (else 422 `amount_exceeds_balance`). One payout per `reference`: a repeat answers the first with 200. Organization and billing administrators.',
    tags: ['billing'],
    permission: 'commissions:pay',
    params: IdParams,
    query: Type.Object(OrgIdQuery),
    body: Type.Object(
      {
        amount: Money(),
        method: OneOf(PAYOUT_METHODS),
        reference: Text({ minLength: 1, maxLength: 128, description: 'The check number or transfer id.' }),
        month: MonthOnly,
      },
      { additionalProperties: false },
    ),
    errors: ['amount_exceeds_balance', 'conflict'],
    responses: {
      201: { description: 'The payout.', schema: ProducerPayoutSchema },
      200: { description: 'The payout first recorded with this reference.', schema: ProducerPayoutSchema },
    },
    handler: async (context) => {
      const { amount, ...rest } = context.body;
      const { payout, created } = await commissions.pay(context.principal, orgScope(context, context.query.orgId), context.params.id, {
        ...rest,
        amount: dollarsToCents(amount),
      });
      return { status: created ? 201 : 200, body: viewPayout(payout) };
    },
  }),
];
