import { Type } from '@sinclair/typebox';
import type { PolicyAccounts } from '../../../ports/billing/policy-accounts.use-case.ts';
import { DateOnly, IdParams, OrgIdQuery } from '../shared/common.schemas.ts';
import { orgScope } from '../shared/org-scope.ts';
import { defineRoute, type RouteDefinition } from '../shared/route.ts';
import { PolicyAccountSchema, viewAccount } from './account.views.ts';

/** The insured's account on one policy. */
export const accountRoutes = (accounts: PolicyAccounts): RouteDefinition[] => [
  defineRoute({
    method: 'GET',
    path: '/v1/policies/:id/account',
    record: { type: 'policy', relation: 'viewer' },
    operationId: 'policyAccount',
    summary: "The insured's account on the policy as of a date (today by default): charges, credits, payments, refunds, the balance and its aging.",
    tags: ['billing'],
    permission: 'invoices:read',
    params: IdParams,
    query: Type.Object({ ...OrgIdQuery, asOf: Type.Optional(DateOnly) }),
    responses: { 200: { description: 'The account.', schema: PolicyAccountSchema } },
    handler: async (context) => ({
      status: 200,
      body: viewAccount(await accounts.account(orgScope(context, context.query.orgId), context.params.id, context.query.asOf)),
    }),
  }),
];
