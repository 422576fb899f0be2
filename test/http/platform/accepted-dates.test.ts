import anyTest, { type TestFn } from 'ava';
import { call, createProducer, createTenant, startTestApp, type Tenant, type TestApp } from '../../support/test-app.ts';
import { aSubmission } from '../../support/mothers.ts';

const test = anyTest as TestFn<{ app: TestApp; tenant: Tenant }>;

test.before(async (t) => {
  const app = await startTestApp();
  t.context = { app, tenant: await createTenant(app) };
});
test.after.always(async (t) => t.context.app.close());

const outOfRange = (field: string, rule: string) => ({ status: 400, body: { error: 'validation_failed', details: { field, rule } } });

test('months outside 1900-01 to 2999-12 are refused at the edge with a 400 naming the range, before any month-end arithmetic', async (t) => {
  const { app, tenant } = t.context;
  const token = tenant.adminToken;
  const producerId = await createProducer(app, tenant);
  for (const month of ['9999-12', '3000-01', '1899-12']) {
    const close = await call(app.api, 'POST', `/v1/accounting-periods/${month}/close`, { token, body: {} });
    t.like(close, outOfRange('month', 'month'), `close ${month}`);
    t.regex(close.body.message, /1900-01 to 2999-12/);
    t.like(await call(app.api, 'GET', `/v1/producers/${producerId}/statements?month=${month}`, { token }), outOfRange('month', 'month'));
    for (const accept of ['text/csv', 'application/json', 'application/x-ndjson']) {
      const bordereau = await call(app.api, 'GET', `/v1/reports/bordereaux?type=premium&month=${month}`, { token, headers: { accept } });
      t.like(bordereau, outOfRange('month', 'month'), `bordereau ${month} as ${accept}`);
    }
    t.like(await call(app.api, 'GET', `/v1/reports/surplus-lines-taxes?month=${month}`, { token }), outOfRange('month', 'month'));
  }
  t.is(
    (await call(app.api, 'GET', '/v1/reports/bordereaux?type=premium&month=2999-12', { token, headers: { accept: 'application/json' } })).status,
    200,
    'the last month answers',
  );
});

test('dates outside 1900-01-01 to 2999-12-31 are refused with a 400 naming the range', async (t) => {
  const { app, tenant } = t.context;
  const token = tenant.adminToken;
  for (const asOf of ['9999-12-31', '3000-01-01', '1899-12-31']) {
    const premium = await call(app.api, 'GET', `/v1/reports/premium?asOf=${asOf}`, { token });
    t.like(premium, outOfRange('asOf', 'date'), asOf);
    t.regex(premium.body.message, /1900-01-01 to 2999-12-31/);
  }
  t.is((await call(app.api, 'GET', '/v1/reports/premium?asOf=2999-12-31', { token })).status, 200, 'the last day answers');
  const submission = await call(app.api, 'POST', '/v1/submissions', { token, body: aSubmission({ effectiveDate: '9999-01-01' }) });
  t.like(submission, outOfRange('effectiveDate', 'date'));
});
