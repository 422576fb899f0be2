import { Type, type Static } from '@sinclair/typebox';
import type { FeatureFlags, FlagState } from '../../../ports/flags/feature-flags.use-case.ts';
import { collectionOf, OrgIdQuery } from '../shared/common.schemas.ts';
import { orgScope } from '../shared/org-scope.ts';
import { defineRoute, type RouteDefinition } from '../shared/route.ts';

const FlagValueSchema = Type.Union([Type.Boolean(), Type.Number(), Type.String()]);
const FlagSchema = Type.Object(
  {
    key: Type.String(),
    type: Type.Union([Type.Literal('boolean'), Type.Literal('number'), Type.Literal('string')]),
    description: Type.String(),
    defaultValue: FlagValueSchema,
    orgValue: Type.Union([FlagValueSchema, Type.Null()], { description: "The organization's own value; null: the default applies." }),
    value: Type.Union([FlagValueSchema], { description: 'The effective value.' }),
  },
  { $id: 'Flag', description: 'A feature flag value of the organization.' },
);

const viewFlag = ({ definition, orgValue, value }: FlagState): Static<typeof FlagSchema> => ({
  key: definition.key,
  type: definition.type,
  description: definition.description,
  defaultValue: definition.defaultValue,
  orgValue,
  value,
});

const KeyParams = Type.Object({ key: Type.String({ minLength: 1, maxLength: 64 }) });

/** Feature flags: platform defaults and the organization's own values. */
export const flagRoutes = (flags: FeatureFlags): RouteDefinition[] => [
  defineRoute({
    method: 'GET',
    path: '/v1/flags',
    operationId: 'listFlags',
    summary: 'Every feature flag with its default, the organization’s value and the effective one.',
    tags: ['flags'],
    permission: 'flags:read',
    query: Type.Object(OrgIdQuery),
    responses: { 200: { description: 'The flags.', schema: collectionOf(FlagSchema) } },
    handler: async (context) => ({ status: 200, body: { data: (await flags.list(orgScope(context, context.query.orgId))).map(viewFlag) } }),
  }),
  defineRoute({
    method: 'PUT',
    path: '/v1/flags/:key',
    operationId: 'setFlag',
    summary: "Set the organization's value of a flag; a value of the wrong type is 400, an unknown key 404.",
    tags: ['flags'],
    permission: 'flags:write',
    params: KeyParams,
    query: Type.Object(OrgIdQuery),
    body: Type.Object({ value: FlagValueSchema }, { additionalProperties: false }),
    responses: { 200: { description: 'The flag.', schema: FlagSchema } },
    handler: async (context) => ({
      status: 200,
      body: viewFlag(await flags.set(context.principal, orgScope(context, context.query.orgId), context.params.key, context.body.value)),
    }),
  }),
  defineRoute({
    method: 'DELETE',
    path: '/v1/flags/:key',
    operationId: 'clearFlag',
    summary: "Remove the organization's value: the default applies again.",
    tags: ['flags'],
    permission: 'flags:write',
    params: KeyParams,
    query: Type.Object(OrgIdQuery),
    responses: { 204: { description: 'Cleared.' } },
    handler: async (context) => {
      await flags.clear(context.principal, orgScope(context, context.query.orgId), context.params.key);
      return { status: 204 };
    },
  }),
];
