import { Type, type Static } from '@sinclair/typebox';
import { TAX_REPORT_COLUMNS, type TaxReportRow } from '../../../core/reports/surplus-lines-taxes.ts';
import { toCsv } from '../../../core/shared/csv.ts';
import { centsToDollars } from '../../../core/shared/money.ts';
import { TAX_KINDS } from '../../../core/underwriting/tax-schedule.ts';
import type { SurplusLinesTaxes } from '../../../ports/reports/surplus-lines-taxes.use-case.ts';
import { MonthOnly, OneOf, OrgIdQuery } from '../shared/common.schemas.ts';
import { orgScope } from '../shared/org-scope.ts';
import { defineRoute, type RouteDefinition } from '../shared/route.ts';

const TaxReportSchema = Type.Object(
  {
    month: Type.String({ description: 'YYYY-MM, the accounting month.' }),
    rows: Type.Array(
      Type.Object({
        homeState: Type.String(),
        payee: OneOf(TAX_KINDS, { description: 'Who is paid: the state, its stamping office, the fire marshal, another state fund, the city or county.' }),
        code: Type.String(),
        name: Type.String(),
        amount: Type.Number({ description: 'Dollars charged in the month, net of returns booked in it.' }),
        policies: Type.Integer({ minimum: 0 }),
      }),
    ),
  },
  { $id: 'SurplusLinesTaxReport', description: "A month's surplus lines taxes and fees by home state, payee and component." },
);

const view = (month: string, rows: readonly TaxReportRow[]): Static<typeof TaxReportSchema> => ({
  month,
  rows: rows.map((row) => ({ ...row, amount: centsToDollars(row.amount) })),
});

/** What to remit to each payee of each home state for a month. */
export const surplusLinesTaxRoutes = (taxes: SurplusLinesTaxes): RouteDefinition[] => [
  defineRoute({
    method: 'GET',
    path: '/v1/reports/surplus-lines-taxes',
    operationId: 'surplusLinesTaxes',
    summary:
      'The surplus lines taxes and fees booked in a month (each premium transaction in its accounting month), by home state, payee and component, net of returns: what is owed to each state, stamping office, fire marshal, state fund and locality. `Accept: text/csv` answers a CSV (RFC 4180, dollars).',
    tags: ['billing'],
    permission: 'ledger:read',
    query: Type.Object({ ...OrgIdQuery, month: MonthOnly }),
    responses: { 200: { description: 'The report (or text/csv).', schema: TaxReportSchema } },
    handler: async (context) => {
      const { orgId, month } = context.query;
      const rows = await taxes.month(orgScope(context, orgId), month);
      if (!(context.headers.accept ?? '').includes('text/csv')) return { status: 200, body: view(month, rows) };
      const lines = rows.map((row) => [row.homeState, row.payee, row.name, row.code, centsToDollars(row.amount), row.policies]);
      return {
        status: 200,
        body: Buffer.from(toCsv(TAX_REPORT_COLUMNS, lines)),
        headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="surplus-lines-taxes-${month}.csv"` },
      };
    },
  }),
];
