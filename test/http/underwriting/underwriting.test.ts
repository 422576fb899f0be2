import anyTest, { type TestFn } from 'ava';
import { call, createApiKey, createProducer, createTenant, MACHINE_SECRET, startTestApp, type TestApp, type Tenant } from '../../support/test-app.ts';

// The terms' lifecycle, the aggregate cap and binds that race are tested at the use cases
// (test/use-cases/policy/term-lifecycle.test.ts, binding.test.ts); here, what only HTTP shows.

const test = anyTest as TestFn<{ app: TestApp; a: Tenant; b: Tenant }>;

test.before(async (t) => {
  const app = await startTestApp();
  t.context = { app, a: await createTenant(app), b: await createTenant(app) };
});
test.after.always(async (t) => t.context.app.close());

export const SUBMISSION = {
  insuredName: 'Blue Pipe Plumbing LLC',
  naicsCode: '238220',
  annualRevenue: 2_500_000,
  requestedLimit: 2_000_000,
  effectiveDate: '2027-01-01',
  state: 'CA',
  lineOfBusiness: 'GL',
  contactEmail: 'owner@bluepipe.example',
  description: 'Residential plumbing',
};

const submit = async (app: TestApp, tenant: Tenant, overrides: Record<string, unknown> = {}) => {
  const created = await call(app.api, 'POST', '/v1/submissions', { token: tenant.adminToken, body: { ...SUBMISSION, ...overrides } });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  return created.body;
};

const quoteAndBind = async (app: TestApp, tenant: Tenant, plan = 'PIF', overrides: Record<string, unknown> = {}) => {
  const submission = await submit(app, tenant, overrides);
  const quote = await call(app.api, 'POST', `/v1/submissions/${submission.id}/quote`, { token: tenant.adminToken });
  const policy = await call(app.api, 'POST', `/v1/submissions/${submission.id}/bind`, { token: tenant.adminToken, body: { installmentPlan: plan } });
  return { submission, quote: quote.body, policy: policy.body, bindStatus: policy.status };
};

test('create, read and list submissions with triage', async (t) => {
  const { app, a } = t.context;
  const producerId = await createProducer(app, a);
  const created = await submit(app, a, { producerId });
  t.is(created.status, 'received');
  t.like(created, { insuredName: SUBMISSION.insuredName, annualRevenue: 2_500_000, requestedLimit: 2_000_000, orgId: a.orgId });
  t.true(created.triage.score >= 0 && created.triage.score <= 100);
  t.true(['decline', 'refer', 'fast_track'].includes(created.triage.band));
  t.true(created.triage.reasons.length > 0);
  const read = await call(app.api, 'GET', `/v1/submissions/${created.id}`, { token: a.adminToken });
  t.deepEqual(read.body, created);
  const listed = await call(app.api, 'GET', `/v1/submissions?status=received&producerId=${producerId}&limit=1`, { token: a.adminToken });
  t.is(listed.body.data[0].id, created.id);
  for (const unknown of ['prd_missing', await createProducer(app, t.context.b)]) {
    const refused = await call(app.api, 'POST', '/v1/submissions', { token: a.adminToken, body: { ...SUBMISSION, producerId: unknown } });
    t.like(refused, { status: 400, body: { error: 'validation_failed', details: { field: 'producerId' } } });
  }
  const none = await call(app.api, 'GET', '/v1/submissions?status=bound&createdFrom=2001-01-01T00:00:00Z&createdTo=2001-01-02T00:00:00Z', {
    token: a.adminToken,
  });
  t.deepEqual(none.body.data, []);
});

