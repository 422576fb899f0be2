import anyTest, { type TestFn } from 'ava';
import { IDENTITY_WEBHOOK_SECRET, inquiryEvent, sendIdentity } from '../../support/identity-events.ts';
import { call, createTenant, PASSWORD, startTestApp, type TestApp, type Tenant } from '../../support/test-app.ts';

const test = anyTest as TestFn<{ app: TestApp; tenant: Tenant; domain: string; other: Tenant }>;

test.before(async (t) => {
  const app = await startTestApp({ env: { IDENTITY_WEBHOOK_SECRET } });
  const domain = `producers-${Date.now()}.test`;
  t.context = { app, tenant: await createTenant(app, { domain }), domain, other: await createTenant(app) };
});
test.after.always(async (t) => t.context.app.close());

const signUp = async (app: TestApp, tenant: Tenant, email: string) => {
  const created = await call(app.auth, 'POST', '/api/auth/sign-up/email', { body: { email, password: PASSWORD, name: 'Pat Producer', orgId: tenant.orgId } });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  return created.body;
};

test('sign-up creates a pending producer; inquiry.completed with its reference-id activates it', async (t) => {
  const { app, tenant, domain } = t.context;
  const user = await signUp(app, tenant, `pat@${domain}`);
  let producer = await call(app.api, 'GET', `/v1/producers/${user.producerId}`, { token: tenant.adminToken });
  t.like(producer.body, { status: 'pending', userId: user.id, email: `pat@${domain}`, license: null });
  const event = inquiryEvent('evt_inq_1', 'inquiry.completed', user.producerId);
  const { header, result } = sendIdentity(app, event);
  const delivered = await result;
  t.is(delivered.status, 200);
  producer = await call(app.api, 'GET', `/v1/producers/${user.producerId}`, { token: tenant.adminToken });
  t.is(producer.body.status, 'active');
  // The same signed delivery again is a replay.
  const replay = await sendIdentity(app, event, header).result;
  t.is(replay.status, 409);
  // Rewriting the header around the same verified signature does not make the delivery new.
  const [timestamp, ...signatures] = header.split(',');
  for (const variant of [`${timestamp}, ${signatures.reverse().join(', ')}`, `${timestamp},v1=${'a'.repeat(64)},${signatures.join(',')}`]) {
    t.is((await sendIdentity(app, event, variant).result).status, 409, variant);
  }
});

test('identity events: no reference-id acknowledged without change, other events 202, bad signature 401', async (t) => {
  const { app, tenant, domain } = t.context;
  const user = await signUp(app, tenant, `sam@${domain}`);
  const missing = await sendIdentity(app, inquiryEvent('evt_inq_2', 'inquiry.completed')).result;
  t.is(missing.status, 200);
  const other = await sendIdentity(app, inquiryEvent('evt_inq_3', 'inquiry.started', user.producerId)).result;
  t.is(other.status, 202);
  const forged = await sendIdentity(
    app,
    inquiryEvent('evt_inq_4', 'inquiry.completed', user.producerId),
    `t=${Math.floor(Date.now() / 1000)},v1=${'a'.repeat(64)}`,
  ).result;
  t.is(forged.status, 401);
  const producer = await call(app.api, 'GET', `/v1/producers/${user.producerId}`, { token: tenant.adminToken });
  t.is(producer.body.status, 'pending');
});

test('profile, license, search, appointments and their transitions; tenant isolation', async (t) => {
  const { app, tenant, domain, other } = t.context;
  const user = await signUp(app, tenant, `lee@${domain}`);
  const patched = await call(app.api, 'PATCH', `/v1/producers/${user.producerId}`, {
    token: tenant.adminToken,
    body: { license: { state: 'TX', number: 'LIC-77', expiresOn: '2028-06-30' } },
  });
  t.deepEqual(patched.body.license, { state: 'TX', number: 'LIC-77', expiresOn: '2028-06-30' });
  const badDate = await call(app.api, 'PATCH', `/v1/producers/${user.producerId}`, {
    token: tenant.adminToken,
    body: { license: { state: 'TX', number: 'X', expiresOn: '2028-02-30' } },
  });
  t.is(badDate.status, 400);
  const born = await call(app.api, 'PATCH', `/v1/producers/${user.producerId}`, { token: tenant.adminToken, body: { birthMonth: 7 } });
  t.like(born.body, { birthMonth: 7, license: { number: 'LIC-77' } });
  for (const birthMonth of [0, 13, 6.5, '7'])
    t.is(
      (await call(app.api, 'PATCH', `/v1/producers/${user.producerId}`, { token: tenant.adminToken, body: { birthMonth } })).status,
      400,
      String(birthMonth),
    );
  t.is((await call(app.api, 'PATCH', `/v1/producers/${user.producerId}`, { token: tenant.adminToken, body: { birthMonth: null } })).body.birthMonth, null);
  const found = await call(app.api, 'GET', '/v1/producers?q=lic-77', { token: tenant.adminToken });
  t.deepEqual(
    found.body.data.map((p: { id: string }) => p.id),
    [user.producerId],
  );
  t.deepEqual((await call(app.api, 'GET', '/v1/producers?q=nobody', { token: tenant.adminToken })).body.data, []);
  const appointment = await call(app.api, 'POST', `/v1/producers/${user.producerId}/appointments`, {
    token: tenant.adminToken,
    body: { state: 'TX', lineOfBusiness: 'GL' },
  });
  t.is(appointment.status, 201);
  t.is(appointment.body.status, 'pending');
  t.is(
    (await call(app.api, 'POST', `/v1/producers/${user.producerId}/appointments`, { token: tenant.adminToken, body: { state: 'TX', lineOfBusiness: 'GL' } }))
      .status,
    409,
  );
  const path = `/v1/producers/${user.producerId}/appointments/${appointment.body.id}`;
  t.is((await call(app.api, 'PATCH', path, { token: tenant.adminToken, body: { status: 'active' } })).body.status, 'active');
  t.is((await call(app.api, 'PATCH', path, { token: tenant.adminToken, body: { status: 'terminated' } })).body.status, 'terminated');
  const back = await call(app.api, 'PATCH', path, { token: tenant.adminToken, body: { status: 'active' } });
  t.is(back.status, 422);
  t.is(back.body.error, 'invalid_transition');
  const listed = await call(app.api, 'GET', `/v1/producers/${user.producerId}/appointments`, { token: tenant.adminToken });
  t.is(listed.body.data.length, 1);
  for (const [method, route, body] of [
    ['GET', `/v1/producers/${user.producerId}`],
    ['PATCH', `/v1/producers/${user.producerId}`, { name: 'X' }],
    ['GET', `/v1/producers/${user.producerId}/appointments`],
    ['PATCH', path, { status: 'terminated' }],
  ] as const) {
    t.is((await call(app.api, method, route, { token: other.adminToken, ...(body ? { body } : {}) })).status, 404);
  }
});
