import test from 'ava';
import { boundPolicy } from '../../support/mothers.ts';
import { call, createTenant, startTestApp } from '../../support/test-app.ts';

// What the lists' filters and q find is tested at the use cases (test/use-cases/policy/policy-lists.test.ts);
// here, the query string as HTTP reads it: a search that answers, and what is refused.

test('the lists read their filters and q from the query string; an unknown parameter, a bad value or a short word is 400 naming it', async (t) => {
  const app = await startTestApp();
  t.teardown(app.close);
  const tenant = await createTenant(app);
  const pipe = await boundPolicy(app, tenant, { submission: { insuredName: 'Blue Pipe Plumbing, Inc.', state: 'TX' } });
  const found = await call(app.api, 'GET', `/v1/policies?q=${encodeURIComponent('blue pi')}&state=TX`, { token: tenant.adminToken });
  t.like(found, { status: 200, body: { data: [{ id: pipe.policy.id }] } });
  const submissions = await call(app.api, 'GET', '/v1/submissions?q=pipe%20plumb', { token: tenant.adminToken });
  t.like(submissions, { status: 200, body: { data: [{ id: pipe.submission.id }] } });
  const unknown = await call(app.api, 'GET', '/v1/policies?stat=TX', { token: tenant.adminToken });
  t.like(unknown, { status: 400, body: { error: 'validation_failed', details: { field: 'stat', rule: 'unknown_parameter' } } });
  t.regex(unknown.body.message, /it takes .*state/);
  const badEnum = await call(app.api, 'GET', '/v1/policies?state=ZZ', { token: tenant.adminToken });
  t.like(badEnum, { status: 400, body: { details: { field: 'state', rule: 'enum' } } });
  t.regex(badEnum.body.message, /must be one of: .*OH/);
  for (const path of ['/v1/policies?q=b', '/v1/policies?q=blue%20p', '/v1/policies?q=!!', '/v1/submissions?q=b']) {
    t.like(
      await call(app.api, 'GET', path, { token: tenant.adminToken }),
      { status: 400, body: { error: 'validation_failed', details: { field: 'q' } } },
      path,
    );
  }
});

test('a body with several problems is answered with all of them at once, the first in field and rule', async (t) => {
  const app = await startTestApp();
  t.teardown(app.close);
  const tenant = await createTenant(app);
  const answer = await call(app.api, 'POST', '/v1/submissions', {
    token: tenant.adminToken,
    body: {
      insuredName: 'Many Problems LLC',
      naicsCode: '541511',
      annualRevenue: -1,
      requestedLimit: 1.001,
      effectiveDate: '2027-02-30',
      state: 'ZZ',
      lineOfBusiness: 'GL',
    },
  });
  t.is(answer.status, 400);
  const fields = answer.body.details.problems.map((problem: { field: string }) => problem.field).sort();
  t.deepEqual(fields, ['annualRevenue', 'effectiveDate', 'requestedLimit', 'state']);
  t.is(answer.body.details.field, answer.body.details.problems[0].field);
});
