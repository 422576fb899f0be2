import anyTest, { type TestFn } from 'ava';
import { boundPolicy } from '../../support/mothers.ts';
import { call, createTenant, startTestApp, type Tenant, type TestApp } from '../../support/test-app.ts';

const test = anyTest as TestFn<{ app: TestApp; a: Tenant }>;

test.before(async (t) => {
  const app = await startTestApp();
  t.context = { app, a: await createTenant(app) };
});
test.after.always(async (t) => t.context.app.close());

/** GL, NAICS 541511, OH, revenue $3.65M, limit $1M, 2027: rated at $2,774 a year. */
const AUDIT_RISK = { annualRevenue: 3_650_000, requestedLimit: 1_000_000, effectiveDate: '2027-01-01' };

const netBilling = async (app: TestApp, tenant: Tenant, policyId: string): Promise<number> => {
  const invoices = (await call(app.api, 'GET', `/v1/invoices?policyId=${policyId}&limit=100`, { token: tenant.adminToken })).body.data;
  return invoices
    .filter((invoice: { status: string }) => invoice.status !== 'void')
    .reduce((sum: number, invoice: { amount: number }) => sum + Math.round(invoice.amount * 100), 0);
};

const aggregate = async (app: TestApp, tenant: Tenant): Promise<number> =>
  (await app.app.store.collection<{ _id: string; written: number }>('da_aggregates').findOne({ _id: `${tenant.orgId}:default:2027` }))?.written ?? 0;

test('an endorsement then a cancellation reaching back before it: billing comes to the premium earned, and so does the aggregate', async (t) => {
  const { app } = t.context;
  // A tenant of its own: the other tests of this file write to their aggregate at the same time.
  const a = await createTenant(app);
  const before = await aggregate(app, a);
  const { policy } = await boundPolicy(app, a, { plan: 'MONTHLY_12', submission: AUDIT_RISK });
  t.is(policy.grossPremium, 2774);
  const endorse = await call(app.api, 'POST', `/v1/policies/${policy.id}/endorse`, {
    token: a.adminToken,
    body: { effectiveDate: '2027-07-02', changes: { annualRevenue: 7_300_000 } },
  });
  t.is(endorse.status, 201);
  t.is(endorse.body.premiumDelta, 1390.8);
  const cancel = await call(app.api, 'POST', `/v1/policies/${policy.id}/cancel`, {
    token: a.adminToken,
    body: { effectiveDate: '2027-02-01', reason: 'underwriting' },
  });
  t.is(cancel.status, 200);
  t.is(cancel.body.cancellation.returnPremium, 3929.2);
  t.is(await netBilling(app, a, policy.id), 235_60, 'the insured is billed January at $2,774 a year');
  t.is((await aggregate(app, a)) - before, 235_60, 'the aggregate holds the net written premium');

  const premium = await call(app.api, 'GET', `/v1/policies/${policy.id}/premium?asOf=2027-12-31`, { token: a.adminToken });
  t.is(premium.status, 200);
  t.like(premium.body, { asOf: '2027-12-31', written: 235.6, earned: 235.6, unearned: 0, billed: 235.6, collected: 0 });
  t.deepEqual(
    premium.body.transactions.map((entry: { type: string; writtenChange: number }) => [entry.type, entry.writtenChange]),
    [
      ['bind', 2774],
      ['endorsement', 1390.8],
      ['cancellation', -3929.2],
    ],
  );
  const january = await call(app.api, 'GET', `/v1/policies/${policy.id}/premium?asOf=2027-01-15`, { token: a.adminToken });
  // Written by then: the bind alone; earned: 15 of 365 days; billed: the first installment.
  t.like(january.body, { written: 2774, earned: 114, unearned: 2660, billed: 231.17 });
});

