import { Type } from '@sinclair/typebox';
import type { Bordereaux } from '../../../ports/reports/bordereaux.use-case.ts';
import { OneOf, OrgIdQuery } from '../shared/common.schemas.ts';
import { orgScope } from '../shared/org-scope.ts';
import { defineRoute, type RouteDefinition } from '../shared/route.ts';

/** Monthly bordereaux as CSV. */
export const bordereauxRoutes = (bordereaux: Bordereaux): RouteDefinition[] => [
  defineRoute({
    method: 'GET',
    path: '/v1/reports/bordereaux',
    operationId: 'bordereau',
    summary:
      'A monthly bordereau as CSV (RFC 4180, dollars): `premium`, one line per policy active in the month (policy, insured, state, line, program, period, transaction types, written and earned in the month, commission recorded in it, surplus lines tax and stamping fee); `claims`, one line per claim open in the month (claim, policy, insured, loss date, reported, status, paid, reserves, incurred). `programId` narrows it to one program.',
    tags: ['billing'],
    permission: 'ledger:read',
    query: Type.Object({
      ...OrgIdQuery,
      type: OneOf(['premium', 'claims'] as const),
      month: Type.String({ pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$', description: 'YYYY-MM.', examples: ['2027-01'] }),
      programId: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
    }),
    responses: { 200: { description: 'text/csv, with a header line.' } },
    handler: async (context) => {
      const { orgId, type, month, programId } = context.query;
      const scope = orgScope(context, orgId);
      const csv = type === 'premium' ? await bordereaux.premium(scope, month, programId) : await bordereaux.claims(scope, month, programId);
      return {
        status: 200,
        body: Buffer.from(csv),
        headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="bordereau-${type}-${month}.csv"` },
      };
    },
  }),
];
