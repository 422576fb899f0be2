import anyTest, { type TestFn } from 'ava';
import { SqliteStore } from '../../../adapters/persistence/sqlite/sqlite-store.engine.ts';
import { addDays, today } from '../../../core/shared/calendar-date.ts';
import type { CollectionStore } from '../../../ports/shared/persistence/collection-store.port.ts';
import { boundPolicy, createdProgram } from '../../support/mothers.ts';
import { startReceiver } from '../../support/receiver.ts';
import { call, createProducer, createTenant, MACHINE_SECRET, startTestApp, type Tenant, type TestApp } from '../../support/test-app.ts';

const test = anyTest as TestFn<{ app: TestApp; twin: TestApp }>;

/** The same store for a second service: two processes sharing MongoDB, as far as the jobs can tell. */
const shared = (store: CollectionStore): CollectionStore => ({
  engine: store.engine,
  collection: (name, options) => store.collection(name, options),
  writeTogether: (writes) => store.writeTogether(writes),
  ensureIndexes: (collection, indexes) => store.ensureIndexes(collection, indexes),
  ping: () => store.ping(),
  close: async () => {},
});

test.before(async (t) => {
  const store = await SqliteStore.open();
  const app = await startTestApp({ store: async () => store });
  const twin = await startTestApp({ store: async () => shared(store) });
  t.context = { app, twin };
});
test.after.always(async (t) => {
  await t.context.twin.close();
  await t.context.app.close();
});

