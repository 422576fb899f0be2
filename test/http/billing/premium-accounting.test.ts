import anyTest, { type TestFn } from 'ava';
import { boundPolicy } from '../../support/mothers.ts';
import { call, createTenant, startTestApp, type Tenant, type TestApp } from '../../support/test-app.ts';

// What premium accounting does is tested at the use cases (test/use-cases/policy/premium-accounting.test.ts);
// here, what only HTTP shows: status codes, dollars at the edge, isolation and validation.

const test = anyTest as TestFn<{ app: TestApp; a: Tenant }>;

test.before(async (t) => {
  const app = await startTestApp();
  t.context = { app, a: await createTenant(app) };
});
test.after.always(async (t) => t.context.app.close());

/** GL, NAICS 541511, OH, revenue $3.65M, limit $1M, 2027: rated at $2,774 a year. */
const AUDIT_RISK = { annualRevenue: 3_650_000, requestedLimit: 1_000_000, effectiveDate: '2027-01-01' };

test('endorse, cancel and the premium reports answer in dollars with their status codes', async (t) => {
  const { app } = t.context;
  const a = await createTenant(app);
  const { policy } = await boundPolicy(app, a, { plan: 'MONTHLY_12', submission: AUDIT_RISK });
  const endorse = await call(app.api, 'POST', `/v1/policies/${policy.id}/endorse`, {
    token: a.adminToken,
    body: { effectiveDate: '2027-07-02', changes: { annualRevenue: 7_300_000 } },
  });
  t.like(endorse, { status: 201, body: { premiumDelta: 1390.8 } });
  const cancel = await call(app.api, 'POST', `/v1/policies/${policy.id}/cancel`, {
    token: a.adminToken,
    body: { effectiveDate: '2027-02-01', reason: 'underwriting' },
  });
  t.like(cancel, { status: 200, body: { cancellation: { returnPremium: 3929.2 } } });
  const premium = await call(app.api, 'GET', `/v1/policies/${policy.id}/premium?asOf=2027-12-31`, { token: a.adminToken });
  t.like(premium, { status: 200, body: { asOf: '2027-12-31', written: 235.6, earned: 235.6, unearned: 0, billed: 235.6, collected: 0 } });
  t.deepEqual(
    premium.body.transactions.map((entry: { type: string; writtenChange: number }) => [entry.type, entry.writtenChange]),
    [
      ['bind', 2774],
      ['endorsement', 1390.8],
      ['cancellation', -3929.2],
    ],
  );
  const report = await call(app.api, 'GET', '/v1/reports/premium?asOf=2027-12-31', { token: a.adminToken });
  t.like(report, { status: 200, body: { asOf: '2027-12-31', policyCount: 1, written: 235.6, earned: 235.6, unearned: 0 } });
  t.deepEqual(report.body.byLineOfBusiness, [{ lineOfBusiness: 'GL', policyCount: 1, written: 235.6, earned: 235.6, unearned: 0 }]);
});

test('another organization’s policy premium is a 404, another organization’s book reads empty, and an impossible date is a 400', async (t) => {
  const { app, a } = t.context;
  const b = await createTenant(app);
  const { policy } = await boundPolicy(app, a, { submission: AUDIT_RISK });
  t.is((await call(app.api, 'GET', `/v1/policies/${policy.id}/premium`, { token: b.adminToken })).status, 404);
  t.like((await call(app.api, 'GET', '/v1/reports/premium?asOf=2027-12-31', { token: b.adminToken })).body, { policyCount: 0 });
  t.is((await call(app.api, 'GET', `/v1/policies/${policy.id}/premium?asOf=2027-02-30`, { token: a.adminToken })).status, 400);
  t.is((await call(app.api, 'GET', '/v1/reports/premium?asOf=2027-02-30', { token: a.adminToken })).status, 400);
  const early = await call(app.api, 'POST', `/v1/policies/${policy.id}/endorse`, {
    token: a.adminToken,
    body: { effectiveDate: '2026-03-01', changes: { annualRevenue: 5_000_000 } },
  });
  t.like(early, { status: 400, body: { details: { field: 'effectiveDate' } } }, JSON.stringify(early.body));
});
