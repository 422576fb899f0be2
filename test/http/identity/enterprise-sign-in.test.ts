import anyTest, { type TestFn } from 'ava';
import { startOidcIssuer, type OidcIssuer } from '../../support/oidc-issuer.ts';
import { call, createTenant, signedInUser, startTestApp, type Tenant, type TestApp } from '../../support/test-app.ts';

const AUTH_ORIGIN = 'http://auth.platform.test';
const PORTAL = 'https://admin.portal.test';
const CLIENT = { id: 'platform', secret: 'platform-client-secret-0123456789', redirectUri: `${AUTH_ORIGIN}/api/auth/callback/enterprise` };
const TENANT_ID = 'tenant-acme';

/** The service's single sign-on settings for a provider. */
const ssoSettings = (issuer: OidcIssuer) => ({
  AUTH_BASE_URL: AUTH_ORIGIN,
  SSO_ISSUER: issuer.issuer,
  SSO_CLIENT_ID: CLIENT.id,
  SSO_CLIENT_SECRET: CLIENT.secret,
  SSO_TENANT_ID: TENANT_ID,
  PORTAL_URLS: `${PORTAL},https://producer.portal.test`,
});

const test = anyTest as TestFn<{ app: TestApp; issuer: OidcIssuer; acme: Tenant; staff: { id: string } }>;

test.before(async (t) => {
  const issuer = await startOidcIssuer(CLIENT, {
    known: { email: 'ops@acme.test', email_verified: true, tid: TENANT_ID },
    newcomer: { email: 'new.hire@acme.test', email_verified: true, tid: TENANT_ID },
    stranger: { email: 'someone@elsewhere.test', email_verified: true, tid: TENANT_ID },
    otherTenant: { email: 'spy@acme.test', email_verified: true, tid: 'tenant-evil' },
    unverified: { email: 'late@acme.test', email_verified: false, tid: TENANT_ID },
  });
  const app = await startTestApp({ env: ssoSettings(issuer) });
  const acme = await createTenant(app, { domain: 'acme.test' });
  const staff = await signedInUser(app, acme, 'underwriter', 'ops');
  t.context = { app, issuer, acme, staff };
});
test.after.always(async (t) => {
  await t.context.app.close();
  await t.context.issuer.close();
});

/** Cookies per host, as a browser keeps them. */
class Browser {
  private readonly jars = new Map<string, Map<string, string>>();

  async get(url: string): Promise<Response> {
    const target = new URL(url);
    const jar = this.jars.get(target.host) ?? new Map<string, string>();
    this.jars.set(target.host, jar);
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') } });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, value] = (pair as string).split('=') as [string, string];
      if (value === '') jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  }

  set(host: string, name: string, value: string): void {
    const jar = this.jars.get(host) ?? new Map<string, string>();
    jar.set(name, value);
    this.jars.set(host, jar);
  }
}

/**
 * The whole browser journey: the authentication service, the provider's pages, back to the
 * callback. The authentication service runs at another address than AUTH_BASE_URL, as behind a
 * proxy: requests meant for AUTH_ORIGIN go to it.
 */
const journey = async (
  t: { context: { app: TestApp; issuer: OidcIssuer } },
  accountId: string,
  options: { tamper?: (url: URL) => void | Promise<void>; callbackURL?: string; dropStateCookie?: boolean } = {},
) => {
  const { app, issuer } = t.context;
  issuer.signInAs(accountId);
  const browser = new Browser();
  const authHost = new URL(app.auth).host;
  const start = await browser.get(
    `${app.auth}/api/auth/sign-in/enterprise?callbackURL=${encodeURIComponent(options.callbackURL ?? `${PORTAL}/api/auth/callback`)}`,
  );
  if (start.status !== 302) return { start, final: start };
  let location = start.headers.get('location') as string;
  for (let hops = 0; hops < 10 && location.startsWith(issuer.issuer); hops += 1) {
    const step = await browser.get(new URL(location, issuer.issuer).toString());
    location = new URL(step.headers.get('location') as string, issuer.issuer).toString();
  }
  const back = new URL(location);
  await options.tamper?.(back);
  if (options.dropStateCookie) browser.set(authHost, 'svc_sso_state', 'none');
  const final = await browser.get(`${app.auth}${back.pathname}${back.search}`);
  return { start, final, back };
};

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString());

