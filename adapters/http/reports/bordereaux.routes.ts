import { createHash } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { Bordereaux } from '../../../ports/reports/bordereaux.use-case.ts';
import { MonthOnly, OneOf, OrgIdQuery } from '../shared/common.schemas.ts';
import { orgScope } from '../shared/org-scope.ts';
import { defineRoute, type RouteDefinition } from '../shared/route.ts';
import { formatOf, pageOf, streamOf } from './bordereau-formats.ts';
import { isoInstant } from '../../../core/shared/iso-instant.ts';

/** The most lines one `application/json` page holds. */
const MAX_BORDEREAU_PAGE = 1_000;

/** Monthly bordereaux, streamed as CSV or NDJSON, or paged as JSON. */
export const bordereauxRoutes = (bordereaux: Bordereaux): RouteDefinition[] => [
  defineRoute({
    method: 'GET',
    path: '/v1/reports/bordereaux',
    operationId: 'bordereau',
    summary:
      'A monthly bordereau, streamed as CSV (RFC 4180, dollars; the default) or NDJSON, or in JSON pages (`Accept`): `premium`, one line per policy in force in the month or with premium booked in it (policy, insured, state, line, program, period, the types of the transactions booked in the month, written premium booked in it (accounting month), earned premium (earned through the month less what earlier months reported), commission recorded in it, the surplus lines taxes and fees of its booked transactions, then the home state they are owed to and one column per payee: state tax, stamping fee, fire marshal tax, state fund fees, local premium tax; a month closed before those columns existed keeps the columns it had); `claims`, one line per claim open in the month (claim, policy, insured, loss date, reported, status, paid, reserves, incurred). `programId` narrows it to one program. A closed month (`POST /v1/accounting-periods/{month}/close`) is served as it was when it closed: the same bytes every time, with an `ETag`.',
    tags: ['billing'],
    permission: 'ledger:read',
    query: Type.Object({
      ...OrgIdQuery,
      type: OneOf(['premium', 'claims'] as const),
      month: MonthOnly,
      programId: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_BORDEREAU_PAGE, default: 100, description: 'Lines per page of `application/json`.' })),
      cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 512, description: 'The `nextCursor` of the previous `application/json` page.' })),
    }),
    requestHeaders: [
      {
        name: 'Accept',
        required: false,
        description: '`text/csv` (the default), `application/x-ndjson` (one JSON object per line) or `application/json` (pages).',
      },
      { name: 'If-None-Match', required: false, description: 'The `ETag` of a closed month’s bordereau: 304 while it is the same.' },
    ],
    responses: {
      200: {
        description:
          'text/csv with a header line, or application/x-ndjson (objects keyed by the CSV columns), both streamed; or application/json `{ columns, closed, data, nextCursor }`. A closed month carries an `ETag`: its bytes never change.',
        headers: ['ETag'],
      },
      304: { description: 'The closed month’s bordereau is the one named by `If-None-Match`.' },
    },
    handler: async (context) => {
      const { orgId, type, month, programId, limit, cursor } = context.query;
      const scope = orgScope(context, orgId);
      const format = formatOf(context.headers.accept);
      const report = type === 'premium' ? await bordereaux.premium(scope, month, programId) : await bordereaux.claims(scope, month, programId);
      // A closed month never changes until it is reopened (and closed again, at another time).
      const version = [scope, month, type, programId ?? '', format, limit ?? '', cursor ?? '', report.closedAt ? isoInstant(report.closedAt) : ''].join('|');
      const etag = report.closedAt ? `"${createHash('sha256').update(version).digest('base64url')}"` : null;
      if (etag && context.headers['if-none-match'] === etag) return { status: 304, headers: { ETag: etag } };
      const cache: Record<string, string> = etag ? { ETag: etag } : {};
      if (format === 'json') return { status: 200, body: await pageOf(report, limit ?? 100, cursor), headers: cache };
      const headers: Record<string, string> = {
        ...cache,
        'Content-Type': format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson',
        'Content-Disposition': `attachment; filename="bordereau-${type}-${month}.${format}"`,
      };
      return { status: 200, body: streamOf(report, format), headers };
    },
  }),
];
