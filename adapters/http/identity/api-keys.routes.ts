import { Type } from '@sinclair/typebox';
import { API_KEY_SCOPES } from '../../../core/shared/access/permissions.ts';
import type { ApiKeys } from '../../../ports/identity/api-keys.use-case.ts';
import { IdParams, ListQuery, OrgIdQuery, pageOf, Text, Timestamp } from '../shared/common.schemas.ts';
import { orgScope } from '../shared/org-scope.ts';
import { defineRoute, type RouteDefinition } from '../shared/route.ts';

const Scope = Type.Union(
  API_KEY_SCOPES.map((scope) => Type.Literal(scope)),
  { description: 'A `resource:action` scope.' },
);

const ApiKeySchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    scopes: Type.Array(Scope),
    prefix: Type.String({ description: 'First characters of the key, to recognize it.' }),
    expiresAt: Type.Union([Timestamp(), Type.Null()]),
    createdAt: Timestamp(),
    revokedAt: Type.Union([Timestamp(), Type.Null()]),
  },
  { $id: 'ApiKey', description: 'An API key of an organization: its scopes, creator and last use; the secret is shown once, at creation.' },
);

const CreatedApiKey = Type.Composite([ApiKeySchema, Type.Object({ key: Type.String({ description: 'The key value; shown only here.' }) })], {
  $id: 'CreatedApiKey',
  description: 'A new API key with its value, shown only in this answer.',
});

const CreateApiKey = Type.Object(
  {
    name: Text({ minLength: 1, maxLength: 200 }),
    scopes: Type.Array(Type.String({ minLength: 1 }), { minItems: 1, maxItems: API_KEY_SCOPES.length }),
    expiresAt: Type.Union([Timestamp('Null means the key never expires.'), Type.Null()]),
    ...OrgIdQuery,
  },
  { additionalProperties: false },
);

const ScopedId = Type.Object(OrgIdQuery);

export const apiKeyRoutes = (apiKeys: ApiKeys): RouteDefinition[] => [
  defineRoute({
    method: 'POST',
    path: '/v1/api-keys',
    operationId: 'createApiKey',
    summary: 'Create an API key (administrator JWT only). The key value is returned once.',
    description: `Scopes an API key may carry: ${API_KEY_SCOPES.join(', ')}.`,
    tags: ['api-keys'],
    permission: 'api-keys:write',
    body: CreateApiKey,
    responses: { 201: { description: 'Created; `key` is shown only in this response.', schema: CreatedApiKey } },
    handler: async (context) => {
      const { orgId, expiresAt, ...input } = context.body;
      const created = await apiKeys.create(context.principal, orgScope(context, orgId), {
        ...input,
        expiresAt: expiresAt === null ? null : new Date(expiresAt),
      });
      return { status: 201, body: created, headers: { 'Cache-Control': 'no-store' } };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/api-keys',
    operationId: 'listApiKeys',
    summary: "List the organization's API keys (never their values).",
    tags: ['api-keys'],
    permission: 'api-keys:read',
    query: ListQuery,
    responses: { 200: { description: 'A page of API keys.', schema: pageOf(ApiKeySchema) } },
    handler: async (context) => {
      const { orgId, ...page } = context.query;
      return { status: 200, body: await apiKeys.list(orgScope(context, orgId), page) };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/api-keys/:id',
    operationId: 'getApiKey',
    summary: 'Get an API key (never its value).',
    tags: ['api-keys'],
    permission: 'api-keys:read',
    params: IdParams,
    query: ScopedId,
    responses: { 200: { description: 'The API key.', schema: ApiKeySchema } },
    handler: async (context) => ({ status: 200, body: await apiKeys.get(orgScope(context, context.query.orgId), context.params.id) }),
  }),
  defineRoute({
    method: 'DELETE',
    path: '/v1/api-keys/:id',
    operationId: 'revokeApiKey',
    summary: 'Revoke an API key; it stops working at once.',
    tags: ['api-keys'],
    permission: 'api-keys:write',
    params: IdParams,
    query: ScopedId,
    responses: { 204: { description: 'Revoked.' } },
    handler: async (context) => {
      await apiKeys.revoke(context.principal, orgScope(context, context.query.orgId), context.params.id);
      return { status: 204 };
    },
  }),
];
