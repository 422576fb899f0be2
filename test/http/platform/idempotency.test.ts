import anyTest, { type TestFn } from 'ava';
import { aSubmission } from '../../support/mothers.ts';
import { call, createApiKey, createTenant, startTestApp, type Tenant, type TestApp } from '../../support/test-app.ts';

const test = anyTest as TestFn<{ app: TestApp }>;

test.before(async (t) => {
  t.context = { app: await startTestApp() };
});
test.after.always(async (t) => t.context.app.close());

const submit = (app: TestApp, credential: { token?: string; apiKey?: string }, key: string | undefined, body: Record<string, unknown> = aSubmission()) =>
  call(app.api, 'POST', '/v1/submissions', { ...credential, body, headers: key === undefined ? {} : { 'idempotency-key': key } });
const count = async (app: TestApp, tenant: Tenant) => (await call(app.api, 'GET', '/v1/submissions?limit=200', { token: tenant.adminToken })).body.data.length;

test('the same key and body answer the first response again; another body is 422; keys are per credential', async (t) => {
  const { app } = t.context;
  const tenant = await createTenant(app);
  const admin = { token: tenant.adminToken };
  const first = await submit(app, admin, 'order-1001');
  t.is(first.status, 201);
  t.is(first.headers.get('idempotent-replayed'), null);
  const again = await submit(app, admin, 'order-1001');
  t.is(again.status, 201);
  t.deepEqual(again.body, first.body);
  t.is(again.headers.get('idempotent-replayed'), 'true');
  t.is(await count(app, tenant), 1);

  t.like(await submit(app, admin, 'order-1001', aSubmission({ insuredName: 'Other Co' })), { status: 422, body: { error: 'idempotency_key_reuse' } });
  const key = await createApiKey(app, tenant, ['submissions:write']);
  t.is((await submit(app, { apiKey: key }, 'order-1001')).status, 201, 'another credential has its own keys');
  t.is(await count(app, tenant), 2);
  t.is((await submit(app, admin, undefined)).status, 201, 'without a key every POST runs');
  t.is(await count(app, tenant), 3);
});

test('racing requests with one key create once; a failed request keeps nothing; a malformed key is 400', async (t) => {
  const { app } = t.context;
  const tenant = await createTenant(app);
  const admin = { token: tenant.adminToken };
  const racing = await Promise.all([1, 2, 3, 4].map(() => submit(app, admin, 'burst-1')));
  const created = racing.filter((answer) => answer.status === 201);
  t.true(created.length >= 1);
  t.true(
    racing.every((answer) => answer.status === 201 || (answer.status === 409 && answer.body.error === 'conflict')),
    racing.map((answer) => answer.status).join(' '),
  );
  t.is(new Set(created.map((answer) => answer.body.id)).size, 1);
  t.is(await count(app, tenant), 1);

  // Refused before it ran: the key stays free for the corrected request.
  t.is((await submit(app, admin, 'fix-1', aSubmission({ effectiveDate: '2027-02-30' }))).status, 400);
  t.is((await submit(app, admin, 'fix-1')).status, 201);
  // Refused by the business rules: nothing kept, the same request runs again and answers alike.
  const submission = (await submit(app, admin, undefined)).body;
  const bind = () =>
    call(app.api, 'POST', `/v1/submissions/${submission.id}/bind`, { ...admin, body: { installmentPlan: 'PIF' }, headers: { 'idempotency-key': 'bind-1' } });
  t.like(await bind(), { status: 422, body: { error: 'invalid_transition' } });
  t.like(await bind(), { status: 422, body: { error: 'invalid_transition' } });
  await call(app.api, 'POST', `/v1/submissions/${submission.id}/quote`, admin);
  t.is((await bind()).status, 201, 'once quoted, the same key binds');
  t.is((await bind()).headers.get('idempotent-replayed'), 'true');

  for (const bad of ['', 'x'.repeat(256), 'has space']) {
    t.like(await submit(app, admin, bad), { status: 400, body: { details: { field: 'Idempotency-Key', rule: 'format' } } }, JSON.stringify(bad));
  }
});
