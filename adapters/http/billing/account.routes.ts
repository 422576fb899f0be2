import { Type, type Static } from '@sinclair/typebox';
import type { PolicyAccount } from '../../../core/billing/policy-account.ts';
import type { CalendarDate } from '../../../core/shared/calendar-date.ts';
import { centsToDollars as dollars } from '../../../core/shared/money.ts';
import type { PolicyAccounts } from '../../../ports/billing/policy-accounts.use-case.ts';
import { DateOnly, Dollars, IdParams, OrgIdQuery } from '../shared/common.schemas.ts';
import { orgScope } from '../shared/org-scope.ts';
import { defineRoute, type RouteDefinition } from '../shared/route.ts';

const AgingSchema = Type.Object(
  { current: Dollars, days1to30: Dollars, days31to60: Dollars, days61to90: Dollars, over90: Dollars },
  { description: 'What is still owed on open charges by days past their due date (`current`: not yet past due).' },
);

export const PolicyAccountSchema = Type.Object(
  {
    asOf: DateOnly,
    charges: Type.Number({ description: 'Dollars: every charge issued (installments and additional charges), not void.' }),
    credits: Type.Number({ description: 'Dollars: return premium credited, not void.' }),
    payments: Type.Number({ description: 'Dollars: money received from the insured.' }),
    refunds: Type.Number({ description: 'Dollars: money given back to the insured.' }),
    unapplied: Type.Number({ description: 'Dollars: cash held beyond what the charges, net of credits, ask.' }),
    balance: Type.Number({ description: 'Dollars: charges − credits − payments + refunds; what the insured owes (negative: owed to the insured).' }),
    aging: AgingSchema,
  },
  {
    $id: 'PolicyAccount',
    description:
      "The insured's account on a policy: return premium is applied to open charges first (oldest due first), so what the insured owes is one balance, and only what exceeds the cash collected is owed back.",
  },
);

const viewAccount = (account: { asOf: CalendarDate } & PolicyAccount): Static<typeof PolicyAccountSchema> => ({
  asOf: account.asOf,
  charges: dollars(account.charges),
  credits: dollars(account.credits),
  payments: dollars(account.payments),
  refunds: dollars(account.refunds),
  unapplied: dollars(account.unapplied),
  balance: dollars(account.balance),
  aging: {
    current: dollars(account.aging.current),
    days1to30: dollars(account.aging.days1to30),
    days31to60: dollars(account.aging.days31to60),
    days61to90: dollars(account.aging.days61to90),
    over90: dollars(account.aging.over90),
  },
});

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