test('submission validation: states, NAICS, money, dates, line of business', async (t) => {
  const { app, a } = t.context;
  const cases: Array<[Record<string, unknown>, string, string]> = [
    [{ state: 'XX' }, 'state', 'enum'],
    [{ state: 'ca' }, 'state', 'enum'],
    [{ naicsCode: '99' }, 'naicsCode', 'naics'],
    [{ naicsCode: '1234567' }, 'naicsCode', 'pattern'],
    [{ annualRevenue: -5 }, 'annualRevenue', 'exclusiveMinimum'],
    [{ annualRevenue: 0 }, 'annualRevenue', 'exclusiveMinimum'],
    [{ requestedLimit: 100.123 }, 'requestedLimit', 'multipleOf'],
    [{ effectiveDate: '2027-02-30' }, 'effectiveDate', 'date'],
    [{ effectiveDate: '01/02/2027' }, 'effectiveDate', 'date'],
    [{ lineOfBusiness: 'MARINE' }, 'lineOfBusiness', 'enum'],
    [{ insuredName: undefined }, 'insuredName', 'required'],
    [{ status: 'bound' }, 'status', 'unknown_field'],
  ];
  for (const [overrides, field, rule] of cases) {
    const result = await call(app.api, 'POST', '/v1/submissions', { token: a.adminToken, body: { ...SUBMISSION, ...overrides } });
    t.is(result.status, 400, JSON.stringify(overrides));
    t.deepEqual(result.body.details, { field, rule }, JSON.stringify(overrides));
  }
});

test('the whole flow: quote, readiness, bind with an installment plan, invoices to the cent', async (t) => {
  const { app, a } = t.context;
  const submission = await submit(app, a);
  const before = await call(app.api, 'GET', `/v1/submissions/${submission.id}/quote-readiness`, { token: a.adminToken });
  t.like(before.body, { bindingReady: false, missing: ['quote'] });
  const quote = await call(app.api, 'POST', `/v1/submissions/${submission.id}/quote`, { token: a.adminToken });
  t.is(quote.status, 201);
  t.like(quote.body, { grossPremium: 29_109.38, bindable: true, daFlags: [] });
  t.like(quote.body.breakdown, { classRate: 7.5, increasedLimitFactor: 1.35, stateFactor: 1.15 });
  const ready = await call(app.api, 'GET', `/v1/submissions/${submission.id}/quote-readiness`, { token: a.adminToken });
  t.like(ready.body, { bindingReady: true, missing: [], quoteId: quote.body.id, triageScore: submission.triage.score });
  const bound = await call(app.api, 'POST', `/v1/submissions/${submission.id}/bind`, { token: a.adminToken, body: { installmentPlan: 'MONTHLY_10' } });
  t.is(bound.status, 201);
  t.like(bound.body, {
    status: 'active',
    grossPremium: 29_109.38,
    effectiveDate: '2027-01-01',
    expirationDate: '2028-01-01',
    orgId: a.orgId,
    insuredName: SUBMISSION.insuredName,
    contactEmail: SUBMISSION.contactEmail,
  });
  t.regex(bound.body.policyNumber, /^GL-2027-\d{6}$/);
  const invoices = await call(app.api, 'GET', `/v1/invoices?policyId=${bound.body.id}&limit=200`, { token: a.adminToken });
  t.is(invoices.body.data.length, 10);
  t.is(Math.round(invoices.body.data.reduce((sum: number, invoice: { amount: number }) => sum + invoice.amount * 100, 0)), 2_910_938);
  const first = invoices.body.data.find((invoice: { invoiceNumber: string }) => invoice.invoiceNumber.endsWith('-01'));
  t.like(first, { amount: 2_910.94, paidAmount: 0, dueDate: '2027-01-01', status: 'open' });
  const one = await call(app.api, 'GET', `/v1/invoices/${first.id}`, { token: a.adminToken });
  t.is(one.body.invoiceNumber, `${bound.body.policyNumber}-01`);
  const after = await call(app.api, 'GET', `/v1/submissions/${submission.id}`, { token: a.adminToken });
  t.is(after.body.status, 'bound');
  const again = await call(app.api, 'POST', `/v1/submissions/${submission.id}/bind`, { token: a.adminToken, body: { installmentPlan: 'PIF' } });
  t.is(again.status, 422);
  t.is(again.body.error, 'invalid_transition');
});

