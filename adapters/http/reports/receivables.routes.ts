import { Type } from '@sinclair/typebox';
import { toCsv } from '../../../core/shared/csv.ts';
import type { PolicyAccounts } from '../../../ports/billing/policy-accounts.use-case.ts';
import { RECEIVABLES_COLUMNS, ReceivablesSchema, receivablesRow, viewReceivables } from '../billing/account.views.ts';
import { DateOnly, OrgIdQuery, PageQuery } from '../shared/common.schemas.ts';
import { orgScope } from '../shared/org-scope.ts';
import { defineRoute, type RouteDefinition } from '../shared/route.ts';

/** The next page's address, on the date of this one (a page without `asOf` must not move to another day). */
const nextPage = (query: { orgId?: string; limit?: number }, asOf: string, cursor: string): string => {
  const next = new URLSearchParams({ asOf, cursor, ...(query.limit ? { limit: String(query.limit) } : {}), ...(query.orgId ? { orgId: query.orgId } : {}) });
  return `/v1/reports/receivables-aging?${next.toString()}`;
};

/** The receivables of an organization, aged: JSON, or CSV when asked for. */
export const receivablesRoutes = (accounts: PolicyAccounts): RouteDefinition[] => [
  defineRoute({
    method: 'GET',
    path: '/v1/reports/receivables-aging',
    operationId: 'receivablesAging',
    summary:
      "The organization's receivables as of a date (today by default): the totals of every policy account (charges, credits, payments, refunds, unapplied, balance, aged by days past due), and a page of the policies' accounts in id order (`limit`, `cursor`, `nextCursor`). `Accept: text/csv` answers the same page as a CSV (RFC 4180, dollars) with a line per policy and the organization's total line; a `Link` header (rel=\"next\") gives the next page.",
    tags: ['billing'],
    permission: 'ledger:read',
    query: Type.Object({ ...PageQuery, ...OrgIdQuery, asOf: Type.Optional(DateOnly) }),
    responses: { 200: { description: 'The receivables (or text/csv).', schema: ReceivablesSchema } },
    handler: async (context) => {
      const { asOf, limit, cursor } = context.query;
      const report = await accounts.receivables(orgScope(context, context.query.orgId), asOf, { limit, cursor });
      const accept = context.headers.accept ?? '';
      if (!accept.includes('text/csv')) return { status: 200, body: viewReceivables(report) };
      const rows = [...report.policies.map((policy) => receivablesRow(policy.policyId, policy)), receivablesRow('Total', report.totals)];
      return {
        status: 200,
        body: Buffer.from(toCsv(RECEIVABLES_COLUMNS, rows)),
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="receivables-${report.asOf}.csv"`,
          ...(report.nextCursor ? { Link: `<${nextPage(context.query, report.asOf, report.nextCursor)}>; rel="next"` } : {}),
        },
      };
    },
  }),
];
