import { Type } from '@sinclair/typebox';
import { SESSION_TTL_MS } from '../../../core/identity/credentials.rules.ts';
import { DomainError } from '../../../core/shared/domain-error.ts';
import type { AuthSessions } from '../../../ports/identity/auth-sessions.use-case.ts';
import type { EmailVerifications } from '../../../ports/identity/email-verifications.use-case.ts';
import { Email, Text, Timestamp } from '../shared/common.schemas.ts';
import { definePublicRoute, type PublicContext, type RouteDefinition } from '../shared/route.ts';
import { Password, RoleSchema, UserSchema } from './users.routes.ts';

const SESSION_COOKIE = 'svc_session';

const SessionSchema = Type.Object(
  {
    user: Type.Object({ id: Type.String(), email: Type.String(), role: RoleSchema }),
    session: Type.Object({ id: Type.String(), expiresAt: Timestamp() }),
    token: Type.String({ description: 'Service JWT (HS256, 8 hours) accepted by the API as a bearer token.' }),
  },
  { $id: 'Session', description: 'An authentication-service session.' },
);

const cookie = (value: string, maxAgeSeconds: number, secure: boolean): string =>
  `${SESSION_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure ? '; Secure' : ''}`;

/** The session token comes from the cookie, or from a bearer header for non-browser clients. */
const sessionTokenOf = (context: PublicContext<unknown, unknown, unknown>): string | undefined =>
  context.cookies[SESSION_COOKIE] || context.bearer || undefined;

export const authServiceRoutes = (sessions: AuthSessions, verifications: EmailVerifications, secureCookies: boolean): RouteDefinition[] => [
  definePublicRoute({
    method: 'POST',
    path: '/api/auth/sign-up/email',
    operationId: 'signUp',
    summary: "Create an account in an organization that allows the e-mail's domain; the account gets role `producer`.",
    description:
      'A 6-digit code is mailed to the address (valid 30 minutes, five tries). The account signs in once the code is confirmed at `POST /api/auth/verify-email`; until then sign-in answers 401 `email_not_verified`. The producer record stays `pending`, with no access to data, until identity verification activates it.',
    tags: ['authentication-service'],
    body: Type.Object(
      { email: Email, password: Password, name: Text({ minLength: 1, maxLength: 200 }), orgId: Type.String({ minLength: 1 }) },
      { additionalProperties: false },
    ),
    errors: ['domain_not_allowed', 'duplicate'],
    responses: {
      201: {
        description: 'The created user and its pending producer record.',
        schema: Type.Composite(
          [
            UserSchema,
            Type.Object({
              producerId: Type.String(),
              verification: Type.Optional(
                Type.Object(
                  { url: Type.String({ description: "The identity provider's hosted flow, carrying the producer id as `reference-id`." }) },
                  { description: 'Where the producer verifies their identity; present when IDENTITY_VERIFICATION_URL is configured.' },
                ),
              ),
            }),
          ],
          {
            $id: 'SignedUpProducer',
            description: 'A new producer account, pending until its mailbox and identity are verified.',
          },
        ),
      },
    },
    handler: async ({ body }) => ({ status: 201, body: await sessions.signUp(body) }),
  }),
  definePublicRoute({
    method: 'POST',
    path: '/api/auth/verify-email',
    operationId: 'verifyEmail',
    summary: 'Confirm the address of a new account with the code mailed at sign-up.',
    description: 'A wrong, expired or used code answers 401 `invalid_otp`, the same for an unknown address; five wrong tries end the code.',
    tags: ['authentication-service'],
    body: Type.Object(
      {
        email: Type.String({ minLength: 1, maxLength: 254 }),
        code: Type.String({ pattern: '^[0-9]{6}$', examples: ['482913'], description: 'The 6 digits from the mail.' }),
      },
      { additionalProperties: false },
    ),
    errors: ['invalid_otp'],
    responses: { 200: { description: 'Confirmed; the account can sign in.', schema: Type.Object({ verified: Type.Literal(true) }) } },
    handler: async ({ body }) => {
      await verifications.verify(body.email, body.code);
      return { status: 200, body: { verified: true } };
    },
  }),
  definePublicRoute({
    method: 'POST',
    path: '/api/auth/verify-email/resend',
    operationId: 'resendEmailCode',
    summary: 'Mail a new confirmation code to an account not confirmed yet.',
    description:
      'Mail a new confirmation code to an account that has not confirmed its address yet. Always 202, whether or not such an account exists. At most five codes per address and hour are mailed.',
    tags: ['authentication-service'],
    body: Type.Object({ email: Type.String({ minLength: 1, maxLength: 254 }) }, { additionalProperties: false }),
    responses: { 202: { description: 'Accepted.', schema: Type.Object({ status: Type.Literal('sent') }) } },
    handler: async ({ body }) => {
      await verifications.resend(body.email);
      return { status: 202, body: { status: 'sent' } };
    },
  }),
  definePublicRoute({
    method: 'POST',
    path: '/api/auth/sign-in/email',
    operationId: 'signIn',
    summary: 'Sign in with e-mail and password; sets the svc_session cookie.',
    description: 'More than 10 failed attempts for one account within 15 minutes answer 429 with Retry-After.',
    tags: ['authentication-service'],
    body: Type.Object(
      { email: Type.String({ minLength: 1, maxLength: 254 }), password: Type.String({ minLength: 1, maxLength: 1024, writeOnly: true }) },
      { additionalProperties: false },
    ),
    errors: ['invalid_credentials', 'email_not_verified', 'too_many_attempts'],
    responses: { 200: { description: 'Signed in.', schema: SessionSchema, headers: ['Set-Cookie'] } },
    handler: async ({ body }) => {
      const { sessionToken, ...signedIn } = await sessions.signIn(body.email, body.password);
      return {
        status: 200,
        body: signedIn,
        headers: { 'Set-Cookie': cookie(sessionToken, SESSION_TTL_MS / 1000, secureCookies), 'Cache-Control': 'no-store' },
      };
    },
  }),
  definePublicRoute({
    method: 'GET',
    path: '/api/auth/get-session',
    operationId: 'getSession',
    summary: 'The current session (from the svc_session cookie) with a fresh service JWT.',
    tags: ['authentication-service'],
    sessionCookie: true,
    errors: ['unauthenticated'],
    responses: { 200: { description: 'The session.', schema: SessionSchema } },
    handler: async (context) => {
      const token = sessionTokenOf(context);
      if (!token) throw new DomainError('unauthenticated', 'No session.');
      return { status: 200, body: await sessions.current(token), headers: { 'Cache-Control': 'no-store' } };
    },
  }),
  definePublicRoute({
    method: 'POST',
    path: '/api/auth/sign-out',
    operationId: 'signOut',
    summary: 'End the session and clear the cookie.',
    tags: ['authentication-service'],
    sessionCookie: true,
    responses: { 200: { description: 'Signed out.', schema: Type.Object({ success: Type.Boolean() }) } },
    handler: async (context) => {
      const token = sessionTokenOf(context);
      if (token) await sessions.signOut(token);
      return { status: 200, body: { success: true }, headers: { 'Set-Cookie': cookie('', 0, secureCookies) } };
    },
  }),
];
