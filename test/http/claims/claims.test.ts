import anyTest, { type TestFn } from 'ava';
import { addDays, today } from '../../../core/shared/calendar-date.ts';
import { activeProducer, IDENTITY_WEBHOOK_SECRET } from '../../support/identity-events.ts';
import { boundPolicy, type BoundPolicy } from '../../support/mothers.ts';
import { startReceiver } from '../../support/receiver.ts';
import { call, createTenant, MACHINE_SECRET, signedInUser, startTestApp, type Tenant, type TestApp } from '../../support/test-app.ts';

// A claim's lifecycle, reserves, settlement authority and denial are tested at the use cases
// (test/use-cases/claims/); here, what only HTTP shows: status codes, who may act, dollars, events.

interface Staff {
  readonly id: string;
  readonly token: string;
}

const test = anyTest as TestFn<{
  app: TestApp;
  a: Tenant;
  b: Tenant;
  adjuster: Staff;
  other: Staff;
  supervisor: Staff;
  producer: { token: string; producerId: string };
  policy: BoundPolicy;
}>;

/** A policy in force since 20 days ago: losses of the last days are covered. */
const daysAgo = (days: number) => addDays(today(new Date()), -days);

test.before(async (t) => {
  const app = await startTestApp({ env: { IDENTITY_WEBHOOK_SECRET } });
  const a = await createTenant(app);
  const producer = await activeProducer(app, a, 'Pat Producer');
  t.context = {
    app,
    a,
    b: await createTenant(app),
    adjuster: await signedInUser(app, a, 'claims_adjuster', 'ada'),
    other: await signedInUser(app, a, 'claims_adjuster', 'otto'),
    supervisor: await signedInUser(app, a, 'claims_supervisor', 'sue'),
    producer,
    policy: await boundPolicy(app, a, { producerId: producer.producerId, submission: { effectiveDate: daysAgo(20) } }),
  };
});
test.after.always(async (t) => t.context.app.close());

const fnol = (t: { context: { app: TestApp; a: Tenant; policy: BoundPolicy } }, overrides: Record<string, unknown> = {}) =>
  call(t.context.app.api, 'POST', '/v1/claims', {
    token: t.context.a.adminToken,
    body: { policyId: t.context.policy.policy.id, lossDate: daysAgo(3), description: 'Water damage in the server room', estimatedAmount: 12_500, ...overrides },
  });

test('first notice of loss: an open claim numbered per organization, with its events; losses outside cover and others’ policies refused', async (t) => {
  const { app, a, b, policy } = t.context;
  const filed = await fnol(t, { claimant: { name: 'Dana Insured', email: 'dana@example.com' }, lossType: 'water' });
  t.is(filed.status, 201);
  t.like(filed.body, { status: 'open', policyId: policy.policy.id, reserves: { indemnity: 0, expense: 0 }, paid: 0, incurred: 0, estimatedAmount: 12_500 });
  t.regex(filed.body.claimNumber, /^CLM-\d{4}-\d{6}$/);
  const before = await fnol(t, { lossDate: daysAgo(25) });
  t.is(before.status, 422);
  t.is(before.body.error, 'loss_outside_coverage');
  t.is((await fnol(t, { lossDate: addDays(today(new Date()), 2) })).status, 400, 'a loss cannot be reported before it happens');
  const foreign = await call(app.api, 'POST', '/v1/claims', {
    token: b.adminToken,
    body: { policyId: policy.policy.id, lossDate: daysAgo(3), description: 'x' },
  });
  t.is(foreign.status, 404);
  t.is((await call(app.api, 'GET', `/v1/claims/${filed.body.id}`, { token: b.adminToken })).status, 404);
  t.is((await call(app.api, 'GET', `/v1/claims/${filed.body.id}`, { token: a.adminToken })).status, 200);
});

test('who may act on a claim: an adjuster on its own claims only, a supervisor approves, the policy’s producer reads; amounts in dollars, bad ones 400', async (t) => {
  const { app, adjuster, other, supervisor, producer } = t.context;
  const claim = (await fnol(t)).body;
  const post = (token: string, path: string, body: unknown = {}) => call(app.api, 'POST', `/v1/claims/${claim.id}${path}`, { token, body });
  t.is((await post(adjuster.token, '/close')).status, 403, 'an adjuster acts on claims assigned to it only');
  t.is((await post(other.token, '/investigate')).status, 403, 'nor investigates one assigned to nobody');
  t.like(await post(supervisor.token, '/investigate', { adjusterId: adjuster.id }), {
    status: 200,
    body: { status: 'investigating', adjusterId: adjuster.id },
  });
  t.is((await call(app.api, 'GET', `/v1/claims/${claim.id}`, { token: other.token })).status, 403, 'another adjuster');
  const listed = (token: string) =>
    call(app.api, 'GET', '/v1/claims?limit=100', { token }).then((page) => page.body.data.map((entry: { id: string }) => entry.id));
  t.true((await listed(adjuster.token)).includes(claim.id));
  t.false((await listed(other.token)).includes(claim.id));
  t.like(await post(adjuster.token, '/reserves', { indemnity: 10_000, expense: 1_500.5 }), {
    status: 200,
    body: { reserves: { indemnity: 10_000, expense: 1_500.5 }, incurred: 11_500.5 },
  });
  t.is((await post(adjuster.token, '/reserves', { indemnity: -1, expense: 0 })).status, 400);
  const offer = await post(adjuster.token, '/settle', { amount: 8_750, payee: 'Dana Insured' });
  t.like(offer, { status: 201, body: { amount: 8_750, status: 'pending_approval' } });
  t.is((await post(adjuster.token, `/settlements/${offer.body.id}/approve`)).status, 403, 'an adjuster does not approve');
  t.like(await post(supervisor.token, `/settlements/${offer.body.id}/approve`), { status: 200, body: { status: 'approved' } });
  t.is((await call(app.api, 'GET', `/v1/claims/${claim.id}`, { token: producer.token })).status, 200, 'the policy’s producer reads its claims');
  const theirs = await call(app.api, 'GET', '/v1/claims?limit=100', { token: producer.token });
  t.true(theirs.body.data.every((entry: { policyId: string }) => entry.policyId === t.context.policy.policy.id));
  t.is((await post(producer.token, '/close')).status, 403, 'and changes nothing');
});

