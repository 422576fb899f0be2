import { Type } from '@sinclair/typebox';
import { ENTERPRISE_LOGIN_TTL_MS } from '../../../core/identity/enterprise-sign-in.ts';
import { DomainError } from '../../../core/shared/domain-error.ts';
import type { EnterpriseSignIn } from '../../../ports/identity/enterprise-sign-in.use-case.ts';
import { definePublicRoute, type RouteDefinition } from '../shared/route.ts';

/** Pins a sign-in to the browser that started it: the callback must come back with the same state. */
const STATE_COOKIE = 'svc_sso_state';

const stateCookie = (value: string, maxAgeSeconds: number, secure: boolean): string =>
  `${STATE_COOKIE}=${value}; Path=/api/auth/callback/enterprise; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure ? '; Secure' : ''}`;

const notConfigured = () =>
  new DomainError('not_found', 'Enterprise sign-in is not configured (SSO_ISSUER, SSO_CLIENT_ID, SSO_CLIENT_SECRET, SSO_TENANT_ID, PORTAL_URLS).');

/** Enterprise single sign-on on the authentication service. */
export const enterpriseSignInRoutes = (signIn: EnterpriseSignIn | null, authBaseUrl: string, secureCookies: boolean): RouteDefinition[] => [
  definePublicRoute({
    method: 'GET',
    path: '/api/auth/sign-in/enterprise',
    operationId: 'signInEnterprise',
    summary:
      'Start enterprise sign-in: 302 to the identity provider with state, nonce and PKCE; `callbackURL` must be on the origin of a configured sign-in app (`PORTAL_URLS`; else 400).',
    tags: ['authentication-service'],
    query: Type.Object({
      callbackURL: Type.String({
        minLength: 1,
        maxLength: 2048,
        description: 'The callback of a sign-in app, such as https://portal.example/api/auth/callback.',
      }),
    }),
    responses: { 302: { description: 'To the identity provider.', headers: ['Location'] } },
    handler: async (context) => {
      if (!signIn) throw notConfigured();
      const { location, state } = await signIn.start(context.query.callbackURL);
      return {
        status: 302,
        headers: { Location: location, 'Set-Cookie': stateCookie(state, ENTERPRISE_LOGIN_TTL_MS / 1000, secureCookies), 'Cache-Control': 'no-store' },
      };
    },
  }),
  definePublicRoute({
    method: 'GET',
    path: '/api/auth/callback/enterprise',
    operationId: 'enterpriseCallback',
    summary:
      "The identity provider's redirect: the code is exchanged and the ID token checked (signature, issuer, audience, nonce, expiry, tenant); 302 to `<callbackURL>?token=<JWT>`, or 403 and no token.",
    tags: ['authentication-service'],
    query: Type.Object(
      { code: Type.Optional(Type.String({ maxLength: 4096 })), state: Type.Optional(Type.String({ maxLength: 512 })) },
      { additionalProperties: true },
    ),
    errors: ['forbidden'],
    responses: { 302: { description: 'To the callback of the sign-in app, with the token.', headers: ['Location'] } },
    handler: async (context) => {
      if (!signIn) throw notConfigured();
      const received = `${authBaseUrl}/api/auth/callback/enterprise?${new URLSearchParams(context.query as Record<string, string>)}`;
      const location = await signIn.finish(received, context.cookies[STATE_COOKIE]);
      return { status: 302, headers: { Location: location, 'Set-Cookie': stateCookie('', 0, secureCookies), 'Cache-Control': 'no-store' } };
    },
  }),
];
