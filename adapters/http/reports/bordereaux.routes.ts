import { createHash } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { Bordereaux } from '../../../ports/reports/bordereaux.use-case.ts';
import { MonthOnly, OneOf, OrgIdQuery } from '../shared/common.schemas.ts';
import { orgScope } from '../shared/org-scope.ts';
import { defineRoute, type RouteDefinition } from '../shared/route.ts';

/** Monthly bordereaux as CSV. */
export const bordereauxRoutes = (bordereaux: Bordereaux): RouteDefinition[] => [
  defineRoute({
    method: 'GET',
    path: '/v1/reports/bordereaux',
    operationId: 'bordereau',
    summary:
      'A monthly bordereau as CSV (RFC 4180, dollars): `premium`, one line per policy in force in the month or with premium booked in it (policy, insured, state, line, program, period, the types of the transactions booked in the month, written premium booked in it (accounting month), earned premium (earned through the month less what earlier months reported), commission recorded in it, the surplus lines taxes and fees of its booked transactions, then the home state they are owed to and one column per payee: state tax, stamping fee, fire marshal tax, state fund fees, local premium tax; a month closed before those columns existed keeps the columns it had); `claims`, one line per claim open in the month (claim, policy, insured, loss date, reported, status, paid, reserves, incurred). `programId` narrows it to one program. A closed month (`POST /v1/accounting-periods/{month}/close`) is served as it was when it closed: the same bytes every time, with an `ETag`.',
    tags: ['billing'],
    permission: 'ledger:read',
    query: Type.Object({
      ...OrgIdQuery,
      type: OneOf(['premium', 'claims'] as const),
      month: MonthOnly,
      programId: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
    }),
    requestHeaders: [{ name: 'If-None-Match', required: false, description: 'The `ETag` of a closed month’s bordereau: 304 while it is the same.' }],
    responses: {
      200: { description: 'text/csv, with a header line. A closed month carries an `ETag`: its bytes never change.', headers: ['ETag'] },
      304: { description: 'The closed month’s bordereau is the one named by `If-None-Match`.' },
    },
    handler: async (context) => {
      const { orgId, type, month, programId } = context.query;
      const scope = orgScope(context, orgId);
      const report = type === 'premium' ? await bordereaux.premium(scope, month, programId) : await bordereaux.claims(scope, month, programId);
      const body = Buffer.from(report.csv);
      const etag = report.closed ? `"${createHash('sha256').update(body).digest('base64url')}"` : null;
      if (etag && context.headers['if-none-match'] === etag) return { status: 304, headers: { ETag: etag } };
      return {
        status: 200,
        body,
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="bordereau-${type}-${month}.csv"`,
          ...(etag ? { ETag: etag } : {}),
        },
      };
    },
  }),
];
