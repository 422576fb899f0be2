import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import test from 'ava';
import { boundPolicy } from '../../support/mothers.ts';
import { call, createTenant, MACHINE_SECRET, PRODUCTION_ENV, startTestApp, type TestApp } from '../../support/test-app.ts';

let app: TestApp;
// How clocks move and what they refuse is tested at the use cases (test/use-cases/tenancy/test-clocks.test.ts).

test.before(async () => {
  app = await startTestApp();
});
test.after.always(async () => app?.close());

test("another organization's clock answers 404, a second clock 409, a clock for a book with policies 422, an impossible date 400", async (t) => {
  const [tenant, other] = await Promise.all([createTenant(app, { testClock: '2027-01-01' }), createTenant(app)]);
  t.is((await call(app.api, 'GET', `/v1/organizations/${tenant.orgId}/test-clock`, { token: other.adminToken })).status, 404);
  t.is(
    (await call(app.api, 'POST', `/v1/organizations/${tenant.orgId}/test-clock/advance`, { token: other.adminToken, body: { to: '2027-02-01' } })).status,
    404,
  );
  t.is((await call(app.api, 'GET', `/v1/organizations/${other.orgId}/test-clock`, { token: other.adminToken })).status, 404);
  const again = await call(app.api, 'POST', `/v1/organizations/${tenant.orgId}/test-clock`, { token: MACHINE_SECRET, body: { frozenTime: '2027-01-01' } });
  t.is(again.status, 409);
  await boundPolicy(app, other);
  const busy = await call(app.api, 'POST', `/v1/organizations/${other.orgId}/test-clock`, { token: other.adminToken, body: { frozenTime: '2027-05-01' } });
  t.like(busy, { status: 422, body: { error: 'organization_has_policies' } });
  const impossible = await call(app.api, 'POST', `/v1/organizations/${tenant.orgId}/test-clock/advance`, {
    token: tenant.adminToken,
    body: { to: '2027-02-30' },
  });
  t.like(impossible, { status: 400, body: { error: 'validation_failed', details: { field: 'to' } } });
});

