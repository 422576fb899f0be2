import anyTest, { type TestFn } from 'ava';
import { addDays, type CalendarDate } from '../../../core/shared/calendar-date.ts';
import { call, createApiKey, createProducer, createTenant, MACHINE_SECRET, startTestApp, type TestApp, type Tenant } from '../../support/test-app.ts';

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

test('a concurrent double bind makes exactly one policy', async (t) => {
  const { app, a } = t.context;
  const submission = await submit(app, a);
  await call(app.api, 'POST', `/v1/submissions/${submission.id}/quote`, { token: a.adminToken });
  const results = await Promise.all(
    Array.from({ length: 10 }, () => call(app.api, 'POST', `/v1/submissions/${submission.id}/bind`, { token: a.adminToken, body: { installmentPlan: 'PIF' } })),
  );
  // One request makes the policy. One arriving once the policy is stored but before the winner
  // has finished completes the bind with it and answers that same policy; others find the
  // submission bound (422) or still being bound by the winner (409, repeat for the result).
  const created = results.filter((r) => r.status === 201);
  t.true(created.length >= 1);
  t.is(new Set(created.map((r) => r.body.id)).size, 1);
  t.true(results.filter((r) => r.status !== 201).every((r) => r.status === 422 || (r.status === 409 && r.body.error === 'conflict')));
  const policies = await call(app.api, 'GET', '/v1/policies?limit=200', { token: a.adminToken });
  t.is(policies.body.data.filter((p: { submissionId: string }) => p.submissionId === submission.id).length, 1);
});

