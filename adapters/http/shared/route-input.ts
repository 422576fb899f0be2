import type { IncomingMessage } from 'node:http';
import type { RateClass } from '../../../core/rate-limit/rate-limit.rules.ts';
import { readRawBody } from './body-reader.ts';
import { mediaTypeOf } from './request-meta.ts';
import type { RouteDefinition } from './route.ts';
import { carriesUpload } from './upload-stager.ts';

/** The body of a route that takes raw bytes of the types it names; null for any other type. */
export const readRaw = async (route: RouteDefinition, request: IncomingMessage): Promise<Buffer | null> => {
  if (!route.rawBody || !route.rawBody.contentTypes.includes(mediaTypeOf(request))) return null;
  return readRawBody(request, route.rawBody.maxBytes);
};

/** An upload draws from its route's upload budget; anything else from the route's own. */
export const rateClassOf = (route: RouteDefinition, request: IncomingMessage): RateClass | 'none' =>
  carriesUpload(request, route.upload) ? (route.upload?.rateClass ?? route.rateClass ?? 'standard') : (route.rateClass ?? 'standard');

/** The query string's parameters; one given twice or more is a list. */
export const queryOf = (url: string | undefined): Record<string, string | string[]> => {
  const query: Record<string, string | string[]> = {};
  if (!url?.includes('?')) return query;
  const search = new URL(url ?? '/', 'http://localhost').searchParams;
  for (const key of new Set(search.keys())) {
    const values = search.getAll(key);
    query[key] = values.length === 1 ? (values[0] ?? '') : values;
  }
  return query;
};