test('an endorsement followed by a flat cancellation returns what was billed, no more', async (t) => {
  const { app, a } = t.context;
  const { policy } = await boundPolicy(app, a, { plan: 'PIF', submission: AUDIT_RISK });
  await call(app.api, 'POST', `/v1/policies/${policy.id}/endorse`, {
    token: a.adminToken,
    body: { effectiveDate: '2027-07-02', changes: { annualRevenue: 7_300_000 } },
  });
  t.is(await netBilling(app, a, policy.id), 4164_80);
  const cancel = await call(app.api, 'POST', `/v1/policies/${policy.id}/cancel`, {
    token: a.adminToken,
    body: { effectiveDate: '2027-01-01', reason: 'insured_request', method: 'flat' },
  });
  t.is(cancel.body.cancellation.returnPremium, 4164.8);
  t.is(await netBilling(app, a, policy.id), 0);
});

test('an endorsement effective before one already applied is 422 out_of_sequence and changes nothing', async (t) => {
  const { app, a } = t.context;
  const { policy } = await boundPolicy(app, a, { plan: 'PIF', submission: AUDIT_RISK });
  await call(app.api, 'POST', `/v1/policies/${policy.id}/endorse`, {
    token: a.adminToken,
    body: { effectiveDate: '2027-07-02', changes: { annualRevenue: 7_300_000 } },
  });
  const early = await call(app.api, 'POST', `/v1/policies/${policy.id}/endorse`, {
    token: a.adminToken,
    body: { effectiveDate: '2027-03-01', changes: { annualRevenue: 5_000_000 } },
  });
  t.is(early.status, 422);
  t.is(early.body.error, 'out_of_sequence');
  t.is(early.body.details.latestEffectiveDate, '2027-07-02');
  t.is((await call(app.api, 'GET', `/v1/policies/${policy.id}`, { token: a.adminToken })).body.grossPremium, 5548);
  t.is(await netBilling(app, a, policy.id), 4164_80);
});

test('the rate tables are pinned to the term: after a new filing, an endorsement that changes nothing bills nothing, and a new term is priced on the filing', async (t) => {
  const { app, a } = t.context;
  // fixtures/rate-tables: GL rates rise 6 % for terms effective from 2027-07-01.
  const { quote, policy } = await boundPolicy(app, a, { submission: { ...AUDIT_RISK, effectiveDate: '2027-06-15' } });
  t.like(quote, { grossPremium: 2774, rateTableVersion: '2026-01' });
  t.like(policy, { grossPremium: 2774, rateTableVersion: '2026-01', programId: 'default' });
  const nothing = await call(app.api, 'POST', `/v1/policies/${policy.id}/endorse`, {
    token: a.adminToken,
    body: { effectiveDate: '2027-08-01', changes: { state: 'OH' }, description: 'Mailing address corrected, same state' },
  });
  t.is(nothing.status, 201);
  t.is(nothing.body.premiumDelta, 0, 'the term keeps the rates it was bound on');
  const doubled = await call(app.api, 'POST', `/v1/policies/${policy.id}/endorse`, {
    token: a.adminToken,
    body: { effectiveDate: '2027-09-01', changes: { annualRevenue: 7_300_000 } },
  });
  t.is(doubled.status, 201);
  t.like((await call(app.api, 'GET', `/v1/policies/${policy.id}`, { token: a.adminToken })).body, { grossPremium: 5548, rateTableVersion: '2026-01' });
  t.is(await netBilling(app, a, policy.id), 2774_00 + Math.round((2774_00 * 288) / 366), 'the change re-rated on the old filing, for 288 of 366 days');

  const newTerm = await boundPolicy(app, a, { submission: { ...AUDIT_RISK, effectiveDate: '2027-08-01' } });
  // 3,650 x 0.85 x 1.00 x 0.95 = 2,947.375
  t.like(newTerm.quote, { grossPremium: 2947.38, rateTableVersion: '2027-07' });
  t.like(newTerm.quote.breakdown, { rateTableVersion: '2027-07', classRate: 0.85 });
  // The default program is admitted and charges no fee: the quote's total is its premium, the invoice one premium line.
  t.deepEqual(newTerm.quote.taxesAndFees, {
    policyFee: 0,
    surplusLinesTax: 0,
    stampingFee: 0,
    fireMarshalTax: 0,
    stateFundFee: 0,
    localPremiumTax: 0,
    components: [],
    taxState: null,
    locality: null,
    total: 2947.38,
  });
  t.deepEqual(newTerm.invoice.lines, [{ kind: 'premium', code: 'premium', name: 'Premium', amount: 2947.38 }]);
  t.like(newTerm.policy.taxesAndFees, { policyFee: 0, total: 2947.38 });
});

