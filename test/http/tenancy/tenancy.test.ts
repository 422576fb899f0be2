import anyTest, { type TestFn } from 'ava';
import { call, createApiKey, createTenant, MACHINE_SECRET, PASSWORD, startTestApp, type TestApp, type Tenant } from '../../support/test-app.ts';

const test = anyTest as TestFn<{ app: TestApp; a: Tenant; b: Tenant }>;

test.before(async (t) => {
  const app = await startTestApp();
  t.context = { app, a: await createTenant(app), b: await createTenant(app) };
});
test.after.always(async (t) => t.context.app.close());

const withoutRequestId = ({ requestId: _r, ...rest }: Record<string, unknown>) => rest;

test('organizations: machine secret creates, lists, reads and patches; tenants cannot', async (t) => {
  const { app, a } = t.context;
  const created = await call(app.api, 'POST', '/v1/organizations', {
    token: MACHINE_SECRET,
    body: { name: '  Harbor MGA ', tier: 'enterprise', allowedDomains: ['Harbor.TEST'] },
  });
  t.is(created.status, 201);
  t.like(created.body, { name: 'Harbor MGA', tier: 'enterprise', allowedDomains: ['harbor.test'], rateLimitPerMinute: null });
  t.regex(created.body.id, /^org_/);
  const defaults = await call(app.api, 'POST', '/v1/organizations', { token: MACHINE_SECRET, body: { name: 'Plain' } });
  t.like(defaults.body, { tier: 'standard', allowedDomains: [] });
  const badTier = await call(app.api, 'POST', '/v1/organizations', { token: MACHINE_SECRET, body: { name: 'X', tier: 'gold' } });
  t.is(badTier.status, 400);
  t.is(badTier.body.details.field, 'tier');
  const patched = await call(app.api, 'PATCH', `/v1/organizations/${created.body.id}`, { token: MACHINE_SECRET, body: { rateLimitPerMinute: 5000 } });
  t.is(patched.body.rateLimitPerMinute, 5000);
  const reset = await call(app.api, 'PATCH', `/v1/organizations/${created.body.id}`, { token: MACHINE_SECRET, body: { rateLimitPerMinute: null } });
  t.is(reset.body.rateLimitPerMinute, null);
  t.is((await call(app.api, 'GET', `/v1/organizations/${created.body.id}`, { token: MACHINE_SECRET })).body.tier, 'enterprise');
  const page = await call(app.api, 'GET', '/v1/organizations?limit=2', { token: MACHINE_SECRET });
  t.is(page.body.data.length, 2);
  t.is(page.body.data[0].id, defaults.body.id);
  t.truthy(page.body.nextCursor);
  const next = await call(app.api, 'GET', `/v1/organizations?limit=2&cursor=${page.body.nextCursor}`, { token: MACHINE_SECRET });
  t.false(next.body.data.some((o: { id: string }) => page.body.data.some((p: { id: string }) => p.id === o.id)));
  t.is((await call(app.api, 'GET', '/v1/organizations?cursor=garbage', { token: MACHINE_SECRET })).status, 400);
  t.is((await call(app.api, 'GET', '/v1/organizations?limit=500', { token: MACHINE_SECRET })).body.details.field, 'limit');
  const asTenant = await call(app.api, 'POST', '/v1/organizations', { token: a.adminToken, body: { name: 'Mine' } });
  t.is(asTenant.status, 403);
  t.is(asTenant.body.error, 'forbidden');
  t.is((await call(app.api, 'GET', `/v1/organizations/missing`, { token: MACHINE_SECRET })).status, 404);
});

test('users: org_admin creates in its own organization; duplicates 409; platform roles need the platform', async (t) => {
  const { app, a } = t.context;
  const email = `underwriter-${Date.now()}@example.test`;
  const created = await call(app.api, 'POST', '/v1/users', { token: a.adminToken, body: { email, password: PASSWORD, role: 'underwriter', name: 'Uma' } });
  t.is(created.status, 201);
  t.deepEqual(Object.keys(created.body).sort(), ['createdAt', 'email', 'id', 'name', 'orgId', 'role']);
  t.is(created.body.orgId, a.orgId);
  const duplicate = await call(app.api, 'POST', '/v1/users', {
    token: a.adminToken,
    body: { email: email.toUpperCase(), password: PASSWORD, role: 'auditor', name: 'Dup' },
  });
  t.is(duplicate.status, 409);
  t.is(duplicate.body.error, 'duplicate');
  const escalate = await call(app.api, 'POST', '/v1/users', {
    token: a.adminToken,
    body: { email: `s${email}`, password: PASSWORD, role: 'superadmin', name: 'S' },
  });
  t.is(escalate.status, 403);
  const promote = await call(app.api, 'PATCH', `/v1/users/${created.body.id}`, { token: a.adminToken, body: { role: 'mhcis_operator' } });
  t.is(promote.status, 403);
  const changed = await call(app.api, 'PATCH', `/v1/users/${created.body.id}`, { token: a.adminToken, body: { role: 'claims_supervisor' } });
  t.is(changed.body.role, 'claims_supervisor');
  const badRole = await call(app.api, 'PATCH', `/v1/users/${created.body.id}`, { token: a.adminToken, body: { role: 'king' } });
  t.is(badRole.status, 400);
  const empty = await call(app.api, 'PATCH', `/v1/users/${created.body.id}`, { token: a.adminToken, body: {} });
  t.is(empty.status, 400);
  const platform = await call(app.api, 'POST', '/v1/users', {
    token: MACHINE_SECRET,
    body: { email: `op${email}`, password: PASSWORD, role: 'mhcis_operator', name: 'Op', orgId: a.orgId },
  });
  t.is(platform.status, 201);
});

