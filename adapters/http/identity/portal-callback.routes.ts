import { Type } from '@sinclair/typebox';
import { PORTALS, portalAdmits, type PortalName } from '../../../core/identity/portals.ts';
import { MAX_TOKEN_LIFETIME_SECONDS } from '../../../core/identity/service-claims.ts';
import { DomainError } from '../../../core/shared/domain-error.ts';
import type { TokenSigner } from '../../../ports/identity/credential-crypto.port.ts';
import type { PortalCookies } from '../../../ports/identity/portal-cookies.port.ts';
import type { Clock } from '../../../ports/shared/clock.port.ts';
import { definePublicRoute, type RouteDefinition } from '../shared/route.ts';

/** Where a portal sends whoever just signed in. */
export const DASHBOARD_PATH = '/dashboard';

/**
 * The reference implementation of every portal's `GET /api/auth/callback?token=<JWT>`,
 * served for each portal whose cookie key is configured at `/portals/<portal>/api/auth/callback`:
 * the JWT is verified (signature, times) and must be one the portal serves; its cookie is set,
 * sealed with that portal’s own key (HttpOnly, SameSite=Lax, Secure outside local), and the browser goes to the
 * dashboard.
 */
export const portalCallbackRoutes = (cookies: PortalCookies, tokens: TokenSigner, clock: Clock, secureCookies: boolean): RouteDefinition[] =>
  cookies.portals.map((name: PortalName) => {
    const portal = PORTALS[name];
    return definePublicRoute({
      method: 'GET',
      path: `/portals/${name}/api/auth/callback`,
      operationId: `portalCallback_${name}`,
      summary: `The ${name} portal's sign-in callback: verifies the JWT, sets \`${portal.cookie}\` (sealed with the portal's key) and redirects to ${DASHBOARD_PATH}.`,
      tags: ['authentication-service'],
      query: Type.Object({ token: Type.String({ minLength: 1, maxLength: 8192 }) }),
      errors: ['unauthenticated', 'forbidden'],
      responses: { 302: { description: 'To the dashboard, with the cookie set.', headers: ['Location', 'Set-Cookie'] } },
      handler: async (context) => {
        const now = clock.now().getTime();
        const claims = tokens.verify(context.query.token, now);
        if (!portalAdmits(portal, claims)) throw new DomainError('forbidden', `This token is not one the ${name} portal serves.`);
        const maxAge = Math.max(0, Math.min(MAX_TOKEN_LIFETIME_SECONDS, claims.exp - Math.floor(now / 1000)));
        const cookie = `${portal.cookie}=${cookies.seal(name, context.query.token)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secureCookies ? '; Secure' : ''}`;
        return { status: 302, headers: { Location: DASHBOARD_PATH, 'Set-Cookie': cookie, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' } };
      },
    });
  });
