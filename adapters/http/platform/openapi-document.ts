import { API_KEY_SCOPES } from '../../../core/shared/access/permissions.ts';
import { ERROR_CATALOG, type ErrorCode } from '../../../core/shared/error-catalog.ts';
import { ErrorBodySchema } from '../shared/common.schemas.ts';
import { HTTP_STATUS } from '../shared/error-response.ts';
import type { RouteDefinition } from '../shared/route.ts';
import { NamedSchemas } from './openapi-named-schemas.ts';
import { errorResponses, REQUEST_ID_HEADER, sharedErrorResponses } from './openapi-error-responses.ts';
import { requestExample, responseExample } from './openapi-examples.ts';
import { outboundWebhooks } from './openapi-outbound-webhooks.ts';
import { oneLineSummary } from './openapi-summaries.ts';
import { inSidebarOrder, TAG_DESCRIPTIONS, TAG_GROUPS } from './openapi-tag-descriptions.ts';

interface OpenApiInputs {
  readonly apiRoutes: readonly RouteDefinition[];
  readonly authServiceRoutes: readonly RouteDefinition[];
  readonly apiBaseUrl: string;
  readonly authBaseUrl: string;
  readonly version: string;
}

type Json = Record<string, unknown>;

const RATE_HEADERS = {
  'X-RateLimit-Limit': { description: 'Requests allowed per minute.', schema: { type: 'integer' } },
  'X-RateLimit-Remaining': { description: 'Requests left in the current window.', schema: { type: 'integer' } },
  'X-RateLimit-Reset': { description: 'Epoch seconds at which the window resets.', schema: { type: 'integer' } },
};

const parameters = (route: RouteDefinition, named: NamedSchemas): Json[] => {
  const result: Json[] = [];
  for (const [location, schema] of [
    ['path', route.params],
    ['query', route.query],
  ] as const) {
    if (!schema) continue;
    const object = named.inline(schema) as { properties?: Record<string, Json>; required?: string[] };
    for (const [name, property] of Object.entries(object.properties ?? {})) {
      const { description, ...rest } = property;
      result.push({
        name,
        in: location,
        required: location === 'path' || (object.required ?? []).includes(name),
        ...(description ? { description } : {}),
        schema: rest,
      });
    }
  }
  if (route.method === 'POST' && route.access.kind === 'credential') {
    result.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description:
        'Any unique value (1-255 visible ASCII characters), for a POST that may be retried safely: the same key and request within 24 hours answer what the first one answered (`Idempotent-Replayed: true`), the same key with another request is 422 `idempotency_key_reuse`, and 409 while the first is still running. Keys are kept per credential; a request that failed keeps nothing.',
      schema: { type: 'string', minLength: 1, maxLength: 255 },
    });
  }
  for (const header of route.requestHeaders ?? [])
    result.push({ name: header.name, in: 'header', required: header.required, description: header.description, schema: { type: 'string' } });
  return result;
};

const operation = (route: RouteDefinition, named: NamedSchemas): Json => {
  const credential = route.access.kind === 'credential';
  const responses: Json = {};
  for (const [status, spec] of Object.entries(route.responses)) {
    responses[status] = {
      description: spec.description,
      headers: { ...REQUEST_ID_HEADER, ...(route.rateClass === 'none' ? {} : RATE_HEADERS) },
      ...(spec.schema ? { content: { 'application/json': { schema: named.reference(spec.schema), ...responseExample(route.operationId, status) } } } : {}),
    };
  }
  return {
    operationId: route.operationId,
    summary: oneLineSummary(route.summary),
    description: [
      // Every operation says what it does in its description too, for generators that show only that.
      route.description ?? route.summary,
      credential && route.access.kind === 'credential' ? `Requires permission (API key scope) \`${route.access.permission}\`.` : undefined,
      route.record
        ? `Relationship check: the caller must be \`${route.record.relation}\` of the ${route.record.type} (staff reach the whole organization; a producer its own business). Another producer's ${route.record.type} answers 403; another organization's, 404.`
        : undefined,
    ]
      .filter(Boolean)
      .join('\n\n'),
    tags: route.tags,
    // The API key scope a route needs is in `x-api-key-scope` and the description: OpenAPI declares
    // scopes only for OAuth 2 schemes, so none is listed inside the requirement.
    security:
      route.access.kind === 'credential' ? [{ bearerJwt: [] }, { apiKey: [] }, { machineSecret: [] }] : route.sessionCookie ? [{ sessionCookie: [] }] : [],
    ...(route.access.kind === 'credential' ? { 'x-api-key-scope': route.access.permission } : {}),
    ...(route.record ? { 'x-relationship': { type: route.record.type, relation: route.record.relation } } : {}),
    parameters: parameters(route, named),
    ...(route.body || route.upload || route.rawBody
      ? {
          requestBody: {
            required: true,
            content: {
              ...(route.body ? { 'application/json': { schema: named.reference(route.body), ...requestExample(route.operationId) } } : {}),
              ...uploadContent(route),
              ...rawContent(route),
            },
          },
        }
      : {}),
    responses: { ...responses, ...errorResponses(route) },
  };
};

const uploadContent = (route: RouteDefinition): Json => {
  if (!route.upload) return {};
  // `format: binary` beside `contentMediaType`: generators of OpenAPI 3.0 habits read it as a file.
  const file = {
    type: 'string',
    format: 'binary',
    contentMediaType: route.upload.contentTypes[0],
    description: `Up to ${route.upload.maxBytes / 1024 / 1024} MiB.`,
  };
  return {
    ...Object.fromEntries(route.upload.contentTypes.map((type) => [type, { schema: { ...file, contentMediaType: type } }])),
    'multipart/form-data': { schema: { type: 'object', properties: { [route.upload.field]: file }, required: [route.upload.field] } },
  };
};