test.serial('a known user signs in through the provider and comes back to the portal with a JWT, as org_admin', async (t) => {
  const { start, final } = await journey(t, 'known');
  t.is(start.status, 302);
  const authorize = new URL(start.headers.get('location') as string);
  t.like(Object.fromEntries(authorize.searchParams), {
    client_id: CLIENT.id,
    response_type: 'code',
    code_challenge_method: 'S256',
    redirect_uri: CLIENT.redirectUri,
  });
  t.truthy(authorize.searchParams.get('state'));
  t.truthy(authorize.searchParams.get('nonce'));
  t.is(final.status, 302);
  const back = new URL(final.headers.get('location') as string);
  t.is(`${back.origin}${back.pathname}`, `${PORTAL}/api/auth/callback`);
  const claims = claimsOf(back.searchParams.get('token') as string);
  t.like(claims, { sub: t.context.staff.id, org: t.context.acme.orgId, role: 'org_admin' });
  t.is((await call(t.context.app.api, 'GET', '/v1/users', { token: back.searchParams.get('token') as string })).status, 200, 'the JWT works on the API');
});

test.serial('a newcomer of an allowlisted domain joins as auditor; anyone else, another tenant or an unproven e-mail is 403 with no token', async (t) => {
  const newcomer = await journey(t, 'newcomer');
  t.is(newcomer.final.status, 302);
  t.like(claimsOf(new URL(newcomer.final.headers.get('location') as string).searchParams.get('token') as string), {
    org: t.context.acme.orgId,
    role: 'auditor',
  });
  for (const account of ['stranger', 'otherTenant', 'unverified']) {
    const { final } = await journey(t, account);
    t.is(final.status, 403, account);
    t.is(final.headers.get('location'), null);
    t.false(JSON.stringify(await final.json()).includes('token='), account);
  }
});

test.serial('tampering: a changed state, a replayed callback, a missing state cookie and a callbackURL off the portal origins are refused', async (t) => {
  const changed = await journey(t, 'known', { tamper: (url) => url.searchParams.set('state', 'forged-state') });
  t.is(changed.final.status, 403);
  // The ID token's nonce must be the one this sign-in sent: here the one kept for it no longer matches.
  const otherNonce = await journey(t, 'known', {
    tamper: async (url) => {
      await t.context.app.app.store
        .collection('enterprise_logins')
        .updateOne({ _id: url.searchParams.get('state') as string }, { $set: { nonce: 'another-nonce' } });
    },
  });
  t.is(otherNonce.final.status, 403);
  const { app } = t.context;
  t.is((await journey(t, 'known', { dropStateCookie: true })).final.status, 403, 'a callback from a browser that did not start the sign-in');
  const honest = await journey(t, 'known');
  t.is(honest.final.status, 302);
  const state = honest.back?.searchParams.get('state') as string;
  const replay = await fetch(`${app.auth}${honest.back?.pathname}${honest.back?.search}`, {
    redirect: 'manual',
    headers: { cookie: `svc_sso_state=${state}` },
  });
  t.is(replay.status, 403, 'a callback is used once');
  for (const callbackURL of [
    'https://evil.test/api/auth/callback',
    'https://admin.portal.test.evil.test/cb',
    'javascript:alert(1)',
    'https://user:pw@admin.portal.test/cb',
  ]) {
    const { start } = await journey(t, 'known', { callbackURL });
    t.is(start.status, 400, callbackURL);
  }
});

test.serial('a provider as it comes (e-mail at the userinfo endpoint, not in the ID token) signs users in too', async (t) => {
  const issuer = await startOidcIssuer(
    CLIENT,
    {
      newcomer: { email: 'new.hire@acme.test', email_verified: true, tid: TENANT_ID },
      otherTenant: { email: 'spy@acme.test', email_verified: true, tid: 'tenant-evil' },
      unverified: { email: 'late@acme.test', email_verified: false, tid: TENANT_ID },
    },
    { defaults: true },
  );
  t.teardown(() => issuer.close());
  const app = await startTestApp({ env: ssoSettings(issuer) });
  t.teardown(app.close);
  const acme = await createTenant(app, { domain: 'acme.test' });
  const newcomer = await journey({ context: { app, issuer } }, 'newcomer');
  t.is(newcomer.final.status, 302);
  t.like(claimsOf(new URL(newcomer.final.headers.get('location') as string).searchParams.get('token') as string), { org: acme.orgId, role: 'auditor' });
  t.is((await journey({ context: { app, issuer } }, 'otherTenant')).final.status, 403, 'the tenant is checked from userinfo too');
  t.is((await journey({ context: { app, issuer } }, 'unverified')).final.status, 403);
});
