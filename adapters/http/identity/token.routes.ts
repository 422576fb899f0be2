import { Type } from '@sinclair/typebox';
import { DomainError } from '../../../core/shared/domain-error.ts';
import type { AuthSessions } from '../../../ports/identity/auth-sessions.use-case.ts';
import { Timestamp } from '../shared/common.schemas.ts';
import { definePublicRoute, type RouteDefinition } from '../shared/route.ts';

const TokenSchema = Type.Object(
  { token: Type.String({ description: 'Service JWT (HS256, 8 hours).' }) },
  { $id: 'ServiceToken', description: 'A service JWT.' },
);
const DemoTokenSchema = Type.Object(
  { token: Type.String({ description: 'Service JWT (HS256, 15 minutes).' }), expiresAt: Timestamp() },
  { $id: 'DemoToken', description: 'A short-lived JWT for trying the API.' },
);

export const tokenRoutes = (sessions: AuthSessions): RouteDefinition[] => [
  definePublicRoute({
    method: 'POST',
    path: '/auth/session-exchange',
    operationId: 'exchangeSession',
    summary: 'Exchange an authentication-service session token (as the bearer) for a service JWT.',
    tags: ['authentication'],
    errors: ['unauthenticated'],
    responses: { 200: { description: 'A service JWT.', schema: TokenSchema } },
    handler: async ({ bearer }) => {
      if (!bearer) throw new DomainError('unauthenticated', 'Send the session token as the bearer.');
      return { status: 200, body: await sessions.exchange(bearer), headers: { 'Cache-Control': 'no-store' } };
    },
  }),
  definePublicRoute({
    method: 'POST',
    path: '/auth/demo',
    operationId: 'demoToken',
    summary: 'Exchange the machine secret for a 15-minute JWT: org_admin of `orgId`, or superadmin without it.',
    tags: ['authentication'],
    body: Type.Object(
      { secret: Type.String({ minLength: 1, writeOnly: true }), orgId: Type.Optional(Type.String({ minLength: 1 })) },
      { additionalProperties: false },
    ),
    errors: ['unauthenticated'],
    responses: { 200: { description: 'A short-lived JWT.', schema: DemoTokenSchema } },
    handler: async ({ body }) => ({ status: 200, body: await sessions.demo(body.secret, body.orgId), headers: { 'Cache-Control': 'no-store' } }),
  }),
];