const rawContent = (route: RouteDefinition): Json =>
  Object.fromEntries(
    (route.rawBody?.contentTypes ?? []).map((type) => [
      type,
      { schema: { type: 'object', description: `Up to ${(route.rawBody?.maxBytes ?? 0) / 1024} KiB, verified as sent.` } },
    ]),
  );

const toOpenApiPath = (path: string): string => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

const paths = (routes: readonly RouteDefinition[], named: NamedSchemas): Record<string, Json> => {
  const result: Record<string, Json> = {};
  for (const route of routes) (result[toOpenApiPath(route.path)] ??= {})[route.method.toLowerCase()] = operation(route, named);
  return result;
};

const SECURITY_SCHEMES: Readonly<Record<string, Json>> = {
  bearerJwt: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'Service JWT (HS256) from sign-in, /auth/session-exchange or /auth/demo.',
  },
  apiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'X-API-Key',
    description: `API key (also accepted as a bearer token). Send one credential: when \`X-API-Key\` is present it is the one checked, whatever \`Authorization\` carries, unless both carry the same value (a client that fills every scheme), which is then read as the bearer token it is. Scopes: ${API_KEY_SCOPES.join(', ')}.`,
  },
  machineSecret: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'machine secret',
    description: 'The machine secret (API_SECRET); acts across organizations and names one with `orgId`.',
  },
  sessionCookie: { type: 'apiKey', in: 'cookie', name: 'svc_session', description: 'Authentication-service session.' },
};

interface ServiceDescription {
  readonly title: string;
  readonly description: string;
  readonly routes: readonly RouteDefinition[];
  readonly baseUrl: string;
  readonly version: string;
  readonly webhooks?: (named: NamedSchemas) => Json;
}

/** One service's OpenAPI 3.1 description, built from the same route list and schemas its server uses. */
const describe = (service: ServiceDescription): Json => {
  const named = new NamedSchemas();
  named.reference(ErrorBodySchema);
  const described = paths(service.routes, named);
  const webhooks = service.webhooks?.(named);
  const operations = Object.values(described).flatMap((item) => Object.values(item) as Json[]);
  const schemes = new Set(operations.flatMap((op) => (op.security as Json[]).flatMap((entry) => Object.keys(entry))));
  const sidebarTags = inSidebarOrder(new Set([...service.routes.flatMap((route) => route.tags), ...(webhooks ? ['webhooks'] : [])]));
  return {
    openapi: '3.1.0',
    info: {
      title: service.title,
      version: service.version,
      license: { name: 'MIT', identifier: 'MIT' },
      contact: { name: 'API reference', url: `${service.baseUrl}/docs` },
      description: service.description,
    },
    servers: [{ url: service.baseUrl }],
    // The default for every operation that states none; each operation states its own as well.
    ...(schemes.has('bearerJwt') ? { security: [{ bearerJwt: [] }, { apiKey: [] }, { machineSecret: [] }] } : {}),
    tags: sidebarTags.map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name })),
    'x-tagGroups': TAG_GROUPS.map((group) => ({ name: group.name, tags: group.tags.filter((tag) => sidebarTags.includes(tag)) })).filter(
      (group) => group.tags.length > 0,
    ),
    paths: described,
    ...(webhooks ? { webhooks } : {}),
    components: {
      schemas: named.components(),
      responses: sharedErrorResponses(service.routes),
      securitySchemes: Object.fromEntries(Object.entries(SECURITY_SCHEMES).filter(([name]) => schemes.has(name))),
    },
    'x-error-codes': Object.fromEntries(
      (Object.keys(ERROR_CATALOG) as ErrorCode[]).map((code) => [code, { status: HTTP_STATUS[code], description: ERROR_CATALOG[code] }]),
    ),
    ...(schemes.has('apiKey') ? { 'x-api-key-scopes': API_KEY_SCOPES } : {}),
  };
};

const CONVENTIONS =
  'Errors answer `{ error, message, details, requestId }`; lists take `limit` and `cursor` and answer `{ data, nextCursor }`, newest first. Money is in dollars with at most two decimals.';

/**
 * The two descriptions: the API's at `/openapi.json` on the API origin (every route it serves,
 * the authentication routes included), and the authentication service's at `/openapi.json` on
 * its own origin. Each names one server and no operation names another, so a generated client
 * needs one base URL.
 */
export const buildOpenApiDocuments = (inputs: OpenApiInputs): { readonly api: Json; readonly auth: Json } => ({
  api: describe({
    title: 'Insurance Platform API',
    description: `Multi-tenant commercial insurance platform. ${CONVENTIONS} Sign-up, sign-in and sessions (\`/api/auth/*\`) are answered here and at the authentication service's own origin (${inputs.authBaseUrl}, described at its /openapi.json).`,
    routes: inputs.apiRoutes,
    baseUrl: inputs.apiBaseUrl,
    version: inputs.version,
    webhooks: (named) => outboundWebhooks(named),
  }),
  auth: describe({
    title: 'Insurance Platform authentication service',
    description: `Sign-up with a mailed code, sign-in, sessions and enterprise single sign-on; the JWT it issues is the bearer credential of the API described at ${inputs.apiBaseUrl}/openapi.json. ${CONVENTIONS}`,
    routes: inputs.authServiceRoutes,
    baseUrl: inputs.authBaseUrl,
    version: inputs.version,
  }),
});
