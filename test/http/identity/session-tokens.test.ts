import anyTest, { type TestFn } from 'ava';
import { call, createTenant, forgeJwt, PASSWORD, startTestApp, type TestApp, type Tenant } from '../../support/test-app.ts';

const test = anyTest as TestFn<{ app: TestApp; tenant: Tenant }>;

test.before(async (t) => {
  const app = await startTestApp();
  t.context = { app, tenant: await createTenant(app) };
});
test.after.always(async (t) => t.context.app.close());

test('signing out ends every JWT obtained from that session, and only those', async (t) => {
  const { app, tenant } = t.context;
  const signIn = await call(app.auth, 'POST', '/api/auth/sign-in/email', { body: { email: tenant.adminEmail, password: PASSWORD } });
  const sessionToken = /svc_session=([^;]+)/.exec(signIn.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const exchanged = (await call(app.api, 'POST', '/auth/session-exchange', { token: sessionToken })).body.token;
  const fromGetSession = (await call(app.auth, 'GET', '/api/auth/get-session', { headers: { cookie: `svc_session=${sessionToken}` } })).body.token;
  const tokens = [signIn.body.token, exchanged, fromGetSession];
  for (const token of tokens) t.is((await call(app.api, 'GET', '/v1/users', { token })).status, 200);

  await call(app.auth, 'POST', '/api/auth/sign-out', { headers: { cookie: `svc_session=${sessionToken}` } });
  for (const token of tokens) {
    const after = await call(app.api, 'GET', '/v1/users', { token });
    t.is(after.status, 401);
    t.is(after.body.error, 'unauthenticated');
  }
  t.is((await call(app.api, 'GET', '/v1/users', { token: tenant.adminToken })).status, 200, 'another session of the same user is unaffected');
});

test('JWTs issued in the future, not valid yet, or living longer than 8 hours are refused', async (t) => {
  const { app, tenant } = t.context;
  const now = Math.floor(Date.now() / 1000);
  const header = { alg: 'HS256', typ: 'JWT' };
  const claims = { sub: tenant.adminId, org: tenant.orgId, role: 'org_admin' };
  t.is(
    (await call(app.api, 'GET', '/v1/users', { token: forgeJwt(header, { ...claims, iat: now, exp: now + 3600 }) })).status,
    200,
    'a well-formed token works',
  );
  for (const [label, times] of [
    ['issued in the future', { iat: now + 3600, exp: now + 7200 }],
    ['not valid yet', { iat: now, nbf: now + 3600, exp: now + 7200 }],
    ['longer than 8 hours', { iat: now, exp: now + 8 * 3600 + 1 }],
    ['a year long', { iat: now - 10, exp: now + 365 * 86400 }],
    ['nbf not a number', { iat: now, nbf: 'soon', exp: now + 60 }],
  ] as const) {
    const answer = await call(app.api, 'GET', '/v1/users', { token: forgeJwt(header, { ...claims, ...times }) });
    t.is(answer.status, 401, label);
  }
});