test('a role change takes effect on the next request with the same token', async (t) => {
  const { app, a } = t.context;
  const email = `demote-${Date.now()}@example.test`;
  const user = await call(app.api, 'POST', '/v1/users', { token: a.adminToken, body: { email, password: PASSWORD, role: 'org_admin', name: 'D' } });
  const token = (await call(app.auth, 'POST', '/api/auth/sign-in/email', { body: { email, password: PASSWORD } })).body.token;
  t.is((await call(app.api, 'GET', '/v1/users', { token })).status, 200);
  await call(app.api, 'PATCH', `/v1/users/${user.body.id}`, { token: a.adminToken, body: { role: 'producer' } });
  const denied = await call(app.api, 'GET', '/v1/users', { token });
  t.is(denied.status, 403);
  t.is(denied.body.error, 'forbidden');
});

test("another organization's records answer exactly like missing ones", async (t) => {
  const { app, a, b } = t.context;
  const foreign = await call(app.api, 'GET', `/v1/users/${b.adminId}`, { token: a.adminToken });
  const missing = await call(app.api, 'GET', '/v1/users/usr_00000000000000000000000000', { token: a.adminToken });
  t.is(foreign.status, 404);
  t.deepEqual(withoutRequestId(foreign.body), withoutRequestId(missing.body));
  const patch = await call(app.api, 'PATCH', `/v1/users/${b.adminId}`, { token: a.adminToken, body: { role: 'auditor' } });
  t.is(patch.status, 404);
  const keyOfB = await createApiKey(app, b, ['users:read']);
  const keysOfB = await call(app.api, 'GET', '/v1/api-keys', { token: b.adminToken });
  const keyId = keysOfB.body.data[0].id;
  t.is((await call(app.api, 'GET', `/v1/api-keys/${keyId}`, { token: a.adminToken })).status, 404);
  t.is((await call(app.api, 'DELETE', `/v1/api-keys/${keyId}`, { token: a.adminToken })).status, 404);
  t.is((await call(app.api, 'GET', '/v1/users', { apiKey: keyOfB })).status, 200);
  const listed = await call(app.api, 'GET', '/v1/users', { token: a.adminToken });
  t.false(listed.body.data.some((u: { orgId: string }) => u.orgId !== a.orgId));
  const named = await call(app.api, 'GET', `/v1/users?orgId=${b.orgId}`, { token: a.adminToken });
  t.is(named.status, 404);
  const smuggled = await call(app.api, 'POST', '/v1/users', {
    token: a.adminToken,
    body: { email: `x${Date.now()}@e.test`, password: PASSWORD, role: 'auditor', name: 'X', orgId: b.orgId },
  });
  t.is(smuggled.status, 404);
  t.is((await call(app.api, 'GET', `/v1/organizations/${b.orgId}`, { token: a.adminToken })).status, 404, 'its own organization it reads; another is missing');
  t.is((await call(app.api, 'GET', `/v1/organizations/${a.orgId}`, { token: a.adminToken })).status, 200);
});

test('mass assignment is refused: ids, organization, role and status cannot be smuggled in', async (t) => {
  const { app, a } = t.context;
  for (const extra of [{ id: 'usr_chosen' }, { status: 'active' }, { passwordHash: 'x' }, { createdAt: '2020-01-01T00:00:00Z' }]) {
    const result = await call(app.api, 'POST', '/v1/users', {
      token: a.adminToken,
      body: { email: `m${Math.random()}@e.test`, password: PASSWORD, role: 'auditor', name: 'M', ...extra },
    });
    t.is(result.status, 400);
    t.is(result.body.details.rule, 'unknown_field');
  }
  const org = await call(app.api, 'PATCH', `/v1/organizations/${a.orgId}`, { token: MACHINE_SECRET, body: { id: 'org_other' } });
  t.is(org.status, 400);
});

test('the audit log records who changed access, scoped to the organization', async (t) => {
  const { app, a, b } = t.context;
  await createApiKey(app, a, ['users:read']);
  const events = await call(app.api, 'GET', '/v1/audit-events', { token: a.adminToken });
  t.is(events.status, 200);
  const actions = events.body.data.map((e: { action: string }) => e.action);
  t.true(actions.includes('api_key.created'));
  t.true(actions.includes('user.created'));
  t.true(events.body.data.every((e: { actor: string }) => typeof e.actor === 'string'));
  const ofB = await call(app.api, 'GET', '/v1/audit-events', { token: b.adminToken });
  t.false(
    ofB.body.data.some((e: { targetId: string }) =>
      events.body.data.some((x: { targetId: string; action: string }) => x.action === 'api_key.created' && x.targetId === e.targetId),
    ),
  );
});
