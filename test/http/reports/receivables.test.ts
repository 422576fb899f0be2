import test from 'ava';
import { boundPolicy } from '../../support/mothers.ts';
import { call, createTenant, startTestApp } from '../../support/test-app.ts';

test('receivables aging: every policy account of the organization and their totals, as JSON or CSV, for the organization only', async (t) => {
  const app = await startTestApp();
  t.teardown(app.close);
  const [tenant, other] = [await createTenant(app), await createTenant(app)];
  const risk = { annualRevenue: 3_650_000, requestedLimit: 1_000_000, effectiveDate: '2027-01-01' };
  const paid = await boundPolicy(app, tenant, { plan: 'QUARTERLY', submission: { ...risk, insuredName: 'Paid Co' } });
  const unpaid = await boundPolicy(app, tenant, { plan: 'PIF', submission: { ...risk, insuredName: 'Owing Co' } });
  await call(app.api, 'POST', `/v1/invoices/${paid.invoice.id}/pay`, {
    token: tenant.adminToken,
    body: { amount: paid.invoice.amount, method: 'check', reference: 'chk-r1' },
  });
  const report = await call(app.api, 'GET', '/v1/reports/receivables-aging?asOf=2027-03-15', { token: tenant.adminToken });
  t.is(report.status, 200);
  const accountOf = async (policyId: string) =>
    (await call(app.api, 'GET', `/v1/policies/${policyId}/account?asOf=2027-03-15`, { token: tenant.adminToken })).body;
  const [first, second] = [await accountOf(paid.policy.id), await accountOf(unpaid.policy.id)];
  const byId = new Map(report.body.policies.map((line: { policyId: string }) => [line.policyId, line]));
  t.like(byId.get(paid.policy.id), { balance: first.balance, aging: first.aging });
  t.like(byId.get(unpaid.policy.id), { balance: second.balance, aging: { days61to90: unpaid.invoice.amount } });
  t.is(Math.round(report.body.totals.balance * 100), Math.round((first.balance + second.balance) * 100));
  const csv = await call(app.api, 'GET', '/v1/reports/receivables-aging?asOf=2027-03-15', { token: tenant.adminToken, headers: { accept: 'text/csv' } });
  t.regex(csv.headers.get('content-type') ?? '', /^text\/csv/);
  const lines = String(csv.body).trimEnd().split('\r\n');
  t.is(lines[0], 'Policy,Charges,Credits,Payments,Refunds,Written Off,Unapplied,Balance,Current,1-30,31-60,61-90,Over 90');
  t.true(lines.at(-1)?.startsWith('Total,'));
  t.is(lines.length, 4);
  t.deepEqual((await call(app.api, 'GET', '/v1/reports/receivables-aging', { token: other.adminToken })).body.policies, []);
  // A page at a time: the totals are the organization's on every page, the next page on the same date.
  const firstPage = await call(app.api, 'GET', '/v1/reports/receivables-aging?asOf=2027-03-15&limit=1', { token: tenant.adminToken });
  t.is(firstPage.body.policies.length, 1);
  t.deepEqual(firstPage.body.totals, report.body.totals);
  const next = await call(app.api, 'GET', `/v1/reports/receivables-aging?asOf=2027-03-15&limit=1&cursor=${firstPage.body.nextCursor}`, {
    token: tenant.adminToken,
  });
  t.is(next.body.nextCursor, null);
  t.deepEqual([...firstPage.body.policies, ...next.body.policies], report.body.policies);
  const paged = await call(app.api, 'GET', '/v1/reports/receivables-aging?asOf=2027-03-15&limit=1', {
    token: tenant.adminToken,
    headers: { accept: 'text/csv' },
  });
  t.is(paged.headers.get('link'), `</v1/reports/receivables-aging?asOf=2027-03-15&cursor=${firstPage.body.nextCursor}&limit=1>; rel="next"`);
  const refused = await call(app.api, 'GET', '/v1/reports/receivables-aging?limit=500', { token: tenant.adminToken });
  t.is(refused.status, 400);
});
