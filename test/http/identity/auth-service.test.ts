import anyTest, { type TestFn } from 'ava';
import { call, createTenant, MACHINE_SECRET, PASSWORD, startTestApp, type TestApp, type Tenant } from '../../support/test-app.ts';

const test = anyTest as TestFn<{ app: TestApp; tenant: Tenant; domain: string }>;

test.before(async (t) => {
  const app = await startTestApp();
  const domain = `signup-${Date.now()}.test`;
  t.context = { app, tenant: await createTenant(app, { domain }), domain };
});
test.after.always(async (t) => t.context.app.close());

test('sign-up: allowed domain creates a producer; other domains 403; taken e-mail 409; weak password 400', async (t) => {
  const { app, tenant, domain } = t.context;
  const created = await call(app.auth, 'POST', '/api/auth/sign-up/email', {
    body: { email: `Pat@${domain.toUpperCase()}`, password: PASSWORD, name: 'Pat Producer', orgId: tenant.orgId },
  });
  t.is(created.status, 201);
  t.like(created.body, { email: `pat@${domain}`, role: 'producer', orgId: tenant.orgId, name: 'Pat Producer' });
  t.is(created.body.passwordHash, undefined);
  const other = await call(app.auth, 'POST', '/api/auth/sign-up/email', {
    body: { email: 'pat@elsewhere.test', password: PASSWORD, name: 'Pat', orgId: tenant.orgId },
  });
  t.is(other.status, 403);
  t.is(other.body.error, 'domain_not_allowed');
  const again = await call(app.auth, 'POST', '/api/auth/sign-up/email', {
    body: { email: `pat@${domain}`, password: PASSWORD, name: 'Pat', orgId: tenant.orgId },
  });
  t.is(again.status, 409);
  t.is(again.body.error, 'duplicate');
  const weak = await call(app.auth, 'POST', '/api/auth/sign-up/email', {
    body: { email: `weak@${domain}`, password: 'short', name: 'Weak', orgId: tenant.orgId },
  });
  t.is(weak.status, 400);
  t.deepEqual(weak.body.details, { field: 'password', rule: 'minLength' });
  const role = await call(app.auth, 'POST', '/api/auth/sign-up/email', {
    body: { email: `boss@${domain}`, password: PASSWORD, name: 'Boss', orgId: tenant.orgId, role: 'org_admin' },
  });
  t.is(role.status, 400);
  t.deepEqual(role.body.details, { field: 'role', rule: 'unknown_field' });
  const unknownOrg = await call(app.auth, 'POST', '/api/auth/sign-up/email', {
    body: { email: `x@${domain}`, password: PASSWORD, name: 'X', orgId: 'org_nope' },
  });
  t.is(unknownOrg.status, 404);
});

test('sign-in: user, session, JWT and an HttpOnly svc_session cookie; get-session reads it', async (t) => {
  const { app, tenant } = t.context;
  const signIn = await call(app.auth, 'POST', '/api/auth/sign-in/email', { body: { email: tenant.adminEmail, password: PASSWORD } });
  t.is(signIn.status, 200);
  t.deepEqual(Object.keys(signIn.body).sort(), ['session', 'token', 'user']);
  t.deepEqual(signIn.body.user, { id: tenant.adminId, email: tenant.adminEmail, role: 'org_admin' });
  t.true(Date.parse(signIn.body.session.expiresAt) > Date.now());
  const cookie = signIn.headers.get('set-cookie') ?? '';
  t.regex(cookie, /^svc_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+$/);
  const token = /svc_session=([^;]+)/.exec(cookie)?.[1] ?? '';
  const stored = JSON.stringify(await app.app.store.collection('sessions').find({}));
  t.false(stored.includes(token));

  const session = await call(app.auth, 'GET', '/api/auth/get-session', { headers: { cookie: `other=1; svc_session=${token}` } });
  t.is(session.status, 200);
  t.is(session.body.session.id, signIn.body.session.id);
  t.is((await call(app.api, 'GET', '/v1/users', { token: session.body.token })).status, 200);
  t.is((await call(app.auth, 'GET', '/api/auth/get-session')).status, 401);
});

