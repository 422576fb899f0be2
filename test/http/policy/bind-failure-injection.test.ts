import test from 'ava';
import { openStore } from '../../../bootstrap/open-store.ts';
import { withInsertFaults } from '../../support/faulty-store.ts';
import { call, createTenant, startTestApp } from '../../support/test-app.ts';

// Every write of the bind's group failing keeps nothing: test/use-cases/policy/binding.test.ts; here, what a caller sees.
for (const collection of ['policies']) {
  test.serial(`a bind interrupted while writing ${collection} leaves nothing behind, and binding again works`, async (t) => {
    const faults = new Map<string, number>();
    const app = await startTestApp({ store: async (config) => withInsertFaults(await openStore(config), faults) });
    t.teardown(app.close);
    const tenant = await createTenant(app);
    const submission = await call(app.api, 'POST', '/v1/submissions', {
      token: tenant.adminToken,
      body: {
        insuredName: 'Half Bound Ltd',
        naicsCode: '541511',
        annualRevenue: 1_000_000,
        requestedLimit: 1_000_000,
        effectiveDate: '2027-05-01',
        state: 'WA',
        lineOfBusiness: 'GL',
      },
    });
    await call(app.api, 'POST', `/v1/submissions/${submission.body.id}/quote`, { token: tenant.adminToken });

    faults.set(collection, 1);
    const failed = await call(app.api, 'POST', `/v1/submissions/${submission.body.id}/bind`, {
      token: tenant.adminToken,
      body: { installmentPlan: 'QUARTERLY' },
    });
    t.is(failed.status, 500);
    const store = app.app.store;
    for (const name of ['policies', 'invoices', 'policy_transactions']) t.is(await store.collection(name).countDocuments({ orgId: tenant.orgId }), 0, name);
    const aggregate = await store.collection<{ _id: string; written: number }>('da_aggregates').findOne({ _id: `${tenant.orgId}:default:2027` });
    t.is(aggregate?.written, 0);

    const bound = await call(app.api, 'POST', `/v1/submissions/${submission.body.id}/bind`, {
      token: tenant.adminToken,
      body: { installmentPlan: 'QUARTERLY' },
    });
    t.is(bound.status, 201);
    t.is(await store.collection('invoices').countDocuments({ orgId: tenant.orgId, policyId: bound.body.id }), 4);
    t.is(await store.collection('invoices').countDocuments({ orgId: tenant.orgId }), 4);
  });
}

const SUBMISSION = {
  insuredName: 'Race Co',
  naicsCode: '541511',
  annualRevenue: 1_000_000,
  requestedLimit: 1_000_000,
  effectiveDate: '2027-05-01',
  state: 'WA',
  lineOfBusiness: 'GL',
};

test.serial('quotes and binds racing on one submission: at most one policy, and no quote left active on a bound submission', async (t) => {
  const app = await startTestApp();
  t.teardown(app.close);
  const tenant = await createTenant(app);
  const store = app.app.store;
  for (let round = 0; round < 8; round += 1) {
    const submission = await call(app.api, 'POST', '/v1/submissions', { token: tenant.adminToken, body: SUBMISSION });
    const id = submission.body.id;
    await call(app.api, 'POST', `/v1/submissions/${id}/quote`, { token: tenant.adminToken });
    const requests = [
      call(app.api, 'POST', `/v1/submissions/${id}/bind`, { token: tenant.adminToken, body: { installmentPlan: 'PIF' } }),
      call(app.api, 'POST', `/v1/submissions/${id}/quote`, { token: tenant.adminToken }),
      call(app.api, 'POST', `/v1/submissions/${id}/bind`, { token: tenant.adminToken, body: { installmentPlan: 'MONTHLY_10' } }),
      call(app.api, 'POST', `/v1/submissions/${id}/quote`, { token: tenant.adminToken }),
    ];
    const answers = await Promise.all(requests);
    t.true(
      answers.every((answer) => [201, 409, 422].includes(answer.status)),
      JSON.stringify(answers.map((answer) => answer.status)),
    );
    const policies = await store.collection('policies').countDocuments({ orgId: tenant.orgId, submissionId: id });
    t.true(policies <= 1, `round ${round}: ${policies} policies`);
    const status = (await call(app.api, 'GET', `/v1/submissions/${id}`, { token: tenant.adminToken })).body.status;
    if (status === 'bound')
      t.is(await store.collection('quotes').countDocuments({ orgId: tenant.orgId, submissionId: id, status: 'active' }), 0, `round ${round}`);
    if (policies === 0) t.is(status, 'quoted');
  }
});