test('an insured-requested cancellation keeps the minimum earned premium; reinstating bills it all back', async (t) => {
  const { app, a } = t.context;
  const { policy } = await boundPolicy(app, a, { plan: 'QUARTERLY', submission: AUDIT_RISK });
  const cancel = await call(app.api, 'POST', `/v1/policies/${policy.id}/cancel`, {
    token: a.adminToken,
    body: { effectiveDate: '2027-01-11', reason: 'insured_request', method: 'pro_rata' },
  });
  // Ten days pro rata is $76; the program keeps at least 25 % of $2,774.
  t.is(cancel.body.cancellation.returnPremium, 2080.5);
  t.is(await netBilling(app, a, policy.id), 693_50);
  const reinstated = await call(app.api, 'POST', `/v1/policies/${policy.id}/reinstate`, { token: a.adminToken, body: {} });
  t.is(reinstated.status, 200);
  t.is(await netBilling(app, a, policy.id), 2774_00);
  const premium = await call(app.api, 'GET', `/v1/policies/${policy.id}/premium?asOf=2027-12-31`, { token: a.adminToken });
  t.like(premium.body, { written: 2774, earned: 2774 });
});

test('the premium report of another organization’s policy is a 404', async (t) => {
  const { app, a } = t.context;
  const b = await createTenant(app);
  const { policy } = await boundPolicy(app, a, { submission: AUDIT_RISK });
  const foreign = await call(app.api, 'GET', `/v1/policies/${policy.id}/premium`, { token: b.adminToken });
  t.is(foreign.status, 404);
  const bad = await call(app.api, 'GET', `/v1/policies/${policy.id}/premium?asOf=2027-02-30`, { token: a.adminToken });
  t.is(bad.status, 400);
});

test('the organization’s written, earned and unearned premium as of a date adds up its policies’ transactions', async (t) => {
  const { app } = t.context;
  const tenant = await createTenant(app);
  await boundPolicy(app, tenant, { plan: 'PIF', submission: AUDIT_RISK });
  const { policy: cancelled } = await boundPolicy(app, tenant, { plan: 'PIF', submission: AUDIT_RISK });
  await call(app.api, 'POST', `/v1/policies/${cancelled.id}/cancel`, {
    token: tenant.adminToken,
    body: { effectiveDate: '2027-02-01', reason: 'underwriting' },
  });
  const report = async (asOf: string) => (await call(app.api, 'GET', `/v1/reports/premium?asOf=${asOf}`, { token: tenant.adminToken })).body;
  t.like(await report('2027-01-15'), { policyCount: 2, written: 5548, earned: 228, unearned: 5320 });
  const yearEnd = await report('2027-12-31');
  t.like(yearEnd, { asOf: '2027-12-31', policyCount: 2, written: 3009.6, earned: 3009.6, unearned: 0 });
  t.deepEqual(yearEnd.byLineOfBusiness, [{ lineOfBusiness: 'GL', policyCount: 2, written: 3009.6, earned: 3009.6, unearned: 0 }]);
  t.like(await report('2026-12-31'), { policyCount: 0, written: 0, earned: 0, unearned: 0 });
  const other = await createTenant(app);
  t.like((await call(app.api, 'GET', '/v1/reports/premium?asOf=2027-12-31', { token: other.adminToken })).body, { policyCount: 0 });
  t.is((await call(app.api, 'GET', '/v1/reports/premium?asOf=2027-02-30', { token: tenant.adminToken })).status, 400);
});
