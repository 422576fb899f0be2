import test from 'ava';
import { call, createTenant, startTestApp } from '../../support/test-app.ts';

test('GET /v1/forms lists the editions in force by line, state and date; a bad filter is 400; no credential is 401', async (t) => {
  const app = await startTestApp();
  t.teardown(app.close);
  const tenant = await createTenant(app);
  const list = (query: string, token: string | null = tenant.adminToken) => call(app.api, 'GET', `/v1/forms?${query}`, token ? { token } : {});
  const texas = await list('line=GL&state=TX&asOf=2027-01-01');
  t.is(texas.status, 200);
  t.truthy(texas.body.libraryVersion);
  const numbers = (body: { data: Array<{ formNumber: string; edition: string }> }) => body.data.map((form) => `${form.formNumber} ${form.edition}`);
  t.true(numbers(texas.body).includes('PLT TX 01 2025-01'));
  t.true(numbers(texas.body).includes('CG 20 10 2019-12'));
  t.true(
    texas.body.data.every((form: { source: string }) => form.source.length > 0),
    'every form names its source',
  );
  const oklahoma = await list('line=GL&state=OK&asOf=2027-01-01');
  t.false(numbers(oklahoma.body).includes('PLT TX 01 2025-01'));
  t.true(numbers((await list('line=GL&asOf=2018-06-01')).body).includes('CG 20 10 2013-04'), 'the edition in force then');
  t.like(await list('line=BOAT'), { status: 400, body: { error: 'validation_failed' } });
  t.like(await list('asOf=2027-02-30'), { status: 400, body: { error: 'validation_failed' } });
  t.is((await list('line=GL', null)).status, 401);
});
