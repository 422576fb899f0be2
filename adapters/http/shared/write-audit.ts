import { describeActor, principalOrgId, type Principal } from '../../../core/shared/access/principal.ts';
import type { Logger } from 'pino';
import type { AuditTrail } from '../../../ports/audit/audit-trail.use-case.ts';
import type { GroupedWrite } from '../../../ports/shared/persistence/collection-store.port.ts';
import type { RequestWrites } from '../../../ports/shared/persistence/request-writes.port.ts';
import type { RouteDefinition, RouteResult } from './route.ts';

/** Field names whose values never reach the audit log, at any depth. */
const SECRET = /password|secret|token|otp|cvc|card|^key$|apikey/i;

const redacted = (value: unknown, depth = 0): unknown => {
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => redacted(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, SECRET.test(name) ? '[redacted]' : redacted(item, depth + 1)]));
};

interface AuditedRequest {
  principal: Principal;
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
  requestId: string;
}

type Audit = Pick<AuditTrail, 'record' | 'recordWrite'>;

const organizationOf = (request: AuditedRequest, answer: unknown): string | null => {
  const own = principalOrgId(request.principal);
  if (own) return own;
  // The platform names the organization it acts on; a new organization is its own target.
  const named = request.query.orgId ?? (request.body as { orgId?: unknown } | undefined)?.orgId ?? (answer as { orgId?: unknown } | undefined)?.orgId;
  return typeof named === 'string' ? named : (((answer as { id?: unknown } | undefined)?.id as string | undefined) ?? null);
};

/** The request's entry: who (the credential), which route and record, the request id, the status, and what was sent (secrets redacted). */
const entryOf = (
  route: RouteDefinition,
  request: AuditedRequest,
  status: number,
  answer: unknown,
  created: unknown = (answer as { id?: unknown } | undefined)?.id,
) => {
  const orgId = organizationOf(request, answer);
  if (!orgId) return null;
  return [
    request.principal,
    orgId,
    'request',
    { type: route.path.split('/')[2] ?? route.path, id: request.params.id ?? (typeof created === 'string' ? created : '') },
    {
      route: `${route.method} ${route.path}`,
      operationId: route.operationId,
      status,
      requestId: request.requestId,
      credential: describeActor(request.principal),
      ...(request.body !== undefined ? { sent: redacted(request.body) } : {}),
    },
  ] as const;
};

/** The status a route answers when its change is made (the first success it declares). */
const successOf = (route: RouteDefinition): number => Number(Object.keys(route.responses).find((status) => status.startsWith('2')) ?? 200);

/**
 * Every write through the API that succeeded is one audit entry; domain actions add their own
 * with before and after. The entry is part of the first group the command commits (its change
 * and its entry are kept together; the status is the route's success, the record the one it
 * names or the first its group creates); a command that commits no group has its entry written
 * after its answer, with that answer's status and the id it created.
 */
export const auditedWrite = async (
  deps: { audit: Audit; requestWrites: RequestWrites; logger: Pick<Logger, 'error'> },
  route: RouteDefinition,
  request: AuditedRequest,
  handle: () => Promise<RouteResult>,
): Promise<RouteResult> => {
  const inGroup = (created?: unknown) => entryOf(route, request, successOf(route), undefined, created);
  // Known before the answer unless a platform call creates the organization it is about (it learns it from the answer).
  const joins = inGroup() !== null;
  // A route that creates a record creates it first in its group.
  const grouped = (group: readonly GroupedWrite[]): GroupedWrite => {
    const created = group.find((write) => 'insertOne' in write);
    return deps.audit.recordWrite(
      ...(inGroup(created && 'insertOne' in created ? created.insertOne._id : undefined) as NonNullable<ReturnType<typeof inGroup>>),
    );
  };
  const { result, kept } = joins ? await deps.requestWrites.around(grouped, handle) : { result: await handle(), kept: false };
  if (kept || result.status >= 400) return result;
  const entry = entryOf(route, request, result.status, result.body);
  // A change that happened stays answered as such: an audit write that fails is logged, not thrown.
  if (entry)
    await deps.audit
      .record(...entry)
      .catch((error: unknown) => deps.logger.error({ reqId: request.requestId, err: error }, 'audit entry of a write not recorded'));
  return result;
};
