import { Type } from '@sinclair/typebox';
import type { AuditEntry } from '../../../core/audit/audit-entry.ts';
import { toCsv } from '../../../core/shared/csv.ts';
import type { AuditLog } from '../../../ports/audit/audit-log.port.ts';
import { OneOf, OrgIdQuery, PageQuery, pageOf, Timestamp } from '../shared/common.schemas.ts';
import { mapPage, type Page } from '../../../ports/shared/persistence/page.ts';
import { orgScope } from '../shared/org-scope.ts';
import { defineRoute, type RouteDefinition } from '../shared/route.ts';
import { isoInstant } from '../../../core/shared/iso-instant.ts';

const AuditEventSchema = Type.Object(
  {
    id: Type.String(),
    actor: Type.String({ description: 'Who: `user:<id>`, `key:<id>`, `machine`, `policy:<id>` (a policyholder).' }),
    action: Type.String({ description: 'What: a domain action (`policy.cancelled`, `referral.approved`, …) or, for every write, `request` with the route.' }),
    targetType: Type.String(),
    targetId: Type.String(),
    at: Timestamp(),
    details: Type.Record(Type.String(), Type.Unknown(), {
      description: 'The request id, the credential, and before and after of what changed where the action records them.',
    }),
  },
  { $id: 'AuditEvent', description: 'Who did what to which record, and when.' },
);

const view = ({ orgId: _org, at, ...entry }: AuditEntry) => ({ ...entry, at: isoInstant(at) });

/** Pages this long at most are exported at once as CSV. */
const CSV_ROWS = 5_000;

export const auditRoutes = (audit: AuditLog): RouteDefinition[] => [
  defineRoute({
    method: 'GET',
    path: '/v1/audit-events',
    operationId: 'listAuditEvents',
    summary:
      'The organization’s audit log, newest first: every write through the API (`action` `request`: route, credential, request id, status, fields sent) and the domain actions with before and after. Filters: actor, action (a trailing `.` matches every action it starts), target, time. `format=csv` exports up to 5,000 entries as CSV for auditors.',
    tags: ['audit'],
    permission: 'audit:read',
    query: Type.Object({
      ...PageQuery,
      ...OrgIdQuery,
      actor: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
      action: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
      targetType: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
      targetId: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
      from: Type.Optional(Timestamp('At or after.')),
      to: Type.Optional(Timestamp('At or before.')),
      format: Type.Optional(OneOf(['json', 'csv'] as const)),
    }),
    responses: { 200: { description: 'A page of audit events (or CSV).', schema: pageOf(AuditEventSchema) } },
    handler: async (context) => {
      const { orgId, limit, cursor, from, to, format, ...fields } = context.query;
      const scope = orgScope(context, orgId);
      const filters = { ...fields, ...(from ? { from: new Date(from) } : {}), ...(to ? { to: new Date(to) } : {}) };
      if (format === 'csv') {
        const rows: AuditEntry[] = [];
        let next: string | null = cursor ?? null;
        do {
          const page: Page<AuditEntry> = await audit.list(scope, { limit: 200, ...(next ? { cursor: next } : {}) }, filters);
          rows.push(...page.data);
          next = page.nextCursor;
        } while (next && rows.length < CSV_ROWS);
        const csv = toCsv(
          ['At', 'Actor', 'Action', 'Target Type', 'Target Id', 'Details'],
          rows
            .slice(0, CSV_ROWS)
            .map((entry) => [isoInstant(entry.at), entry.actor, entry.action, entry.targetType, entry.targetId, JSON.stringify(entry.details)]),
        );
        return {
          status: 200,
          body: Buffer.from(csv),
          headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="audit-events.csv"' },
        };
      }
      const page = { ...(limit ? { limit } : {}), ...(cursor ? { cursor } : {}) };
      return { status: 200, body: mapPage(await audit.list(scope, page, filters), view) };
    },
  }),
];