test('an advance that outlasts its answer time answers 202 and finishes on its own', async (t) => {
  const slow = await startTestApp({ env: { TEST_CLOCK_ANSWER_MS: '0' } });
  t.teardown(() => slow.close());
  const tenant = await createTenant(slow, { testClock: '2027-01-01' });
  const advanced = await call(slow.api, 'POST', `/v1/organizations/${tenant.orgId}/test-clock/advance`, {
    token: tenant.adminToken,
    body: { to: '2027-12-31' },
  });
  t.is(advanced.status, 202);
  t.like(advanced.body, { frozenTime: '2027-12-31T00:00:00.000Z', advancing: true });
  const meanwhile = await call(slow.api, 'POST', `/v1/organizations/${tenant.orgId}/test-clock/advance`, {
    token: tenant.adminToken,
    body: { to: '2028-01-31' },
  });
  t.true(meanwhile.status === 409 || meanwhile.status === 200);
  if (meanwhile.status === 409) t.is(meanwhile.body.error, 'clock_advancing');
  for (let tries = 0; tries < 100; tries += 1) {
    const clock = await call(slow.api, 'GET', `/v1/organizations/${tenant.orgId}/test-clock`, { token: tenant.adminToken });
    if (!clock.body.advancing) return t.pass();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  t.fail('the advance did not finish');
});

test('production has no test clocks', async (t) => {
  const production = await startTestApp({ env: PRODUCTION_ENV });
  t.teardown(() => production.close());
  const created = await call(production.api, 'POST', '/v1/organizations', {
    token: MACHINE_SECRET,
    body: { name: 'Live', testClock: { frozenTime: '2027-01-01' } },
  });
  t.is(created.status, 400);
  const tenant = await createTenant(production);
  t.is((await call(production.api, 'GET', `/v1/organizations/${tenant.orgId}/test-clock`, { token: MACHINE_SECRET })).status, 404);
  t.is(
    (await call(production.api, 'POST', `/v1/organizations/${tenant.orgId}/test-clock/advance`, { token: MACHINE_SECRET, body: { to: '2027-01-02' } })).status,
    404,
  );
});

test('an unpaid installment falls past due, is noticed and cancels the policy at the end of the notice period', async (t) => {
  const tenant = await createTenant(app, { testClock: '2027-01-10T09:00:00Z' });
  const { policy, invoice } = await boundPolicy(app, tenant, {
    plan: 'MONTHLY_12',
    submission: { effectiveDate: '2027-01-10', contactEmail: 'insured@example.com' },
  });
  t.is(invoice.dueDate, '2027-01-10');
  const advanced = await call(app.api, 'POST', `/v1/organizations/${tenant.orgId}/test-clock/advance`, {
    token: tenant.adminToken,
    body: { to: '2027-02-24' },
  });
  t.is(advanced.status, 200, JSON.stringify(advanced.body));
  t.like(advanced.body.ran, { 'cancellation-notices': 1, 'non-payment-cancellations': 1 });
  t.true(advanced.body.ran['invoices-past-due'] >= 1);
  const cancelled = (await call(app.api, 'GET', `/v1/policies/${policy.id}`, { token: tenant.adminToken })).body;
  t.is(cancelled.status, 'cancelled');
  // Past due on the day after the due date plus 10 grace days; Ohio's notice: 10 days.
  t.like(cancelled.cancellation, { effectiveDate: '2027-01-31', reason: 'non_payment', method: 'pro_rata' });
  const first = (await call(app.api, 'GET', `/v1/invoices/${invoice.id}`, { token: tenant.adminToken })).body;
  t.is(first.status, 'past_due');
  const events = (await call(app.api, 'GET', '/v1/events?limit=100', { token: tenant.adminToken })).body.data;
  const of = (type: string) => events.filter((event: { type: string }) => event.type === type);
  t.is(of('invoice.past_due')[0].data.invoiceId, invoice.id);
  t.is(of('invoice.past_due')[0].timestamp, '2027-01-21T00:00:00.000Z');
  t.like(of('policy.cancellation_notice_sent')[0].data, {
    policyId: policy.id,
    noticeOn: '2027-01-21',
    cancelsOn: '2027-01-31',
    homeState: 'OH',
    noticeDays: 10,
  });
  t.is(of('policy.cancelled')[0].timestamp, '2027-01-31T00:00:00.000Z');
  const documents = (await call(app.api, 'GET', `/v1/documents?policyId=${policy.id}&type=cancellation_notice`, { token: tenant.adminToken })).body.data;
  t.is(documents.length, 1);
  // The notice's mail is dated on the organization's clock, the day it was sent.
  const outbox = join(app.config.dataDir, 'outbox');
  const mails = await Promise.all((await readdir(outbox)).map(async (name) => JSON.parse(await readFile(join(outbox, name), 'utf8'))));
  const notice = mails.find((mail) => mail.to.includes('insured@example.com') && /cancel/i.test(mail.subject));
  t.is(notice?.createdAt, '2027-01-21T00:00:00.000Z');
});

test('a paid policy is offered its renewal before expiry, renewed on the offer, and expires at the end of its term', async (t) => {
  const tenant = await createTenant(app, { testClock: '2027-01-10T09:00:00Z' });
  const { policy, invoice } = await boundPolicy(app, tenant, { submission: { effectiveDate: '2027-01-10' } });
  const paid = await call(app.api, 'POST', `/v1/invoices/${invoice.id}/pay`, {
    token: tenant.adminToken,
    body: { amount: invoice.amount, method: 'ach', reference: 'ach-1' },
  });
  t.is(paid.status, 201, JSON.stringify(paid.body));
  t.is(policy.renewalOfferOn, '2027-11-11');
  const advance = (to: string) => call(app.api, 'POST', `/v1/organizations/${tenant.orgId}/test-clock/advance`, { token: tenant.adminToken, body: { to } });
  t.like((await advance('2027-11-10')).body.ran, { 'renewal-offers': 0, 'cancellation-notices': 0, 'non-payment-cancellations': 0 });
  t.like((await advance('2027-11-11')).body.ran, { 'renewal-offers': 1 });
  const offered = (await call(app.api, 'GET', `/v1/policies/${policy.id}`, { token: tenant.adminToken })).body;
  t.is(offered.status, 'active');
  t.like(offered.renewalOffer, { offeredOn: '2027-11-11', effectiveDate: '2028-01-10', decision: 'offered', daFlags: [] });
  t.is(offered.renewalOfferOn, null);
  const renewed = await call(app.api, 'POST', `/v1/policies/${policy.id}/renew`, { token: tenant.adminToken, body: {} });
  t.is(renewed.status, 201, JSON.stringify(renewed.body));
  t.like(renewed.body, {
    effectiveDate: '2028-01-10',
    quoteId: offered.renewalOffer.quoteId,
    grossPremium: offered.renewalOffer.grossPremium,
    renewalOf: policy.id,
  });
  const ended = await advance('2028-01-10T12:00:00Z');
  t.like(ended.body.ran, { expiries: 1 });
  t.is((await call(app.api, 'GET', `/v1/policies/${policy.id}`, { token: tenant.adminToken })).body.status, 'expired');
  t.is((await call(app.api, 'GET', `/v1/policies/${renewed.body.id}`, { token: tenant.adminToken })).body.status, 'active');
  const events = (await call(app.api, 'GET', '/v1/events?limit=100', { token: tenant.adminToken })).body.data.map((event: { type: string }) => event.type);
  t.true(events.includes('policy.renewal_offered'));
  t.true(events.includes('policy.expired'));
  t.false(events.includes('policy.cancellation_notice_sent'));
});
