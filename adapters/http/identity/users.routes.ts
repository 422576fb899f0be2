import { Type } from '@sinclair/typebox';
import { MIN_PASSWORD_LENGTH, MAX_PASSWORD_LENGTH } from '../../../core/identity/credentials.rules.ts';
import { ROLES } from '../../../core/shared/access/roles.ts';
import type { Users } from '../../../ports/identity/users.use-case.ts';
import { Email, IdParams, ListQuery, OrgIdQuery, pageOf, Text, Timestamp } from '../shared/common.schemas.ts';
import { orgScope } from '../shared/org-scope.ts';
import { defineRoute, type RouteDefinition } from '../shared/route.ts';

export const RoleSchema = Type.Union(ROLES.map((role) => Type.Literal(role)));
export const Password = Type.String({ minLength: MIN_PASSWORD_LENGTH, maxLength: MAX_PASSWORD_LENGTH, writeOnly: true });

export const UserSchema = Type.Object(
  {
    id: Type.String(),
    email: Type.String(),
    role: RoleSchema,
    orgId: Type.String(),
    name: Type.String(),
    createdAt: Timestamp(),
  },
  { $id: 'User', description: 'A person who signs in to the organization, with their role.' },
);

const CreateUser = Type.Object(
  {
    email: Email,
    password: Password,
    role: RoleSchema,
    name: Text({ minLength: 1, maxLength: 200 }),
    ...OrgIdQuery,
  },
  { additionalProperties: false },
);

const UpdateUser = Type.Object(
  { role: Type.Optional(RoleSchema), name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })) },
  { additionalProperties: false, minProperties: 1 },
);

const ScopedId = Type.Object(OrgIdQuery);

export const userRoutes = (users: Users): RouteDefinition[] => [
  defineRoute({
    method: 'POST',
    path: '/v1/users',
    operationId: 'createUser',
    summary: "Create a user in the caller's organization (or `orgId` with the machine secret or a superadmin).",
    tags: ['users'],
    permission: 'users:write',
    body: CreateUser,
    errors: ['duplicate'],
    responses: { 201: { description: 'Created.', schema: UserSchema } },
    handler: async (context) => {
      const { orgId, ...input } = context.body;
      return { status: 201, body: await users.create(context.principal, orgScope(context, orgId), input) };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/users',
    operationId: 'listUsers',
    summary: "List the organization's users, newest first.",
    tags: ['users'],
    permission: 'users:read',
    query: ListQuery,
    responses: { 200: { description: 'A page of users.', schema: pageOf(UserSchema) } },
    handler: async (context) => {
      const { orgId, ...page } = context.query;
      return { status: 200, body: await users.list(orgScope(context, orgId), page) };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/users/:id',
    operationId: 'getUser',
    summary: 'Get a user.',
    tags: ['users'],
    permission: 'users:read',
    params: IdParams,
    query: ScopedId,
    responses: { 200: { description: 'The user.', schema: UserSchema } },
    handler: async (context) => ({ status: 200, body: await users.get(orgScope(context, context.query.orgId), context.params.id) }),
  }),
  defineRoute({
    method: 'PATCH',
    path: '/v1/users/:id',
    operationId: 'updateUser',
    summary: "Change a user's role or name.",
    tags: ['users'],
    permission: 'users:write',
    params: IdParams,
    query: ScopedId,
    body: UpdateUser,
    responses: { 200: { description: 'The updated user.', schema: UserSchema } },
    handler: async (context) => ({
      status: 200,
      body: await users.update(context.principal, orgScope(context, context.query.orgId), context.params.id, context.body),
    }),
  }),
];
