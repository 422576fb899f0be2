import anyTest, { type TestFn } from 'ava';
import { boundPolicy } from '../../support/mothers.ts';
import { startReceiver } from '../../support/receiver.ts';
import { call, createTenant, signedInUser, startTestApp, type Tenant, type TestApp } from '../../support/test-app.ts';

const test = anyTest as TestFn<{ app: TestApp }>;

test.before(async (t) => {
  t.context = { app: await startTestApp() };
});
test.after.always(async (t) => t.context.app.close());

/** The organization's events once the relay has published them. */
const eventsOf = async (app: TestApp, tenant: Tenant, query = '', count = 1) => {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const events = (await call(app.api, 'GET', `/v1/events${query}`, { token: tenant.adminToken })).body.data;
    if (events.length >= count) return events;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('events did not arrive');
};

test('events to reconcile from: the envelopes the webhooks carry, filtered, newest first, only the organization’s own', async (t) => {
  const { app } = t.context;
  const [tenant, other] = [await createTenant(app), await createTenant(app)];
  const bound = await boundPolicy(app, tenant);
  const [event] = await eventsOf(app, tenant, '?type=policy.bound');
  t.like(event, {
    type: 'policy.bound',
    orgId: tenant.orgId,
    data: { policyId: bound.policy.id, policyNumber: bound.policy.policyNumber, grossPremium: bound.policy.grossPremium },
  });
  t.deepEqual((await call(app.api, 'GET', `/v1/events/${event.id}`, { token: tenant.adminToken })).body, event);

  const future = new Date(Date.now() + 60_000).toISOString();
  const past = new Date(Date.now() - 60_000).toISOString();
  t.deepEqual((await call(app.api, 'GET', `/v1/events?createdFrom=${future}`, { token: tenant.adminToken })).body.data, []);
  t.deepEqual((await call(app.api, 'GET', `/v1/events?createdTo=${past}`, { token: tenant.adminToken })).body.data, []);
  t.deepEqual((await call(app.api, 'GET', '/v1/events?type=claim.filed', { token: tenant.adminToken })).body.data, []);
  t.is((await call(app.api, 'GET', '/v1/events?type=policy.deleted', { token: tenant.adminToken })).status, 400);

  t.is((await call(app.api, 'GET', `/v1/events/${event.id}`, { token: other.adminToken })).status, 404);
  t.deepEqual((await call(app.api, 'GET', '/v1/events', { token: other.adminToken })).body.data, []);
  const auditor = await signedInUser(app, tenant, 'auditor');
  t.is((await call(app.api, 'GET', '/v1/events', { token: auditor.token })).status, 200, 'auditors read them');
});

test('a logged delivery is sent again on request: the same event, signed anew under a new delivery id', async (t) => {
  const { app } = t.context;
  const [tenant, other] = [await createTenant(app), await createTenant(app)];
  const receiver = await startReceiver({ status: 500 });
  t.teardown(() => receiver.close());
  const hook = (await call(app.api, 'POST', '/v1/webhooks', { token: tenant.adminToken, body: { url: receiver.url, events: ['policy.bound'] } })).body;
  await boundPolicy(app, tenant);
  const [failed] = await receiver.waitFor(1);
  const deliveryId = failed?.headers['x-service-delivery'] as string;

  const again = await call(app.api, 'POST', `/v1/webhooks/${hook.id}/deliveries/${deliveryId}/redeliver`, { token: tenant.adminToken });
  t.like(again, { status: 200, body: { delivered: false, statusCode: 500 } });
  t.not(again.body.deliveryId, deliveryId);
  const [, second] = await receiver.waitFor(2);
  t.is(second?.body, failed?.body, 'the same envelope');
  t.is(second?.headers['x-service-delivery'], again.body.deliveryId);
  t.is(JSON.parse(second?.body ?? '{}').id, again.body.eventId);
  const log = (await call(app.api, 'GET', `/v1/webhooks/${hook.id}/deliveries`, { token: tenant.adminToken })).body.data;
  t.is(log.length, 2);

  t.is((await call(app.api, 'POST', `/v1/webhooks/${hook.id}/deliveries/dlv_missing/redeliver`, { token: tenant.adminToken })).status, 404);
  t.is((await call(app.api, 'POST', `/v1/webhooks/${hook.id}/deliveries/${deliveryId}/redeliver`, { token: other.adminToken })).status, 404);
  const auditor = await signedInUser(app, tenant, 'auditor');
  t.is((await call(app.api, 'POST', `/v1/webhooks/${hook.id}/deliveries/${deliveryId}/redeliver`, { token: auditor.token })).status, 403);
  await call(app.api, 'DELETE', `/v1/webhooks/${hook.id}`, { token: tenant.adminToken });
  t.like(await call(app.api, 'POST', `/v1/webhooks/${hook.id}/deliveries/${deliveryId}/redeliver`, { token: tenant.adminToken }), {
    status: 422,
    body: { error: 'webhook_inactive' },
  });
});
