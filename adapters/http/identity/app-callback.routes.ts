import { Type } from '@sinclair/typebox';
import { SIGN_IN_APPS, appAdmits, type SignInAppName } from '../../../core/identity/sign-in-apps.ts';
import { MAX_TOKEN_LIFETIME_SECONDS } from '../../../core/identity/service-claims.ts';
import { DomainError } from '../../../core/shared/domain-error.ts';
import type { TokenSigner } from '../../../ports/identity/credential-crypto.port.ts';
import type { AppCookies } from '../../../ports/identity/app-cookies.port.ts';
import type { Clock } from '../../../ports/shared/clock.port.ts';
import { definePublicRoute, type RouteDefinition } from '../shared/route.ts';

/** Where an app sends whoever just signed in. */
const DASHBOARD_PATH = '/dashboard';

/**
 * The reference implementation of every app's `GET /api/auth/callback?token=<JWT>`,
 * served for each app whose cookie key is configured at `/portals/<app>/api/auth/callback`:
 * the JWT is verified (signature, times) and must be one the app serves; its cookie is set,
 * sealed with that app’s own key (HttpOnly, SameSite=Lax, Secure outside local), and the browser goes to the
 * dashboard.
 */
export const appCallbackRoutes = (cookies: AppCookies, tokens: TokenSigner, clock: Clock, secureCookies: boolean): RouteDefinition[] =>
  cookies.apps.map((name: SignInAppName) => {
    const app = SIGN_IN_APPS[name];
    return definePublicRoute({
      method: 'GET',
      path: `/portals/${name}/api/auth/callback`,
      operationId: `portalCallback_${name}`,
      summary: `The ${name} app's sign-in callback: verifies the JWT, sets \`${app.cookie}\` (sealed with the app's key) and redirects to ${DASHBOARD_PATH}.`,
      tags: ['authentication-service'],
      query: Type.Object({ token: Type.String({ minLength: 1, maxLength: 8192 }) }),
      errors: ['unauthenticated', 'forbidden'],
      responses: { 302: { description: 'To the dashboard, with the cookie set.', headers: ['Location', 'Set-Cookie'] } },
      handler: async (context) => {
        const now = clock.now().getTime();
        const claims = tokens.verify(context.query.token, now);
        if (!appAdmits(app, claims)) throw new DomainError('forbidden', `This token is not one the ${name} app serves.`);
        const maxAge = Math.max(0, Math.min(MAX_TOKEN_LIFETIME_SECONDS, claims.exp - Math.floor(now / 1000)));
        const cookie = `${app.cookie}=${cookies.seal(name, context.query.token)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secureCookies ? '; Secure' : ''}`;
        return { status: 302, headers: { Location: DASHBOARD_PATH, 'Set-Cookie': cookie, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' } };
      },
    });
  });
