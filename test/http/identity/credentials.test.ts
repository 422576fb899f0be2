import anyTest, { type TestFn } from 'ava';
import { call, createApiKey, createTenant, forgeJwt, MACHINE_SECRET, startTestApp, type TestApp, type Tenant } from '../../support/test-app.ts';
import { alteredInside } from '../../support/altered.ts';

const test = anyTest as TestFn<{ app: TestApp; tenant: Tenant }>;

test.before(async (t) => {
  const app = await startTestApp();
  t.context = { app, tenant: await createTenant(app) };
});
test.after.always(async (t) => t.context.app.close());

const now = () => Math.floor(Date.now() / 1000);

const expect401 = async (t: any, result: Promise<{ status: number; body: any }>, message?: RegExp) => {
  const { status, body } = await result;
  t.is(status, 401);
  t.is(body.error, 'unauthenticated');
  t.truthy(body.requestId);
  if (message) t.regex(body.message, message);
};

test('no credential on a protected route: 401', async (t) => {
  await expect401(t, call(t.context.app.api, 'GET', '/v1/users'));
});

test('the machine secret authenticates and must name the organization for org-scoped reads', async (t) => {
  const { app, tenant } = t.context;
  const missing = await call(app.api, 'GET', '/v1/users', { token: MACHINE_SECRET });
  t.is(missing.status, 400);
  t.deepEqual(missing.body.details, { field: 'orgId', rule: 'required' });
  const listed = await call(app.api, 'GET', `/v1/users?orgId=${tenant.orgId}`, { token: MACHINE_SECRET });
  t.is(listed.status, 200);
  t.is(listed.body.data[0].email, tenant.adminEmail);
  await expect401(t, call(app.api, 'GET', '/v1/users', { token: `${MACHINE_SECRET}x` }));
});

test('service JWTs: valid works; alg none, other algorithms, tampering, wrong key and expiry are refused', async (t) => {
  const { app, tenant } = t.context;
  t.is((await call(app.api, 'GET', '/v1/users', { token: tenant.adminToken })).status, 200);
  const claims = { sub: tenant.adminId, org: tenant.orgId, role: 'org_admin', iat: now(), exp: now() + 3600 };
  t.is((await call(app.api, 'GET', '/v1/users', { token: forgeJwt({ alg: 'HS256', typ: 'JWT' }, claims) })).status, 200);
  await expect401(t, call(app.api, 'GET', '/v1/users', { token: forgeJwt({ alg: 'none', typ: 'JWT' }, claims, undefined, false) }), /algorithm/);
  await expect401(t, call(app.api, 'GET', '/v1/users', { token: forgeJwt({ alg: 'none' }, claims) }), /algorithm/);
  await expect401(t, call(app.api, 'GET', '/v1/users', { token: forgeJwt({ alg: 'HS512', typ: 'JWT' }, claims) }), /algorithm/);
  await expect401(
    t,
    call(app.api, 'GET', '/v1/users', { token: forgeJwt({ alg: 'HS256', typ: 'JWT' }, claims, 'another-secret-0123456789abcdef0123') }),
    /signature/,
  );
  const [header, , signature] = tenant.adminToken.split('.');
  const elevated = Buffer.from(JSON.stringify({ ...claims, role: 'superadmin' })).toString('base64url');
  await expect401(t, call(app.api, 'GET', '/v1/users', { token: `${header}.${elevated}.${signature}` }), /signature/);
  await expect401(
    t,
    call(app.api, 'GET', '/v1/users', { token: forgeJwt({ alg: 'HS256', typ: 'JWT' }, { ...claims, iat: now() - 7200, exp: now() - 1 }) }),
    /expired/,
  );
  await expect401(t, call(app.api, 'GET', '/v1/users', { token: 'not.a.jwt' }));
  await expect401(t, call(app.api, 'GET', '/v1/users', { token: forgeJwt({ alg: 'HS256', typ: 'JWT' }, { ...claims, sub: 'usr_unknown' }) }));
});

test('service JWTs carry the specified claims and an 8-hour lifetime', async (t) => {
  const { tenant } = t.context;
  const claims = JSON.parse(Buffer.from(tenant.adminToken.split('.')[1] ?? '', 'base64url').toString());
  t.is(claims.sub, tenant.adminId);
  t.is(claims.org, tenant.orgId);
  t.is(claims.role, 'org_admin');
  t.is(claims.exp - claims.iat, 8 * 3600);
  t.deepEqual(JSON.parse(Buffer.from(tenant.adminToken.split('.')[0] ?? '', 'base64url').toString()), { alg: 'HS256', typ: 'JWT' });
});

test('API keys: in X-API-Key or as bearer; hashed at rest; test prefix locally', async (t) => {
  const { app, tenant } = t.context;
  const key = await createApiKey(app, tenant, ['users:read']);
  t.regex(key, /^svc_test_[A-Za-z0-9_-]{43}$/);
  t.is((await call(app.api, 'GET', '/v1/users', { apiKey: key })).status, 200);
  t.is((await call(app.api, 'GET', '/v1/users', { token: key })).status, 200);
  const stored = await app.app.store.collection('api_keys').find({ orgId: tenant.orgId });
  t.false(JSON.stringify(stored).includes(key));
  t.false(JSON.stringify(stored).includes(key.slice(9)));
});

