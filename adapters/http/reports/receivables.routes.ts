import { Type } from '@sinclair/typebox';
import { toCsv } from '../../../core/shared/csv.ts';
import type { PolicyAccounts } from '../../../ports/billing/policy-accounts.use-case.ts';
import { RECEIVABLES_COLUMNS, ReceivablesSchema, receivablesRow, viewReceivables } from '../billing/account.views.ts';
import { DateOnly, OrgIdQuery } from '../shared/common.schemas.ts';
import { orgScope } from '../shared/org-scope.ts';
import { defineRoute, type RouteDefinition } from '../shared/route.ts';

/** The receivables of an organization, aged: JSON, or CSV when asked for. */
export const receivablesRoutes = (accounts: PolicyAccounts): RouteDefinition[] => [
  defineRoute({
    method: 'GET',
    path: '/v1/reports/receivables-aging',
    operationId: 'receivablesAging',
    summary:
      "The organization's receivables as of a date (today by default): each policy's account (charges, credits, payments, refunds, unapplied, balance) aged by days past due, and the totals. `Accept: text/csv` answers a CSV (RFC 4180, dollars) with a line per policy and a total line.",
    tags: ['billing'],
    permission: 'ledger:read',
    query: Type.Object({ ...OrgIdQuery, asOf: Type.Optional(DateOnly) }),
    responses: { 200: { description: 'The receivables (or text/csv).', schema: ReceivablesSchema } },
    handler: async (context) => {
      const report = await accounts.receivables(orgScope(context, context.query.orgId), context.query.asOf);
      const accept = context.headers.accept ?? '';
      if (!accept.includes('text/csv')) return { status: 200, body: viewReceivables(report) };
      const rows = [...report.policies.map((policy) => receivablesRow(policy.policyId, policy)), receivablesRow('Total', report.totals)];
      return {
        status: 200,
        body: Buffer.from(toCsv(RECEIVABLES_COLUMNS, rows)),
        headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="receivables-${report.asOf}.csv"` },
      };
    },
  }),
];
