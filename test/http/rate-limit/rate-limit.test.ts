import anyTest, { type TestFn } from 'ava';
import { call, createApiKey, createTenant, MACHINE_SECRET, PRODUCTION_ENV, startTestApp, type TestApp, type Tenant } from '../../support/test-app.ts';

const test = anyTest as TestFn<{ app: TestApp }>;

test.before(async (t) => {
  // The environment's own limits: 100 requests per minute in local.
  t.context = { app: await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '' } }) };
});
test.after.always(async (t) => t.context.app.close());

const burst = async (app: TestApp, options: { apiKey?: string; token?: string }, rounds = 4, width = 50) => {
  const statuses: number[] = [];
  let last: Headers | undefined;
  for (let round = 0; round < rounds; round += 1) {
    const results = await Promise.all(Array.from({ length: width }, () => call(app.api, 'GET', '/v1/users', options)));
    statuses.push(...results.map((r) => r.status));
    last = results.find((r) => r.status === 429)?.headers ?? last;
  }
  return { statuses, last };
};

const tenantWithKey = async (app: TestApp): Promise<{ tenant: Tenant; key: string }> => {
  const tenant = await createTenant(app);
  return { tenant, key: await createApiKey(app, tenant, ['users:read']) };
};

test('a burst of 4 x 50 parallel requests lets exactly 100 through, then 429 with Retry-After', async (t) => {
  const { app } = t.context;
  const { key } = await tenantWithKey(app);
  const { statuses, last } = await burst(app, { apiKey: key });
  t.is(statuses.filter((s) => s === 200).length, 100);
  t.is(statuses.filter((s) => s === 429).length, 100);
  t.truthy(last);
  t.is(last?.get('x-ratelimit-limit'), '100');
  t.is(last?.get('x-ratelimit-remaining'), '0');
  const retryAfter = Number(last?.get('retry-after'));
  t.true(retryAfter >= 1 && retryAfter <= 60);
  const reset = Number(last?.get('x-ratelimit-reset'));
  t.true(reset > Date.now() / 1000 && reset <= Date.now() / 1000 + 61);
  const limited = await call(app.api, 'GET', '/v1/users', { apiKey: key });
  t.is(limited.body.error, 'rate_limited');
});

test('limits are per key: another key of the same organization has its own budget', async (t) => {
  const { app } = t.context;
  const { tenant, key } = await tenantWithKey(app);
  await burst(app, { apiKey: key }, 1, 110);
  const other = await createApiKey(app, tenant, ['users:read']);
  const fresh = await call(app.api, 'GET', '/v1/users', { apiKey: other });
  t.is(fresh.status, 200);
  t.is(fresh.headers.get('x-ratelimit-remaining'), '99');
});

test('headers on every response, errors included; anonymous callers are counted by address', async (t) => {
  const { app } = t.context;
  for (const result of [
    await call(app.api, 'GET', '/v1/users'),
    await call(app.api, 'GET', '/v1/users', { token: 'bogus' }),
    await call(app.api, 'GET', '/v1/unknown'),
    await call(app.api, 'GET', '/openapi.json'),
  ]) {
    t.truthy(result.headers.get('x-ratelimit-limit'), String(result.status));
    t.truthy(result.headers.get('x-ratelimit-remaining'));
    t.regex(result.headers.get('x-ratelimit-reset') ?? '', /^\d{10}$/);
  }
});

test("an organization's contract limit replaces the default", async (t) => {
  const { app } = t.context;
  const { tenant, key } = await tenantWithKey(app);
  await call(app.api, 'PATCH', `/v1/organizations/${tenant.orgId}`, { token: MACHINE_SECRET, body: { rateLimitPerMinute: 30 } });
  const { statuses } = await burst(app, { apiKey: key }, 1, 40);
  t.is(statuses.filter((s) => s === 200).length, 30);
});

test('production limits follow the tier: standard 1,000 and enterprise 10,000 per minute', async (t) => {
  const production = await startTestApp({
    env: {
      ...PRODUCTION_ENV,
      RATE_LIMIT_PER_MINUTE: '',
    },
  });
  try {
    const standard = await createTenant(production);
    const enterprise = await createTenant(production, { tier: 'enterprise' });
    const standardKey = await createApiKey(production, standard, ['users:read']);
    t.regex(standardKey, /^svc_live_/);
    t.is((await call(production.api, 'GET', '/v1/users', { apiKey: standardKey })).headers.get('x-ratelimit-limit'), '1000');
    t.is((await call(production.api, 'GET', '/v1/users', { token: enterprise.adminToken })).headers.get('x-ratelimit-limit'), '10000');
  } finally {
    await production.close();
  }
});
