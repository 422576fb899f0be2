import { Webhook as StandardWebhook } from 'standardwebhooks';
import anyTest, { type TestFn } from 'ava';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { call, createTenant, startTestApp, type TestApp, type Tenant } from '../../support/test-app.ts';
import { startReceiver } from '../../support/receiver.ts';
import { aSubmission, boundPolicy } from '../../support/mothers.ts';

const test = anyTest as TestFn<{ app: TestApp; a: Tenant; b: Tenant }>;

test.before(async (t) => {
  const app = await startTestApp();
  t.context = { app, a: await createTenant(app), b: await createTenant(app) };
});
test.after.always(async (t) => t.context.app.close());

const SUBMISSION = aSubmission({ insuredName: 'Hook Co' });

/** The receiver's side: verify with an HMAC computed here, compared in constant time. */
const verify = (secret: string, body: string, header: string | undefined): boolean => {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(body).digest('hex')}`);
  const given = Buffer.from(header ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
};

const bindPolicy = async (app: TestApp, tenant: Tenant) => (await boundPolicy(app, tenant, { submission: SUBMISSION })).policy;

test('a carrier endpoint receives a verifiable policy.bound callback, and the delivery is logged', async (t) => {
  const { app } = t.context;
  const a = await createTenant(app);
  const receiver = await startReceiver();
  try {
    const events = ['policy.bound', 'policy.cancelled', 'policy.reinstated'];
    const created = await call(app.api, 'POST', '/v1/webhooks', { token: a.adminToken, body: { url: receiver.url, events, description: 'carrier' } });
    t.is(created.status, 201);
    t.regex(created.body.secret, /^[0-9a-f]{64}$/);
    t.like(created.body, { url: receiver.url, events, active: true });
    const policy = await bindPolicy(app, a);
    const [first] = await receiver.waitFor(1);
    t.truthy(first, 'no delivery within 5 seconds');
    if (!first) return;
    t.true(verify(created.body.secret, first.body, first.headers['x-service-signature'] as string));
    t.false(verify('0'.repeat(64), first.body, first.headers['x-service-signature'] as string));
    t.is(first.headers['x-service-event'], 'policy.bound');
    t.regex(first.headers['x-service-delivery'] as string, /^[0-9a-f-]{36}$/);
    // The Standard Webhooks headers, verified by the official package with the `signingSecret`.
    t.is(created.body.signingSecret, `whsec_${Buffer.from(created.body.secret, 'hex').toString('base64')}`);
    const standard = new StandardWebhook(created.body.signingSecret);
    const headers = {
      'webhook-id': first.headers['webhook-id'],
      'webhook-timestamp': first.headers['webhook-timestamp'],
      'webhook-signature': first.headers['webhook-signature'],
    } as Record<string, string>;
    t.like(standard.verify(first.body, headers), { type: 'policy.bound' });
    t.throws(() => new StandardWebhook(`whsec_${Buffer.alloc(32).toString('base64')}`).verify(first.body, headers), undefined, 'another key');
    t.throws(() => standard.verify(`${first.body} `, headers), undefined, 'another body');
    t.is(headers['webhook-id'], JSON.parse(first.body).id, 'the event id, the same on a redelivery');
    const envelope = JSON.parse(first.body);
    t.deepEqual(Object.keys(envelope).sort(), ['data', 'id', 'orgId', 'timestamp', 'type']);
    t.like(envelope, { type: 'policy.bound', orgId: a.orgId });
    t.deepEqual(envelope.data, {
      policyId: policy.id,
      policyNumber: policy.policyNumber,
      grossPremium: policy.grossPremium,
      effectiveDate: policy.effectiveDate,
    });

    await call(app.api, 'POST', `/v1/policies/${policy.id}/cancel`, { token: a.adminToken, body: { effectiveDate: '2027-06-01', reason: 'underwriting' } });
    const received = await receiver.waitFor(2);
    t.is(received[1]?.headers['x-service-event'], 'policy.cancelled');
    const cancelled = JSON.parse(received[1]?.body ?? '{}').data;
    await call(app.api, 'POST', `/v1/policies/${policy.id}/reinstate`, { token: a.adminToken, body: {} });
    const reinstated = (await receiver.waitFor(3))[2];
    t.is(reinstated?.headers['x-service-event'], 'policy.reinstated');
    t.deepEqual(JSON.parse(reinstated?.body ?? '{}').data, {
      policyId: policy.id,
      policyNumber: policy.policyNumber,
      cancellationEffectiveDate: '2027-06-01',
      premiumCharged: cancelled.returnPremium,
      grossPremium: policy.grossPremium,
    });
    const log = await call(app.api, 'GET', `/v1/webhooks/${created.body.id}/deliveries`, { token: a.adminToken });
    t.is(log.body.data.length, 3);
    t.like(log.body.data[2], { event: 'policy.bound', statusCode: 200, error: null, deliveryId: first.headers['x-service-delivery'] });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    t.is(receiver.received.length, 3, 'each event is delivered once');

    // Only events the service sends can be subscribed to.
    for (const unknown of ['policy.deleted', 'claim.reopened']) {
      const refused = await call(app.api, 'POST', '/v1/webhooks', { token: a.adminToken, body: { url: receiver.url, events: [unknown] } });
      t.is(refused.status, 400, unknown);
    }
  } finally {
    await receiver.close();
  }
});

test('subscriptions: list without secrets, soft delete, test delivery, inactive test 422', async (t) => {
  const { app, a } = t.context;
  const receiver = await startReceiver({ status: 503 });
  try {
    const created = await call(app.api, 'POST', '/v1/webhooks', { token: a.adminToken, body: { url: receiver.url, events: ['policy.renewed'] } });
    const tested = await call(app.api, 'POST', `/v1/webhooks/${created.body.id}/test`, { token: a.adminToken });
    t.is(tested.status, 200);
    t.like(tested.body, { delivered: false, statusCode: 503 });
    t.is(receiver.received[0]?.headers['x-service-event'], 'webhook.test');
    t.true(verify(created.body.secret, receiver.received[0]?.body ?? '', receiver.received[0]?.headers['x-service-signature'] as string));
    const listed = await call(app.api, 'GET', '/v1/webhooks', { token: a.adminToken });
    t.false(JSON.stringify(listed.body).includes(created.body.secret));
    t.is((await call(app.api, 'DELETE', `/v1/webhooks/${created.body.id}`, { token: a.adminToken })).status, 204);
    const after = await call(app.api, 'GET', '/v1/webhooks', { token: a.adminToken });
    t.false(after.body.data.find((s: { id: string }) => s.id === created.body.id).active);
    const inactive = await call(app.api, 'POST', `/v1/webhooks/${created.body.id}/test`, { token: a.adminToken });
    t.is(inactive.status, 422);
    t.is(inactive.body.error, 'webhook_inactive');
  } finally {
    await receiver.close();
  }
});

test('validation and tenant isolation of subscriptions', async (t) => {
  const { app, a, b } = t.context;
  for (const [body, field] of [
    [{ url: 'ftp://example.com/x', events: ['policy.bound'] }, 'url'],
    [{ url: 'not a url', events: ['policy.bound'] }, 'url'],
    [{ url: 'http://127.0.0.1:9/x', events: ['policy.exploded'] }, 'events.0'],
    [{ url: 'http://127.0.0.1:9/x', events: [] }, 'events'],
  ] as const) {
    const result = await call(app.api, 'POST', '/v1/webhooks', { token: a.adminToken, body });
    t.is(result.status, 400);
    t.is(result.body.details.field, field);
  }
  const created = await call(app.api, 'POST', '/v1/webhooks', { token: a.adminToken, body: { url: 'http://127.0.0.1:9/x', events: ['policy.bound'] } });
  for (const [method, path] of [
    ['DELETE', `/v1/webhooks/${created.body.id}`],
    ['POST', `/v1/webhooks/${created.body.id}/test`],
    ['GET', `/v1/webhooks/${created.body.id}/deliveries`],
  ] as const) {
    t.is((await call(app.api, method, path, { token: b.adminToken })).status, 404);
  }
  t.false((await call(app.api, 'GET', '/v1/webhooks', { token: b.adminToken })).body.data.some((s: { id: string }) => s.id === created.body.id));
});

test('outside local, callback URLs must be HTTPS to public addresses', async (t) => {
  const sandbox = await startTestApp({
    env: { APP_ENV: 'sandbox', STRIPE_WEBHOOK_SECRET: 'whsec_x', IDENTITY_WEBHOOK_SECRET: 'x', EMAIL_WEBHOOK_SECRET: 'whsec_eA==', ESIGN_WEBHOOK_SECRET: 'x' },
  });
  try {
    const tenant = await createTenant(sandbox);
    for (const [url, rule] of [
      ['http://example.com/hook', 'scheme'],
      ['https://127.0.0.1/hook', 'public_address'],
      ['https://10.1.2.3/hook', 'public_address'],
      ['https://169.254.169.254/latest', 'public_address'],
      ['https://[::1]/hook', 'public_address'],
      ['https://localhost/hook', 'public_address'],
      ['https://[::ffff:127.0.0.1]:8443/hook', 'public_address'],
      ['https://[::ffff:169.254.169.254]/latest', 'public_address'],
      ['https://[::127.0.0.1]/hook', 'public_address'],
      ['https://[64:ff9b::7f00:1]/hook', 'public_address'],
      ['https://[2002:7f00:1::]/hook', 'public_address'],
      ['https://[fec0::1]/hook', 'public_address'],
      ['https://0177.0.0.1/hook', 'public_address'],
      ['https://2130706433/hook', 'public_address'],
    ] as const) {
      const result = await call(sandbox.api, 'POST', '/v1/webhooks', { token: tenant.adminToken, body: { url, events: ['policy.bound'] } });
      t.is(result.status, 400, url);
      t.is(result.body.details.rule, rule, url);
    }
  } finally {
    await sandbox.close();
  }
});

test('outside local, a delivery never connects to a non-public address, and its error names only a category', async (t) => {
  const sandbox = await startTestApp({
    env: { APP_ENV: 'sandbox', STRIPE_WEBHOOK_SECRET: 'whsec_x', IDENTITY_WEBHOOK_SECRET: 'x', EMAIL_WEBHOOK_SECRET: 'whsec_eA==', ESIGN_WEBHOOK_SECRET: 'x' },
  });
  const receiver = await startReceiver();
  try {
    const tenant = await createTenant(sandbox);
    const port = new URL(receiver.url).port;
    // Stored as an older release may have stored them: the check at connection time is what holds.
    const subscriptions = sandbox.app.store.collection('webhook_subscriptions');
    for (const [index, host] of ['[::ffff:7f00:1]', '127.0.0.1', 'localhost'].entries()) {
      const id = `whk_stored_${index}`;
      await subscriptions.insertOne({
        _id: id,
        orgId: tenant.orgId,
        url: `http://${host}:${port}/hook`,
        events: ['policy.bound'],
        description: '',
        active: true,
        secret: 'a'.repeat(64),
        createdAt: new Date(),
        deactivatedAt: null,
      });
      const result = await call(sandbox.api, 'POST', `/v1/webhooks/${id}/test`, { token: tenant.adminToken });
      t.is(result.status, 200, host);
      t.like(result.body, { delivered: false, statusCode: null, error: 'connection_failed' }, host);
    }
    t.is(receiver.received.length, 0);
  } finally {
    await receiver.close();
    await sandbox.close();
  }
});

test('a hanging receiver times out after 10 seconds without slowing the API', async (t) => {
  const { app, a } = t.context;
  const receiver = await startReceiver({ hang: true });
  try {
    const created = await call(app.api, 'POST', '/v1/webhooks', { token: a.adminToken, body: { url: receiver.url, events: ['policy.bound'] } });
    const started = Date.now();
    const pending = call(app.api, 'POST', `/v1/webhooks/${created.body.id}/test`, { token: a.adminToken });
    await receiver.waitFor(1);
    const healthStarted = Date.now();
    t.is((await call(app.api, 'GET', '/health')).status, 200);
    t.true(Date.now() - healthStarted < 1000);
    const policy = await bindPolicy(app, a);
    t.truthy(policy.id, 'binding is not held up by a hanging receiver');
    const result = await pending;
    t.like(result.body, { delivered: false, statusCode: null });
    t.is(result.body.error, 'timeout');
    t.true(Date.now() - started >= 9_900);
  } finally {
    await receiver.close();
  }
});