const lastRun = async (app: TestApp, name: string, after: string) => {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const job = (await call(app.api, 'GET', '/v1/jobs', { token: MACHINE_SECRET })).body.data.find((entry: { name: string }) => entry.name === name);
    if (job.lastRun && job.lastRun.startedAt > after && job.lastRun.outcome !== 'running') return job.lastRun;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${name} did not finish`);
};
const runNow = (app: TestApp, name: string) => call(app.api, 'POST', `/v1/jobs/${name}/run`, { token: MACHINE_SECRET });
const subscribe = async (app: TestApp, tenant: Tenant, events: string[]) => {
  const receiver = await startReceiver();
  const created = await call(app.api, 'POST', '/v1/webhooks', { token: tenant.adminToken, body: { url: receiver.url, events } });
  if (created.status !== 201) throw new Error(`webhook: ${created.status}`);
  return receiver;
};

test.serial('jobs are listed with their schedule and next run, for the machine secret only', async (t) => {
  const { app } = t.context;
  const tenant = await createTenant(app);
  const jobs = await call(app.api, 'GET', '/v1/jobs', { token: MACHINE_SECRET });
  t.deepEqual(
    jobs.body.data.map((job: { name: string; schedule: string }) => [job.name, job.schedule]),
    [
      ['daily-business', '5 * * * *'],
      ['policy-documents', '* * * * *'],
      ['compliance-deadlines', '0 6 * * *'],
      ['da-utilization', '0 * * * *'],
    ],
  );
  for (const job of jobs.body.data) t.true(new Date(job.nextRunAt).getTime() > Date.now(), job.name);
  t.is((await call(app.api, 'GET', '/v1/jobs', { token: tenant.adminToken })).status, 403);
  t.is((await call(app.api, 'POST', '/v1/jobs/da-utilization/run', { token: tenant.adminToken })).status, 403);
  t.is((await runNow(app, 'no-such-job')).status, 404);
});

test.serial('DA utilization above 85 %: da.limit_approaching reaches subscribers once a day, whichever process runs the job', async (t) => {
  const { app, twin } = t.context;
  const tenant = await createTenant(app);
  const program = await createdProgram(app, tenant);
  const receiver = await subscribe(app, tenant, ['da.limit_approaching']);
  t.teardown(() => receiver.close());
  const { policy } = await boundPolicy(app, tenant, { submission: { effectiveDate: addDays(today(new Date()), 5) } });
  // The year's written premium is 90 % of the cap now.
  const cap = Math.ceil((policy.grossPremium / 0.9) * 100) / 100;
  await call(app.api, 'PATCH', `/v1/programs/${program.id}?orgId=${tenant.orgId}`, {
    token: MACHINE_SECRET,
    body: { maxPremiumPerRisk: policy.grossPremium, aggregateCap: cap },
  });

  const before = new Date().toISOString();
  t.is((await runNow(app, 'da-utilization')).status, 202);
  t.is((await runNow(twin, 'da-utilization')).status, 202);
  const run = await lastRun(app, 'da-utilization', before);
  t.is(run.outcome, 'succeeded');
  const [delivery] = await receiver.waitFor(1);
  const envelope = JSON.parse(delivery?.body ?? '{}');
  t.like(envelope, {
    type: 'da.limit_approaching',
    orgId: tenant.orgId,
    data: { programId: program.id, aggregateCap: cap, written: policy.grossPremium, utilization: 0.9 },
  });

  const again = new Date().toISOString();
  await runNow(twin, 'da-utilization');
  t.regex((await lastRun(twin, 'da-utilization', again)).summary, /0 DA alerts sent, [1-9]\d* already sent today/);
  await new Promise((resolve) => setTimeout(resolve, 1500));
  t.is(receiver.received.length, 1, 'once per program and day');
});

test.serial('a licence expiring within 30 days: compliance.deadline_approaching with what is due and when', async (t) => {
  const { app } = t.context;
  const tenant = await createTenant(app);
  const receiver = await subscribe(app, tenant, ['compliance.deadline_approaching']);
  t.teardown(() => receiver.close());
  const producerId = await createProducer(app, tenant);
  const expiresOn = addDays(today(new Date()), 20);
  await call(app.api, 'PATCH', `/v1/producers/${producerId}`, {
    token: tenant.adminToken,
    body: { license: { state: 'OH', number: 'OH-1234567', expiresOn } },
  });
  const later = await createProducer(app, tenant);
  await call(app.api, 'PATCH', `/v1/producers/${later}`, {
    token: tenant.adminToken,
    body: { license: { state: 'OH', number: 'OH-7654321', expiresOn: addDays(today(new Date()), 31) } },
  });

  const before = new Date().toISOString();
  t.is((await runNow(app, 'compliance-deadlines')).status, 202);
  t.is((await lastRun(app, 'compliance-deadlines', before)).outcome, 'succeeded');
  const [delivery] = await receiver.waitFor(1);
  t.like(JSON.parse(delivery?.body ?? '{}'), {
    type: 'compliance.deadline_approaching',
    data: { kind: 'license_expiry', itemId: producerId, producerId, state: 'OH', dueDate: expiresOn, daysRemaining: 20 },
  });
  await new Promise((resolve) => setTimeout(resolve, 1000));
  t.is(receiver.received.length, 1, 'the licence 31 days out is not due yet');
});

test.serial('the business day runs for organizations in real time and leaves those on a test clock to their clock', async (t) => {
  const { app } = t.context;
  const live = await createTenant(app);
  const simulated = await createTenant(app, { testClock: '2027-03-01' });
  // Both have an installment due long enough ago to be past due in real time (the simulated one is not: its clock stands before the due date).
  const dueLongAgo = addDays(today(new Date()), -20);
  const liveBound = await boundPolicy(app, live, { plan: 'MONTHLY_12', submission: { effectiveDate: dueLongAgo } });
  await boundPolicy(app, simulated, { plan: 'MONTHLY_12', submission: { effectiveDate: '2027-03-01' } });
  const before = new Date().toISOString();
  t.is((await runNow(app, 'daily-business')).status, 202);
  const run = await lastRun(app, 'daily-business', before);
  t.is(run.outcome, 'succeeded');
  // The hourly run (minute 5) may have marked it first: what counts is the invoice.
  t.regex(run.summary, /invoices-past-due \d+, .* over \d+ organizations/);
  t.is((await call(app.api, 'GET', `/v1/invoices/${liveBound.invoice.id}`, { token: live.adminToken })).body.status, 'past_due');
  const clockInvoices = (await call(app.api, 'GET', '/v1/invoices?status=past_due', { token: simulated.adminToken })).body.data;
  t.deepEqual(clockInvoices, []);
});
