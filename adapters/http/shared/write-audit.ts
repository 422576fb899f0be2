import { describeActor, principalOrgId, type Principal } from '../../../core/shared/access/principal.ts';
import type { Logger } from 'pino';
import type { AuditTrail } from '../../../ports/audit/audit-trail.use-case.ts';
import type { RouteDefinition, RouteResult } from './route.ts';

/** Field names whose values never reach the audit log, at any depth. */
const SECRET = /password|secret|token|otp|cvc|card|^key$|apikey/i;

const redacted = (value: unknown, depth = 0): unknown => {
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => redacted(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, SECRET.test(name) ? '[redacted]' : redacted(item, depth + 1)]));
};

const organizationOf = (principal: Principal, query: Record<string, unknown>, body: unknown, result: RouteResult): string | null => {
  const own = principalOrgId(principal);
  if (own) return own;
  // The platform names the organization it acts on; a new organization is its own target.
  const named = query.orgId ?? (body as { orgId?: unknown } | undefined)?.orgId ?? (result.body as { orgId?: unknown } | undefined)?.orgId;
  return typeof named === 'string' ? named : (((result.body as { id?: unknown } | undefined)?.id as string | undefined) ?? null);
};

/**
 * Every write through the API that succeeded, as one audit entry: who (the credential), which
 * route and record, the request id, the status, and what was sent (secrets redacted). Domain
 * actions add their own entries with before and after.
 */
export const auditWrite = async (
  audit: Pick<AuditTrail, 'record'>,
  logger: Pick<Logger, 'error'>,
  route: RouteDefinition,
  request: { principal: Principal; params: Record<string, string>; query: Record<string, unknown>; body: unknown; requestId: string },
  result: RouteResult,
): Promise<void> => {
  if (route.method === 'GET' || result.status >= 400) return;
  const orgId = organizationOf(request.principal, request.query, request.body, result);
  if (!orgId) return;
  const created = (result.body as { id?: unknown } | undefined)?.id;
  // A change that happened stays answered as such: an audit write that fails is logged, not thrown.
  await audit
    .record(
      request.principal,
      orgId,
      'request',
      { type: route.path.split('/')[2] ?? route.path, id: request.params.id ?? (typeof created === 'string' ? created : '') },
      {
        route: `${route.method} ${route.path}`,
        operationId: route.operationId,
        status: result.status,
        requestId: request.requestId,
        credential: describeActor(request.principal),
        ...(request.body !== undefined ? { sent: redacted(request.body) } : {}),
      },
    )
    .catch((error: unknown) => logger.error({ reqId: request.requestId, err: error }, 'audit entry of a write not recorded'));
};
