import test from 'ava';
import { openStore } from '../../../bootstrap/open-store.ts';
import { withFaults, type Fault } from '../../support/faulty-store.ts';
import { aSubmission, boundPolicy } from '../../support/mothers.ts';
import { call, createTenant, PASSWORD, signedInUser, startTestApp } from '../../support/test-app.ts';

test('every write is in the audit log with its credential, route and request id, secrets redacted; filters and a CSV export for auditors', async (t) => {
  const app = await startTestApp();
  t.teardown(app.close);
  const [tenant, other] = [await createTenant(app), await createTenant(app)];
  const created = await call(app.api, 'POST', '/v1/submissions', { token: tenant.adminToken, body: aSubmission({ insuredName: 'Audited Co' }) });
  const requestId = created.headers.get('x-request-id');
  await call(app.api, 'POST', '/v1/users', {
    token: tenant.adminToken,
    body: { email: `u@${tenant.adminEmail.split('@')[1]}`, password: PASSWORD, role: 'auditor', name: 'U' },
  });
  await call(app.api, 'POST', '/v1/submissions', { token: tenant.adminToken, body: { insuredName: 'x' } });

  const auditor = await signedInUser(app, tenant, 'auditor', 'reader');
  const list = async (query: string, token = auditor.token) => (await call(app.api, 'GET', `/v1/audit-events?${query}`, { token })).body.data;
  const [submission] = await list(`action=request&targetType=submissions&targetId=${created.body.id}`);
  t.like(submission, {
    actor: `user:${tenant.adminId}`,
    action: 'request',
    targetType: 'submissions',
    targetId: created.body.id,
    details: { route: 'POST /v1/submissions', status: 201, requestId, credential: `user:${tenant.adminId}`, sent: { insuredName: 'Audited Co' } },
  });
  const [user] = await list('action=request&targetType=users');
  t.is(user.details.sent.password, '[redacted]');
  t.is((await list('action=request&targetType=submissions')).length, 1, 'a refused write changed nothing and is not a change');
  t.true((await list('action=user.')).length >= 1, 'a trailing dot matches every action it starts');
  t.deepEqual(await list(`from=${new Date(Date.now() + 60_000).toISOString()}`), []);
  const others = await list('action=request&targetType=submissions', other.adminToken);
  t.deepEqual(others, [], 'another organization sees its own entries only');

  const csv = await call(app.api, 'GET', '/v1/audit-events?format=csv&action=request', { token: auditor.token });
  t.regex(csv.headers.get('content-type') ?? '', /^text\/csv/);
  const lines = (csv.body as string).trimEnd().split('\r\n');
  t.is(lines[0], 'At,Actor,Action,Target Type,Target Id,Details');
  t.true(lines.some((line) => line.includes(created.body.id)));
});

test("a command's request entry is kept in the group that makes its change: no payment without its entry, and one entry per payment", async (t) => {
  const faults = new Map<string, number | Fault>();
  const app = await startTestApp({ store: async (config) => withFaults(await openStore(config), faults) });
  t.teardown(app.close);
  const tenant = await createTenant(app);
  const { invoice } = await boundPolicy(app, tenant);
  const pay = () =>
    call(app.api, 'POST', `/v1/invoices/${invoice.id}/pay`, { token: tenant.adminToken, body: { amount: invoice.amount, method: 'ach', reference: 'ach-1' } });
  // The payment's group writes the domain's entry (`invoice.paid`), then the request's: the second fails.
  faults.set('audit_log', { skip: 1, fail: 1 });
  t.is((await pay()).status, 500, 'the entry could not be kept, so neither was the payment');
  t.is((await call(app.api, 'GET', `/v1/invoices/${invoice.id}`, { token: tenant.adminToken })).body.status, 'open');
  const paid = await pay();
  t.is(paid.status, 201);
  const entries = (await call(app.api, 'GET', `/v1/audit-events?action=request&targetType=invoices&targetId=${invoice.id}`, { token: tenant.adminToken })).body
    .data;
  t.is(entries.length, 1);
  t.like(entries[0], {
    details: { route: 'POST /v1/invoices/:id/pay', status: 201, requestId: paid.headers.get('x-request-id'), sent: { reference: 'ach-1' } },
  });
});
