import test from 'ava';
import { boundPolicy } from '../../support/mothers.ts';
import { call, createTenant, startTestApp } from '../../support/test-app.ts';

test('the policy list filters by insured name, number, state, line, status and effective dates, with AND; unknown parameters are 400', async (t) => {
  const app = await startTestApp();
  t.teardown(app.close);
  const tenant = await createTenant(app);
  const ohio = await boundPolicy(app, tenant, { submission: { insuredName: 'Café Lumière LLC', state: 'OH', effectiveDate: '2027-01-01' } });
  const texas = await boundPolicy(app, tenant, { submission: { insuredName: 'Lone Star Roofing', state: 'TX', effectiveDate: '2027-03-01' } });
  const other = await boundPolicy(app, await createTenant(app), { submission: { insuredName: 'Café Lumière LLC', state: 'OH' } });
  const list = async (query: string) => {
    const answer = await call(app.api, 'GET', `/v1/policies?${query}`, { token: tenant.adminToken });
    t.is(answer.status, 200, `${query}: ${JSON.stringify(answer.body)}`);
    return answer.body.data.map((policy: { id: string }) => policy.id);
  };
  t.deepEqual(await list('insuredName=caf%C3%A9%20lumi%C3%A8re%20llc'), [ohio.policy.id], 'the whole name, case ignored, the organization’s own');
  t.deepEqual(await list('insuredName=Caf'), [], 'a part of the name is no match');
  t.deepEqual(await list('insuredName=.*'), [], 'the name is matched as written');
  t.deepEqual(await list(`policyNumber=${texas.policy.policyNumber}`), [texas.policy.id]);
  t.deepEqual(await list('state=TX&lineOfBusiness=GL&status=active'), [texas.policy.id]);
  t.deepEqual(await list('state=TX&status=cancelled'), []);
  t.deepEqual(await list('effectiveFrom=2027-02-01&effectiveTo=2027-03-01'), [texas.policy.id]);
  t.deepEqual(await list('effectiveTo=2027-01-01'), [ohio.policy.id]);
  t.false((await list('limit=200')).includes(other.policy.id));

  const unknown = await call(app.api, 'GET', '/v1/policies?stat=TX', { token: tenant.adminToken });
  t.like(unknown, { status: 400, body: { error: 'validation_failed', details: { field: 'stat', rule: 'unknown_parameter' } } });
  t.regex(unknown.body.message, /it takes .*state/);
  const badEnum = await call(app.api, 'GET', '/v1/policies?state=ZZ', { token: tenant.adminToken });
  t.like(badEnum, { status: 400, body: { details: { field: 'state', rule: 'enum' } } });
  t.regex(badEnum.body.message, /must be one of: .*OH/);
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

test('q finds policies by the beginnings of the words of the insured’s name or of the number, within the organization and the caller’s view', async (t) => {
  const app = await startTestApp();
  t.teardown(app.close);
  const tenant = await createTenant(app);
  const cafe = await boundPolicy(app, tenant, { submission: { insuredName: 'Café Lumière LLC', state: 'OH' } });
  const pipe = await boundPolicy(app, tenant, { submission: { insuredName: 'Blue Pipe Plumbing, Inc.', state: 'TX' } });
  const bluebird = await boundPolicy(app, tenant, { submission: { insuredName: 'Bluebird Bakery', state: 'TX' } });
  const elsewhere = await boundPolicy(app, await createTenant(app), { submission: { insuredName: 'Blue Pipe Plumbing, Inc.' } });
  const search = async (q: string, more = '') => {
    const answer = await call(app.api, 'GET', `/v1/policies?q=${encodeURIComponent(q)}${more}`, { token: tenant.adminToken });
    t.is(answer.status, 200, `${q}: ${JSON.stringify(answer.body)}`);
    return answer.body.data.map((policy: { id: string }) => policy.id).sort();
  };
  t.deepEqual(await search('blue'), [pipe.policy.id, bluebird.policy.id].sort(), 'a prefix of a word, case ignored');
  t.deepEqual(await search('blue pi'), [pipe.policy.id], 'every word must match');
  t.deepEqual(await search('plumb blue'), [pipe.policy.id], 'in any order');
  t.deepEqual(await search('cafe lumi'), [cafe.policy.id], 'accents ignored');
  t.deepEqual(await search('LLC Café'), [cafe.policy.id]);
  t.deepEqual(await search('pipe bakery'), []);
  t.deepEqual(await search('ipe'), [], 'only the beginnings of words');
  t.deepEqual(await search('blue', '&state=OH'), [], 'with the other filters');
  const number = pipe.policy.policyNumber as string;
  t.deepEqual(await search(number), [pipe.policy.id], 'the whole number');
  t.true((await search(number.slice(0, -2))).includes(pipe.policy.id), 'a number’s beginning');
  t.true((await search(number.replace(/[^A-Za-z0-9]/g, ''))).includes(pipe.policy.id), 'the number without its separators');
  t.false((await search('blue pipe')).includes(elsewhere.policy.id), 'another organization’s policy is never found');

  for (const q of ['b', 'blue p', '!!']) {
    const refused = await call(app.api, 'GET', `/v1/policies?q=${encodeURIComponent(q)}`, { token: tenant.adminToken });
    t.like(refused, { status: 400, body: { error: 'validation_failed', details: { field: 'q' } } }, q);
  }
});

test('q finds submissions by the beginnings of the words of the insured’s name', async (t) => {
  const app = await startTestApp();
  t.teardown(app.close);
  const tenant = await createTenant(app);
  const plumbing = await boundPolicy(app, tenant, { submission: { insuredName: 'Blue Pipe Plumbing, Inc.' } });
  const bakery = await boundPolicy(app, tenant, { submission: { insuredName: 'Bluebird Bakery' } });
  const search = async (q: string) => {
    const answer = await call(app.api, 'GET', `/v1/submissions?q=${encodeURIComponent(q)}`, { token: tenant.adminToken });
    t.is(answer.status, 200, `${q}: ${JSON.stringify(answer.body)}`);
    return answer.body.data.map((submission: { id: string }) => submission.id).sort();
  };
  t.deepEqual(await search('blue'), [plumbing.submission.id, bakery.submission.id].sort());
  t.deepEqual(await search('bluebird bak'), [bakery.submission.id]);
  t.deepEqual(await search('pipe plumb'), [plumbing.submission.id]);
  t.like(await call(app.api, 'GET', '/v1/submissions?q=b', { token: tenant.adminToken }), { status: 400, body: { details: { field: 'q' } } });
});