test('delegated authority: flags make a quote unbindable; 422 not_bindable with the flags', async (t) => {
  const { app, a } = t.context;
  const { quote, policy, bindStatus } = await quoteAndBind(app, a, 'PIF', { requestedLimit: 6_000_000 });
  t.false(quote.bindable);
  t.deepEqual(
    quote.daFlags.map((f: { code: string }) => f.code),
    ['limit_exceeded'],
  );
  t.is(bindStatus, 422);
  t.is(policy.error, 'not_bindable');
  t.is(policy.details.daFlags[0].code, 'limit_exceeded');
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

test('20 concurrent binds near the aggregate cap never exceed it', async (t) => {
  const { app } = t.context;
  const tenant = await createTenant(app);
  const submissions = await Promise.all(Array.from({ length: 20 }, () => submit(app, tenant)));
  for (const submission of submissions) await call(app.api, 'POST', `/v1/submissions/${submission.id}/quote`, { token: tenant.adminToken });
  const cap = 50_000_000_00;
  const premium = 2_910_938;
  // Room for exactly five more policies of this premium.
  await app.app.store
    .collection('da_aggregates')
    .insertOne({ _id: `${tenant.orgId}:default:2027`, orgId: tenant.orgId, programId: 'default', year: 2027, written: cap - 5 * premium - 100 });
  const results = await Promise.all(
    submissions.map((submission) =>
      call(app.api, 'POST', `/v1/submissions/${submission.id}/bind`, { token: tenant.adminToken, body: { installmentPlan: 'PIF' } }),
    ),
  );
  t.is(results.filter((r) => r.status === 201).length, 5);
  const refused = results.filter((r) => r.status === 422);
  t.is(refused.length, 15);
  t.true(refused.every((r) => r.body.error === 'not_bindable' && r.body.details.daFlags[0].code === 'aggregate_exceeded'));
  const total = await app.app.store.collection<{ _id: string; written: number }>('da_aggregates').findOne({ _id: `${tenant.orgId}:default:2027` });
  t.true((total?.written ?? Infinity) <= cap);
  t.is(total?.written, cap - 100);
});

test('lifecycle: endorse, cancel, reinstate, renew, timeline; invalid moves are 422', async (t) => {
  const { app, a } = t.context;
  const { policy } = await quoteAndBind(app, a, 'QUARTERLY');
  const endorse = await call(app.api, 'POST', `/v1/policies/${policy.id}/endorse`, {
    token: a.adminToken,
    body: { effectiveDate: '2027-07-02', changes: { annualRevenue: 5_000_000 }, description: 'Revenue grew' },
  });
  t.is(endorse.status, 201);
  // New annual 58,218.75; difference 29,109.37 prorated over 183 of 365 days = 14,594.56
  t.like(endorse.body, { policyId: policy.id, type: 'endorsement', effectiveDate: '2027-07-02', premiumDelta: 14_594.56 });
  t.like(endorse.body, { changes: { annualRevenue: 5_000_000 } }, 'changed amounts are reported in dollars');
  const endorsed = await call(app.api, 'GET', `/v1/policies/${policy.id}`, { token: a.adminToken });
  t.is(endorsed.body.grossPremium, 58_218.75);
  t.is(endorsed.body.annualRevenue, 5_000_000);

  const outside = await call(app.api, 'POST', `/v1/policies/${policy.id}/cancel`, {
    token: a.adminToken,
    body: { effectiveDate: '2029-01-01', reason: 'other' },
  });
  t.is(outside.status, 400);
  t.is(outside.body.details.rule, 'within_term');
  const cancel = await call(app.api, 'POST', `/v1/policies/${policy.id}/cancel`, {
    token: a.adminToken,
    body: { effectiveDate: '2027-10-01', reason: 'insured_request' },
  });
  t.is(cancel.status, 200);
  t.is(cancel.body.status, 'cancelled');
  // Written 43,703.94 (bind, then the endorsement from 2027-07-02). Earned before 2027-10-01, pro rata
  // over the history: 21,772.22 of the bind and 7,257.40 of the endorsement = 29,029.62. Short rate
  // after 273 days in force keeps 80 % of the annual 58,218.75 (46,575.00) against 43,544.43 pro
  // rata: a penalty of 3,030.57. Kept 32,060.19; returned 11,643.75.
  t.like(cancel.body.cancellation, { effectiveDate: '2027-10-01', reason: 'insured_request', method: 'short_rate', returnPremium: 11_643.75 });

  for (const [path, body] of [
    ['endorse', { effectiveDate: '2027-11-01', changes: { state: 'TX' } }],
    ['cancel', { effectiveDate: '2027-11-01', reason: 'other' }],
    ['renew', {}],
  ] as const) {
    const invalid = await call(app.api, 'POST', `/v1/policies/${policy.id}/${path}`, { token: a.adminToken, body });
    t.is(invalid.status, 422, path);
    t.is(invalid.body.error, 'invalid_transition', path);
  }

  const timeline = await call(app.api, 'GET', `/v1/policies/${policy.id}/timeline`, { token: a.adminToken });
  t.deepEqual(
    timeline.body.data.map((entry: { type: string }) => entry.type),
    ['bind', 'endorsement', 'cancellation'],
  );
  t.like(timeline.body.data[1], { changes: { annualRevenue: 5_000_000 } });
  t.deepEqual(
    timeline.body.data.map((entry: { premiumDelta: number }) => entry.premiumDelta),
    [29_109.38, 14_594.56, -11_643.75],
  );
  t.true(timeline.body.data.every((entry: { actor: string }) => entry.actor === `user:${a.adminId}`));
  const invoices = await call(app.api, 'GET', `/v1/invoices?policyId=${policy.id}`, { token: a.adminToken });
  const billed = invoices.body.data.filter((invoice: { status: string }) => invoice.status !== 'void');
  const net = billed.reduce((sum: number, invoice: { amount: number }) => sum + Math.round(invoice.amount * 100), 0);
  t.is(net, 2_910_938 + 1_459_456 - 1_164_375, 'billing comes to the premium kept');
  const voided = invoices.body.data.filter((invoice: { status: string }) => invoice.status === 'void');
  t.deepEqual(
    voided.map((invoice: { dueDate: string }) => invoice.dueDate),
    ['2027-10-01'],
    'the installment falling due from the cancellation date is void',
  );
});

test('reinstatement after its 30-day window is refused; the window counts from when the cancellation was made', async (t) => {
  const { app, a } = t.context;
  const { policy } = await quoteAndBind(app, a, 'PIF', { effectiveDate: '2027-01-01' });
  const flat = await call(app.api, 'POST', `/v1/policies/${policy.id}/cancel`, {
    token: a.adminToken,
    body: { effectiveDate: '2027-02-01', reason: 'underwriting', method: 'flat' },
  });
  t.is(flat.status, 422);
  t.is(flat.body.error, 'flat_cancellation_after_inception');
  const cancelled = await call(app.api, 'POST', `/v1/policies/${policy.id}/cancel`, {
    token: a.adminToken,
    body: { effectiveDate: '2027-02-01', reason: 'underwriting' },
  });
  t.is(cancelled.status, 200);
  // Made 31 days ago: the window (30 days from then) has closed, whatever the effective date.
  const longAgo = new Date(Date.now() - 31 * 86_400_000).toISOString().slice(0, 10);
  await app.app.store.collection('policies').updateOne({ _id: policy.id }, { $set: { 'cancellation.processedOn': longAgo } });
  const late = await call(app.api, 'POST', `/v1/policies/${policy.id}/reinstate`, { token: a.adminToken, body: {} });
  t.is(late.status, 422);
  t.is(late.body.error, 'invalid_transition');
  t.regex(late.body.message, /window closed/);
});

test('reinstatement within the window restores the premium; renewal links both ways', async (t) => {
  const { app, a } = t.context;
  const today = new Date().toISOString().slice(0, 10) as CalendarDate;
  const { policy } = await quoteAndBind(app, a, 'PIF', { effectiveDate: today });
  const cancel = await call(app.api, 'POST', `/v1/policies/${policy.id}/cancel`, {
    token: a.adminToken,
    body: { effectiveDate: today, reason: 'non_payment' },
  });
  t.is(cancel.body.cancellation.method, 'flat', 'from the term’s first day a cancellation is flat');
  t.is(cancel.body.cancellation.returnPremium, policy.grossPremium);
  const reinstated = await call(app.api, 'POST', `/v1/policies/${policy.id}/reinstate`, { token: a.adminToken, body: {} });
  t.is(reinstated.status, 200);
  t.like(reinstated.body, { status: 'active', cancellation: null });
  const early = await call(app.api, 'POST', `/v1/policies/${policy.id}/renew`, { token: a.adminToken, body: {} });
  t.is(early.status, 422, 'a term is renewed in its last 90 days only');
  t.is(early.body.error, 'renewal_window_closed');
  // The term's last month: the policy's expiry moved near, as time would.
  const expiring = addDays(today, 30);
  await app.app.store.collection('policies').updateOne({ _id: policy.id }, { $set: { expirationDate: expiring } });
  const renewal = await call(app.api, 'POST', `/v1/policies/${policy.id}/renew`, { token: a.adminToken, body: {} });
  t.is(renewal.status, 201);
  t.like(renewal.body, { renewalOf: policy.id, effectiveDate: expiring, status: 'active' });
  t.not(renewal.body.policyNumber, policy.policyNumber);
  const original = await call(app.api, 'GET', `/v1/policies/${policy.id}`, { token: a.adminToken });
  t.is(original.body.renewedBy, renewal.body.id);
  const twice = await call(app.api, 'POST', `/v1/policies/${policy.id}/renew`, { token: a.adminToken, body: {} });
  t.is(twice.status, 422);
  const timeline = await call(app.api, 'GET', `/v1/policies/${policy.id}/timeline`, { token: a.adminToken });
  t.deepEqual(
    timeline.body.data.map((entry: { type: string }) => entry.type),
    ['bind', 'cancellation', 'reinstatement', 'renewal'],
  );
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

test('a policy number collision is a 409 and gives back the quote and the aggregate', async (t) => {
  const { app } = t.context;
  const tenant = await createTenant(app);
  await app.app.store
    .collection('policies')
    .insertOne({ _id: 'pol_000000000000imported', orgId: tenant.orgId, policyNumber: 'GL-2027-000001', status: 'active' });
  const submission = await submit(app, tenant);
  await call(app.api, 'POST', `/v1/submissions/${submission.id}/quote`, { token: tenant.adminToken });
  const collided = await call(app.api, 'POST', `/v1/submissions/${submission.id}/bind`, { token: tenant.adminToken, body: { installmentPlan: 'PIF' } });
  t.is(collided.status, 409);
  t.is(collided.body.error, 'duplicate');
  const total = await app.app.store.collection<{ _id: string; written: number }>('da_aggregates').findOne({ _id: `${tenant.orgId}:default:2027` });
  t.is(total?.written, 0);
  t.is(await app.app.store.collection('invoices').countDocuments({ orgId: tenant.orgId }), 0, 'the schedule written before the collision is removed');
  const retried = await call(app.api, 'POST', `/v1/submissions/${submission.id}/bind`, { token: tenant.adminToken, body: { installmentPlan: 'PIF' } });
  t.is(retried.status, 201);
  t.is(retried.body.policyNumber, 'GL-2027-000002');
});
