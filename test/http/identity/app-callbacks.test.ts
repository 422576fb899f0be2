import anyTest, { type TestFn } from 'ava';
import { HmacAppCookies } from '../../../adapters/security/app-cookies.ts';
import { signedInPolicyholder } from '../../support/mothers.ts';
import { call, createTenant, forgeJwt, signedInUser, startTestApp, type Tenant, type TestApp } from '../../support/test-app.ts';
import { alteredInside } from '../../support/altered.ts';

const KEYS = {
  admin: 'a'.repeat(32) + '-admin-portal-key',
  producer: 'p'.repeat(32) + '-producer-portal-key',
  policyholder: 'h'.repeat(32) + '-policyholder-key',
};
const test = anyTest as TestFn<{ app: TestApp; tenant: Tenant }>;

test.before(async (t) => {
  const app = await startTestApp({
    env: { PORTAL_COOKIE_KEY_ADMIN: KEYS.admin, PORTAL_COOKIE_KEY_PRODUCER: KEYS.producer, PORTAL_COOKIE_KEY_POLICYHOLDER: KEYS.policyholder },
  });
  t.context = { app, tenant: await createTenant(app) };
});
test.after.always(async (t) => t.context.app.close());

const callback = (service: TestApp, app: string, token: string) =>
  fetch(`${service.auth}/portals/${app}/api/auth/callback?token=${encodeURIComponent(token)}`, { redirect: 'manual' });

test('an app callback verifies the JWT, sets its own cookie sealed with its own key, and goes to the dashboard', async (t) => {
  const { app, tenant } = t.context;
  const answer = await callback(app, 'admin', tenant.adminToken);
  t.is(answer.status, 302);
  t.is(answer.headers.get('location'), '/dashboard');
  const cookie = answer.headers.get('set-cookie') as string;
  t.regex(cookie, /^svc_admin_token=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+$/);
  const value = /^svc_admin_token=([^;]+)/.exec(cookie)?.[1] as string;
  const apps = new HmacAppCookies(KEYS);
  t.is(apps.open('admin', value), tenant.adminToken);
  t.is(apps.open('producer', value), null, "another app's key does not open it");
  t.is(apps.open('admin', alteredInside(value)), null, 'an altered cookie does not open');
  const maxAge = Number(/Max-Age=(\d+)/.exec(cookie)?.[1]);
  t.true(maxAge > 7 * 3600 && maxAge <= 8 * 3600);
});

test('each app lets in the roles it serves: staff and policyholder tokens are 403 at each other’s apps', async (t) => {
  const { app, tenant } = t.context;
  t.is((await callback(app, 'producer', tenant.adminToken)).status, 403);
  const underwriter = await signedInUser(app, tenant, 'underwriter', 'uwriter');
  t.is((await callback(app, 'admin', underwriter.token)).status, 403);
  const insured = await signedInPolicyholder(app, await createTenant(app));
  t.is((await callback(app, 'admin', insured.token)).status, 403);
  const policyholder = await callback(app, 'policyholder', insured.token);
  t.is(policyholder.status, 302);
  t.regex(policyholder.headers.get('set-cookie') as string, /^svc_session=/);
});

test('a forged, expired or malformed token is 401 and sets nothing; an app without a key has no callback', async (t) => {
  const { app, tenant } = t.context;
  const now = Math.floor(Date.now() / 1000);
  for (const token of [
    forgeJwt({ alg: 'HS256', typ: 'JWT' }, { sub: 'x', org: tenant.orgId, role: 'org_admin', iat: now, exp: now + 60 }, 'not-the-secret-key-0123456789abcdef'),
    forgeJwt({ alg: 'HS256', typ: 'JWT' }, { sub: 'x', org: tenant.orgId, role: 'org_admin', iat: now - 7200, exp: now - 3600 }),
    'junk',
  ]) {
    const answer = await callback(app, 'admin', token);
    t.is(answer.status, 401);
    t.is(answer.headers.get('set-cookie'), null);
  }
  t.is((await call(app.auth, 'GET', `/portals/finance/api/auth/callback?token=${tenant.adminToken}`)).status, 404);
});
