import anyTest, { type TestFn } from 'ava';
import { readFile } from 'node:fs/promises';
import { authClient, platformClient } from '../../../clients/typescript/index.ts';
import { AUTH_SCHEMA_FILE, SCHEMA_FILE, typesOf } from '../../../clients/typescript/generate.ts';
import { call, createApiKey, createTenant, PASSWORD, startTestApp, type TestApp } from '../../support/test-app.ts';

const test = anyTest as TestFn<{ app: TestApp }>;

test.before(async (t) => {
  t.context = { app: await startTestApp() };
});
test.after.always(async (t) => t.context.app.close());

test('the committed client types are those of the live descriptions (npm run client:generate)', async (t) => {
  const api = (await call(t.context.app.api, 'GET', '/openapi.json')).body;
  t.is(await readFile(SCHEMA_FILE, 'utf8'), await typesOf(api));
  const auth = (await call(t.context.app.auth, 'GET', '/openapi.json')).body;
  t.is(await readFile(AUTH_SCHEMA_FILE, 'utf8'), await typesOf(auth));
});

test('the main flow through the typed client: submit, quote, bind, invoices, card payment, premium', async (t) => {
  const { app } = t.context;
  const tenant = await createTenant(app);
  // Sign-in goes to the authentication service's own origin, with its own typed client.
  const session = await authClient(app.auth).POST('/api/auth/sign-in/email', { body: { email: tenant.adminEmail, password: PASSWORD } });
  t.is(session.response.status, 200);
  const admin = platformClient(app.api, { token: session.data?.token });
  const integration = platformClient(app.api, { apiKey: await createApiKey(app, tenant, ['submissions:write', 'submissions:read', 'policies:read']) });

  // The body is checked against the description by the compiler.
  const body = {
    insuredName: 'Typed Client Co',
    naicsCode: '541511',
    annualRevenue: 4_000_000,
    requestedLimit: 1_000_000,
    effectiveDate: '2027-01-01',
    state: 'OH',
    lineOfBusiness: 'GL',
  } as const;
  const created = await integration.POST('/v1/submissions', { body, headers: { 'Idempotency-Key': 'typed-1' } });
  t.is(created.response.status, 201);
  const submission = created.data;
  if (!submission || !('id' in submission)) return t.fail(JSON.stringify(created.error));
  t.is(submission.status, 'received');

  const quoted = await admin.POST('/v1/submissions/{id}/quote', { params: { path: { id: submission.id } } });
  t.is(quoted.response.status, 201);
  t.true((quoted.data?.grossPremium ?? 0) > 0);
  t.deepEqual(quoted.data?.daFlags, []);

  const bound = await admin.POST('/v1/submissions/{id}/bind', { params: { path: { id: submission.id } }, body: { installmentPlan: 'QUARTERLY' } });
  t.is(bound.response.status, 201);
  const policy = bound.data;
  if (!policy) return t.fail(JSON.stringify(bound.error));
  t.is((await integration.GET('/v1/policies/{id}', { params: { path: { id: policy.id } } })).data?.policyNumber, policy.policyNumber);

  const invoices = (await admin.GET('/v1/invoices', { params: { query: { policyId: policy.id } } })).data?.data ?? [];
  t.is(invoices.length, 4);
  const first = invoices.find((invoice) => invoice.invoiceNumber.endsWith('-01'));
  if (!first) return t.fail('no first installment');
  const paid = await admin.POST('/v1/invoices/{id}/payment-intent', { params: { path: { id: first.id } }, body: { confirm: true } });
  t.is(paid.response.status, 201);

  const premium = await admin.GET('/v1/policies/{id}/premium', { params: { path: { id: policy.id }, query: { asOf: policy.effectiveDate } } });
  t.like(premium.data, { written: policy.grossPremium, collected: first.amount });

  const missing = await admin.GET('/v1/policies/{id}', { params: { path: { id: 'pol_missing' } } });
  t.is(missing.response.status, 404);
  t.is(missing.error?.error, 'not_found');
});
