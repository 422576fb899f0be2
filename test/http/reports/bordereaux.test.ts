import test from 'ava';
import { addDays, today } from '../../../core/shared/calendar-date.ts';
import { boundPolicy } from '../../support/mothers.ts';
import { call, createProducer, createTenant, signedInUser, startTestApp } from '../../support/test-app.ts';

const rows = (csv: string) =>
  csv
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','));

test('monthly bordereaux as CSV: a line per policy active in the month and per claim open in it, for the organization only', async (t) => {
  const app = await startTestApp();
  t.teardown(app.close);
  const [tenant, other] = [await createTenant(app), await createTenant(app)];
  const now = today(new Date());
  const month = now.slice(0, 7);
  const producerId = await createProducer(app, tenant);
  const bound = await boundPolicy(app, tenant, { producerId, submission: { effectiveDate: addDays(now, -3) } });
  await call(app.api, 'POST', `/v1/invoices/${bound.invoice.id}/payment-intent`, { token: tenant.adminToken, body: { confirm: true } });
  const claim = (
    await call(app.api, 'POST', '/v1/claims', {
      token: tenant.adminToken,
      body: { policyId: bound.policy.id, lossDate: addDays(now, -1), description: 'Fire' },
    })
  ).body;
  await call(app.api, 'POST', `/v1/claims/${claim.id}/reserves`, { token: tenant.adminToken, body: { indemnity: 4_000, expense: 500.25 } });

  const premium = await call(app.api, 'GET', `/v1/reports/bordereaux?type=premium&month=${month}`, { token: tenant.adminToken });
  t.is(premium.status, 200);
  t.regex(premium.headers.get('content-type') ?? '', /^text\/csv/);
  const [header, line] = rows(premium.body);
  t.deepEqual(header?.slice(0, 4), ['Policy Number', 'Insured Name', 'Risk State', 'Line of Business']);
  const column = (name: string) => line?.[header?.indexOf(name) ?? -1];
  const written = bound.policy.effectiveDate.slice(0, 7) === month ? bound.policy.grossPremium : 0;
  t.is(column('Policy Number'), bound.policy.policyNumber);
  t.is(Number(column('Written Premium')), written);
  const commissions = (await call(app.api, 'GET', `/v1/commissions?policyId=${bound.policy.id}`, { token: tenant.adminToken })).body.data;
  const commission =
    commissions.reduce(
      (sum: number, row: { agentCommission: number; mgaCommission: number }) => sum + Math.round((row.agentCommission + row.mgaCommission) * 100),
      0,
    ) / 100;
  t.is(Number(column('Commission')), commission);

  const claims = await call(app.api, 'GET', `/v1/reports/bordereaux?type=claims&month=${month}`, { token: tenant.adminToken });
  const [claimHeader, claimLine] = rows(claims.body);
  t.deepEqual(claimHeader, ['Claim Number', 'Policy Number', 'Insured Name', 'Loss Date', 'Reported', 'Status', 'Paid', 'Reserves', 'Incurred']);
  t.deepEqual(claimLine?.slice(0, 2), [claim.claimNumber, bound.policy.policyNumber]);
  t.deepEqual(claimLine?.slice(5), ['open', '0', '4500.25', '4500.25']);

  t.is(
    rows((await call(app.api, 'GET', `/v1/reports/bordereaux?type=premium&month=${month}`, { token: other.adminToken })).body).length,
    1,
    'the header alone',
  );
  t.is(rows((await call(app.api, 'GET', `/v1/reports/bordereaux?type=premium&month=2020-01`, { token: tenant.adminToken })).body).length, 1);
  t.is(rows((await call(app.api, 'GET', `/v1/reports/bordereaux?type=premium&month=${month}&programId=other`, { token: tenant.adminToken })).body).length, 1);
  t.is((await call(app.api, 'GET', '/v1/reports/bordereaux?type=premium&month=2027-13', { token: tenant.adminToken })).status, 400);
  t.is((await call(app.api, 'GET', `/v1/reports/bordereaux?type=losses&month=${month}`, { token: tenant.adminToken })).status, 400);
  const underwriter = await signedInUser(app, tenant, 'underwriter');
  t.is((await call(app.api, 'GET', `/v1/reports/bordereaux?type=premium&month=${month}`, { token: underwriter.token })).status, 403);
});

test('direct business: the bordereau and commission analytics show the MGA commission the ledger posted, to the cent', async (t) => {
  const app = await startTestApp();
  t.teardown(app.close);
  const tenant = await createTenant(app);
  const now = today(new Date());
  const month = now.slice(0, 7);
  const bound = await boundPolicy(app, tenant, { submission: { effectiveDate: addDays(now, -3) } });
  await call(app.api, 'POST', `/v1/invoices/${bound.invoice.id}/payment-intent`, { token: tenant.adminToken, body: { confirm: true } });
  const entries = (await call(app.api, 'GET', `/v1/ledger/entries?policyId=${bound.policy.id}`, { token: tenant.adminToken })).body.data;
  const posted = (account: string) =>
    entries.reduce(
      (sum: number, entry: { lines: { account: string; debit: number; credit: number }[] }) =>
        sum + entry.lines.filter((line) => line.account === account).reduce((total, line) => total + Math.round((line.credit - line.debit) * 100), 0),
      0,
    );
  const mga = posted('mgaCommissionIncome');
  t.true(mga > 0, 'the ledger posted MGA commission');
  const [header, line] = rows((await call(app.api, 'GET', `/v1/reports/bordereaux?type=premium&month=${month}`, { token: tenant.adminToken })).body);
  t.is(Math.round(Number(line?.[header?.indexOf('Commission') ?? -1]) * 100), mga);
  const periods = (await call(app.api, 'GET', `/v1/analytics/${tenant.orgId}/commissions?from=${month}&to=${month}`, { token: tenant.adminToken })).body
    .periods;
  t.like(periods, [{ period: month, agentCommission: 0, mgaCommission: mga / 100, carrierNet: posted('carrierPayable') / 100 }]);
});