test('claim events reach a subscriber through the outbox: filed, opened, reserved, settled and closed, with their data in dollars', async (t) => {
  const { app } = t.context;
  // An organization of its own: the other tests' claims must not reach this subscriber.
  const c = await createTenant(app);
  const policy = await boundPolicy(app, c, { submission: { effectiveDate: daysAgo(20) } });
  const receiver = await startReceiver();
  t.teardown(() => receiver.close());
  const subscribed = await call(app.api, 'POST', '/v1/webhooks', {
    token: c.adminToken,
    body: { url: receiver.url, events: ['claim.filed', 'claim.settled'] },
  });
  t.is(subscribed.status, 201);
  const claim = (
    await call(app.api, 'POST', '/v1/claims', {
      token: c.adminToken,
      body: { policyId: policy.policy.id, lossDate: daysAgo(2), description: 'Hail on the roof' },
    })
  ).body;
  await call(app.api, 'POST', `/v1/claims/${claim.id}/investigate`, { token: c.adminToken, body: {} });
  await call(app.api, 'POST', `/v1/claims/${claim.id}/settle`, { token: c.adminToken, body: { amount: 4_321.09 } });
  const delivered = (await receiver.waitFor(2)).map((entry) => JSON.parse(entry.body) as { type: string; data: Record<string, unknown> });
  t.deepEqual(delivered.map((event) => event.type).sort(), ['claim.filed', 'claim.settled']);
  t.like(delivered.find((event) => event.type === 'claim.settled')?.data, {
    claimId: claim.id,
    claimNumber: claim.claimNumber,
    amount: 4_321.09,
    paid: 4_321.09,
  });
});

test('the settlement authority of a claims supervisor is set per organization by the platform operator', async (t) => {
  const { app } = t.context;
  const d = await createTenant(app);
  const set = await call(app.api, 'PATCH', `/v1/organizations/${d.orgId}`, { token: MACHINE_SECRET, body: { claimsSupervisorAuthority: 1_000 } });
  t.is(set.status, 200);
  t.is(set.body.claimsSupervisorAuthority, 1_000);
  const supervisor = await signedInUser(app, d, 'claims_supervisor', 'sid');
  const policy = await boundPolicy(app, d, { submission: { effectiveDate: daysAgo(20) } });
  const claim = (
    await call(app.api, 'POST', '/v1/claims', { token: d.adminToken, body: { policyId: policy.policy.id, lossDate: daysAgo(2), description: 'Broken window' } })
  ).body;
  await call(app.api, 'POST', `/v1/claims/${claim.id}/investigate`, { token: supervisor.token, body: {} });
  const offer = await call(app.api, 'POST', `/v1/claims/${claim.id}/settle`, { token: supervisor.token, body: { amount: 1_000.01 } });
  t.like(offer.body, { status: 'pending_approval' });
  const refused = await call(app.api, 'POST', `/v1/claims/${claim.id}/settlements/${offer.body.id}/approve`, { token: supervisor.token, body: {} });
  t.like(refused.body, { error: 'forbidden', details: { supervisorAuthority: 1_000 } });
  const reset = await call(app.api, 'PATCH', `/v1/organizations/${d.orgId}`, { token: MACHINE_SECRET, body: { claimsSupervisorAuthority: null } });
  t.is(reset.body.claimsSupervisorAuthority, null, 'null restores the default');
  const own = await call(app.api, 'POST', `/v1/claims/${claim.id}/settlements/${offer.body.id}/approve`, { token: supervisor.token, body: {} });
  t.like(own, { status: 403, body: { error: 'forbidden', details: { rule: 'four_eyes' } } }, 'within authority now, but its own offer');
  const second = await signedInUser(app, d, 'claims_supervisor', 'second');
  t.is((await call(app.api, 'POST', `/v1/claims/${claim.id}/settlements/${offer.body.id}/approve`, { token: second.token, body: {} })).status, 200);
});
