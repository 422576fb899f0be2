import { Type } from '@sinclair/typebox';
import type { AuditLog } from '../../../ports/audit/audit-log.port.ts';
import { ListQuery, pageOf, Timestamp } from '../kernel/common.schemas.ts';
import { mapPage } from '../../../ports/persistence/page.ts';
import { orgScope } from '../kernel/org-scope.ts';
import { defineRoute, type RouteDefinition } from '../kernel/route.ts';

const AuditEventSchema = Type.Object({
  id: Type.String(),
  actor: Type.String(),
  action: Type.String(),
  targetType: Type.String(),
  targetId: Type.String(),
  at: Timestamp(),
  details: Type.Record(Type.String(), Type.Unknown()),
});

export const auditRoutes = (audit: AuditLog): RouteDefinition[] => [
  defineRoute({
    method: 'GET',
    path: '/v1/audit-events',
    operationId: 'listAuditEvents',
    summary:
      'Administrative and financial actions in the organization (users, roles, API keys, manual payments, voids, payment intents, retries, refunds, signing envelopes), newest first.',
    tags: ['audit'],
    permission: 'audit:read',
    query: ListQuery,
    responses: { 200: { description: 'A page of audit events.', schema: pageOf(AuditEventSchema) } },
    handler: async (context) => {
      const { orgId, ...page } = context.query;
      const result = await audit.list(orgScope(context, orgId), page);
      return { status: 200, body: mapPage(result, ({ orgId: _org, at, ...entry }) => ({ ...entry, at: at.toISOString() })) };
    },
  }),
];