test('API keys: wrong, revoked, expired and other-environment keys are refused; a missing scope is 403', async (t) => {
  const { app, tenant } = t.context;
  const key = await createApiKey(app, tenant, ['users:read']);
  await expect401(t, call(app.api, 'GET', '/v1/users', { apiKey: alteredInside(key) }));
  await expect401(t, call(app.api, 'GET', '/v1/users', { apiKey: `svc_live_${key.slice(9)}` }), /environment/);
  const denied = await call(app.api, 'POST', '/v1/users', {
    apiKey: key,
    body: { email: 'x@y.test', password: 'abcdefghijklmnop', role: 'auditor', name: 'X' },
  });
  t.is(denied.status, 403);
  t.is(denied.body.error, 'insufficient_scope');
  t.is(denied.body.details.requiredScope, 'users:write');

  const list = await call(app.api, 'GET', '/v1/api-keys', { token: tenant.adminToken });
  const id = list.body.data.find((k: { prefix: string }) => key.startsWith(k.prefix)).id;
  t.is((await call(app.api, 'DELETE', `/v1/api-keys/${id}`, { token: tenant.adminToken })).status, 204);
  await expect401(t, call(app.api, 'GET', '/v1/users', { apiKey: key }), /revoked/);

  const shortLived = await createApiKey(app, tenant, ['users:read'], new Date(Date.now() + 1200).toISOString());
  t.is((await call(app.api, 'GET', '/v1/users', { apiKey: shortLived })).status, 200);
  await new Promise((resolve) => setTimeout(resolve, 1500));
  await expect401(t, call(app.api, 'GET', '/v1/users', { apiKey: shortLived }), /expired/);
});

test('API key creation: admin JWT only, known scopes, future expiry, value shown once', async (t) => {
  const { app, tenant } = t.context;
  const key = await createApiKey(app, tenant, ['users:read', 'api-keys:read'].slice(0, 1));
  const asKey = await call(app.api, 'POST', '/v1/api-keys', { apiKey: key, body: { name: 'x', scopes: ['users:read'], expiresAt: null } });
  t.is(asKey.status, 403);
  const asMachine = await call(app.api, 'POST', '/v1/api-keys', {
    token: MACHINE_SECRET,
    body: { name: 'x', scopes: ['users:read'], expiresAt: null, orgId: tenant.orgId },
  });
  t.is(asMachine.status, 403);
  const badScope = await call(app.api, 'POST', '/v1/api-keys', {
    token: tenant.adminToken,
    body: { name: 'x', scopes: ['organizations:write'], expiresAt: null },
  });
  t.is(badScope.status, 400);
  t.deepEqual(badScope.body.details, { field: 'scopes.0', rule: 'enum' });
  const past = await call(app.api, 'POST', '/v1/api-keys', {
    token: tenant.adminToken,
    body: { name: 'x', scopes: ['users:read'], expiresAt: '2020-01-01T00:00:00Z' },
  });
  t.is(past.status, 400);
  const missing = await call(app.api, 'POST', '/v1/api-keys', { token: tenant.adminToken, body: { name: 'x', scopes: ['users:read'] } });
  t.deepEqual(missing.body.details, { field: 'expiresAt', rule: 'required' });
  const created = await call(app.api, 'POST', '/v1/api-keys', {
    token: tenant.adminToken,
    body: { name: 'shown once', scopes: ['submissions:write', 'policies:read', 'coi:generate'], expiresAt: null },
  });
  t.is(created.status, 201);
  t.deepEqual(Object.keys(created.body).sort(), ['createdAt', 'expiresAt', 'id', 'key', 'name', 'prefix', 'revokedAt', 'scopes']);
  const fetched = await call(app.api, 'GET', `/v1/api-keys/${created.body.id}`, { token: tenant.adminToken });
  t.is(fetched.body.key, undefined);
});

test('/auth/demo: machine secret for a 15-minute org_admin or superadmin token; wrong secret 401', async (t) => {
  const { app, tenant } = t.context;
  const wrong = await call(app.api, 'POST', '/auth/demo', { body: { secret: 'nope' } });
  t.is(wrong.status, 401);
  const admin = await call(app.api, 'POST', '/auth/demo', { body: { secret: MACHINE_SECRET, orgId: tenant.orgId } });
  t.is(admin.status, 200);
  const claims = JSON.parse(Buffer.from(admin.body.token.split('.')[1], 'base64url').toString());
  t.is(claims.role, 'org_admin');
  t.is(claims.org, tenant.orgId);
  t.is(claims.exp - claims.iat, 15 * 60);
  t.is((await call(app.api, 'GET', '/v1/users', { token: admin.body.token })).status, 200);
  const superadmin = await call(app.api, 'POST', '/auth/demo', { body: { secret: MACHINE_SECRET } });
  const superClaims = JSON.parse(Buffer.from(superadmin.body.token.split('.')[1], 'base64url').toString());
  t.is(superClaims.role, 'superadmin');
  t.is(superClaims.org, 'platform');
  t.is((await call(app.api, 'GET', '/v1/organizations', { token: superadmin.body.token })).status, 200);
  t.is((await call(app.api, 'POST', '/auth/demo', { body: { secret: MACHINE_SECRET, orgId: 'org_missing' } })).status, 404);
});

test('/auth/session-exchange: a live session token buys a JWT; a signed-out one is 401', async (t) => {
  const { app, tenant } = t.context;
  const signIn = await fetch(`${app.auth}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: tenant.adminEmail, password: 'correct horse battery staple' }),
  });
  const sessionToken = /svc_session=([^;]+)/.exec(signIn.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const exchanged = await call(app.api, 'POST', '/auth/session-exchange', { token: sessionToken });
  t.is(exchanged.status, 200);
  t.is((await call(app.api, 'GET', '/v1/users', { token: exchanged.body.token })).status, 200);
  await call(app.auth, 'POST', '/api/auth/sign-out', { headers: { cookie: `svc_session=${sessionToken}` } });
  const revoked = await call(app.api, 'POST', '/auth/session-exchange', { token: sessionToken });
  t.is(revoked.status, 401);
  t.is((await call(app.api, 'POST', '/auth/session-exchange')).status, 401);
});