test('what bind would refuse is said first by the quote and by readiness: the same code and details', async (t) => {
  const { app, a } = t.context;
  const submission = await submit(app, a, { effectiveDate: '2030-01-01', requestedLimit: 6_000_000 });
  const quote = await call(app.api, 'POST', `/v1/submissions/${submission.id}/quote`, { token: a.adminToken });
  t.is(quote.status, 201);
  t.false(quote.body.bindable, '`bindable` stays the delegated-authority verdict');
  t.deepEqual(
    quote.body.blockers.map((blocker: { error: string }) => blocker.error),
    ['effective_date_out_of_window', 'not_bindable'],
  );
  const ready = await call(app.api, 'GET', `/v1/submissions/${submission.id}/quote-readiness`, { token: a.adminToken });
  t.like(ready.body, { bindingReady: false, quoteId: quote.body.id });
  t.deepEqual(ready.body.blockers, quote.body.blockers);
  const bound = await call(app.api, 'POST', `/v1/submissions/${submission.id}/bind`, { token: a.adminToken, body: { installmentPlan: 'PIF' } });
  t.is(bound.status, 422);
  const [first] = quote.body.blockers;
  t.deepEqual({ error: bound.body.error, message: bound.body.message, details: bound.body.details }, first);
  // A risk bind takes has no blockers.
  const fine = await call(app.api, 'POST', `/v1/submissions/${(await submit(app, a)).id}/quote`, { token: a.adminToken });
  t.deepEqual(fine.body.blockers, []);
});

test('tenant isolation on every underwriting route', async (t) => {
  const { app, a, b } = t.context;
  const { submission, policy } = await quoteAndBind(app, a);
  const invoices = await call(app.api, 'GET', `/v1/invoices?policyId=${policy.id}`, { token: a.adminToken });
  const foreign: Array<[string, string, unknown?]> = [
    ['GET', `/v1/submissions/${submission.id}`],
    ['POST', `/v1/submissions/${submission.id}/quote`],
    ['GET', `/v1/submissions/${submission.id}/quote-readiness`],
    ['POST', `/v1/submissions/${submission.id}/bind`, { installmentPlan: 'PIF' }],
    ['GET', `/v1/policies/${policy.id}`],
    ['POST', `/v1/policies/${policy.id}/endorse`, { effectiveDate: '2027-03-01', changes: { state: 'TX' } }],
    ['POST', `/v1/policies/${policy.id}/cancel`, { effectiveDate: '2027-03-01', reason: 'other' }],
    ['POST', `/v1/policies/${policy.id}/reinstate`, {}],
    ['POST', `/v1/policies/${policy.id}/renew`, {}],
    ['GET', `/v1/policies/${policy.id}/timeline`],
    ['GET', `/v1/invoices/${invoices.body.data[0].id}`],
  ];
  for (const [method, path, body] of foreign) {
    const result = await call(app.api, method, path, { token: b.adminToken, ...(body ? { body } : {}) });
    t.is(result.status, 404, `${method} ${path}`);
    t.is(result.body.error, 'not_found');
  }
  t.deepEqual((await call(app.api, 'GET', `/v1/invoices?policyId=${policy.id}`, { token: b.adminToken })).body.data, []);
  t.false((await call(app.api, 'GET', '/v1/policies', { token: b.adminToken })).body.data.some((p: { id: string }) => p.id === policy.id));
  const machine = await call(app.api, 'GET', `/v1/policies?orgId=${a.orgId}`, { token: MACHINE_SECRET });
  t.true(machine.body.data.some((p: { id: string }) => p.id === policy.id));
});

test('scopes: an integration key creates submissions and reads policies, but cannot bind', async (t) => {
  const { app, a } = t.context;
  const key = await createApiKey(app, a, ['submissions:write', 'submissions:read', 'policies:read']);
  const created = await call(app.api, 'POST', '/v1/submissions', { apiKey: key, body: SUBMISSION });
  t.is(created.status, 201);
  t.is((await call(app.api, 'POST', `/v1/submissions/${created.body.id}/quote`, { apiKey: key })).status, 201);
  const bind = await call(app.api, 'POST', `/v1/submissions/${created.body.id}/bind`, { apiKey: key, body: { installmentPlan: 'PIF' } });
  t.is(bind.status, 403);
  t.is(bind.body.error, 'insufficient_scope');
  t.is((await call(app.api, 'GET', '/v1/policies', { apiKey: key })).status, 200);
});