test('sign-out invalidates the session and clears the cookie', async (t) => {
  const { app, tenant } = t.context;
  const signIn = await call(app.auth, 'POST', '/api/auth/sign-in/email', { body: { email: tenant.adminEmail, password: PASSWORD } });
  const token = /svc_session=([^;]+)/.exec(signIn.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const out = await call(app.auth, 'POST', '/api/auth/sign-out', { headers: { cookie: `svc_session=${token}` } });
  t.is(out.status, 200);
  t.regex(out.headers.get('set-cookie') ?? '', /^svc_session=; .*Max-Age=0/);
  const after = await call(app.auth, 'GET', '/api/auth/get-session', { headers: { cookie: `svc_session=${token}` } });
  t.is(after.status, 401);
});

test('unknown e-mail and wrong password answer the same 401', async (t) => {
  const { app, tenant } = t.context;
  const unknown = await call(app.auth, 'POST', '/api/auth/sign-in/email', { body: { email: 'nobody@nowhere.test', password: PASSWORD } });
  const wrong = await call(app.auth, 'POST', '/api/auth/sign-in/email', { body: { email: tenant.adminEmail, password: 'wrong password here' } });
  t.is(unknown.status, 401);
  t.is(wrong.status, 401);
  const strip = ({ requestId: _r, ...rest }: Record<string, unknown>) => rest;
  t.deepEqual(strip(unknown.body), strip(wrong.body));
  t.is(unknown.body.error, 'invalid_credentials');
});

test('more than 10 failed sign-ins in 15 minutes lock the account, whatever X-Forwarded-For says', async (t) => {
  const { app } = t.context;
  const domain = `lock-${Date.now()}.test`;
  const org = await call(app.api, 'POST', '/v1/organizations', { token: MACHINE_SECRET, body: { name: 'Lock', allowedDomains: [domain] } });
  const email = `victim@${domain}`;
  await call(app.api, 'POST', '/v1/users', { token: MACHINE_SECRET, body: { email, password: PASSWORD, role: 'underwriter', name: 'V', orgId: org.body.id } });
  const attempts = await Promise.all(
    Array.from({ length: 14 }, (_, i) =>
      call(app.auth, 'POST', '/api/auth/sign-in/email', {
        body: { email, password: `wrong password ${i}` },
        headers: { 'x-forwarded-for': `10.0.0.${i}` },
      }),
    ),
  );
  t.is(attempts.filter((r) => r.status === 401).length, 10);
  const locked = attempts.filter((r) => r.status === 429);
  t.is(locked.length, 4);
  t.is(locked[0]?.body.error, 'too_many_attempts');
  const retryAfter = Number(locked[0]?.headers.get('retry-after'));
  t.true(retryAfter > 800 && retryAfter <= 900);
  const correct = await call(app.auth, 'POST', '/api/auth/sign-in/email', { body: { email, password: PASSWORD }, headers: { 'x-forwarded-for': '192.0.2.1' } });
  t.is(correct.status, 429);
  const otherAccount = await call(app.auth, 'POST', '/api/auth/sign-in/email', { body: { email: t.context.tenant.adminEmail, password: PASSWORD } });
  t.is(otherAccount.status, 200);
});

test('a successful sign-in clears earlier failures', async (t) => {
  const { app } = t.context;
  const domain = `reset-${Date.now()}.test`;
  const org = await call(app.api, 'POST', '/v1/organizations', { token: MACHINE_SECRET, body: { name: 'Reset', allowedDomains: [domain] } });
  const email = `user@${domain}`;
  await call(app.api, 'POST', '/v1/users', { token: MACHINE_SECRET, body: { email, password: PASSWORD, role: 'underwriter', name: 'U', orgId: org.body.id } });
  for (let i = 0; i < 9; i += 1) await call(app.auth, 'POST', '/api/auth/sign-in/email', { body: { email, password: 'wrong password!!' } });
  t.is((await call(app.auth, 'POST', '/api/auth/sign-in/email', { body: { email, password: PASSWORD } })).status, 200);
  for (let i = 0; i < 9; i += 1) t.is((await call(app.auth, 'POST', '/api/auth/sign-in/email', { body: { email, password: 'wrong password!!' } })).status, 401);
});
