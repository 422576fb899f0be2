import { ERROR_CATALOG, type ErrorCode } from '../../../core/shared/error-catalog.ts';
import { HTTP_STATUS } from '../shared/error-response.ts';
import type { RouteDefinition } from '../shared/route.ts';
import { errorExample } from './openapi-examples.ts';

type Json = Record<string, unknown>;

export const REQUEST_ID_HEADER = { 'X-Request-Id': { description: 'Request id, also in error bodies.', schema: { type: 'string' } } };

const errorCodesFor = (route: RouteDefinition): ErrorCode[] => {
  const codes = new Set<ErrorCode>(route.errors ?? []);
  if (route.body || route.query || route.params) codes.add('validation_failed');
  if (route.body) ['payload_too_large', 'unsupported_media_type'].forEach((c) => codes.add(c as ErrorCode));
  if (route.access.kind === 'credential') ['unauthenticated', 'forbidden', 'insufficient_scope'].forEach((c) => codes.add(c as ErrorCode));
  if (route.params || route.access.kind === 'credential') codes.add('not_found');
  if (route.rateClass !== 'none') codes.add('rate_limited');
  if (route.method === 'POST' && route.access.kind === 'credential') ['conflict', 'idempotency_key_reuse'].forEach((c) => codes.add(c as ErrorCode));
  codes.add('internal_error');
  return [...codes];
};

/** Codes grouped by the HTTP status they answer with, lowest status first. */
const byStatus = (codes: readonly ErrorCode[]): [number, ErrorCode[]][] => {
  const grouped = new Map<number, ErrorCode[]>();
  for (const code of codes) grouped.set(HTTP_STATUS[code], [...(grouped.get(HTTP_STATUS[code]) ?? []), code]);
  return [...grouped].sort(([a], [b]) => a - b);
};

/**
 * Each error status is one shared response, `#/components/responses/Error<status>`, listing every
 * code that status carries; an operation refers to it and names the codes it can answer with.
 */
export const errorResponses = (route: RouteDefinition): Json => {
  return Object.fromEntries(
    byStatus(errorCodesFor(route)).map(([status, codes]) => [
      String(status),
      { $ref: `#/components/responses/Error${status}`, description: codes.map((code) => `\`${code}\``).join(', ') },
    ]),
  );
};

/** The shared error responses the operations of `routes` refer to. */
export const sharedErrorResponses = (routes: readonly RouteDefinition[]): Json => {
  const used = new Set(routes.flatMap((route) => errorCodesFor(route).map((code) => HTTP_STATUS[code])));
  return Object.fromEntries(
    byStatus(Object.keys(ERROR_CATALOG) as ErrorCode[])
      .filter(([status]) => used.has(status))
      .map(([status, codes]) => [
        `Error${status}`,
        {
          description: codes.map((code) => `\`${code}\`: ${ERROR_CATALOG[code]}`).join(' '),
          headers: { ...REQUEST_ID_HEADER, ...(status === 429 ? { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } } } : {}) },
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' }, ...errorExample(status) } },
        },
      ]),
  );
};
