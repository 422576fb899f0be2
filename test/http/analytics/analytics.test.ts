import test from 'ava';
import { addDays, today, yearOf } from '../../../core/shared/calendar-date.ts';
import { boundPolicy, createdProgram } from '../../support/mothers.ts';
import { call, createProducer, createTenant, startTestApp } from '../../support/test-app.ts';

const cents = (dollars: number) => Math.round(dollars * 100);

test('portfolio, commissions and DA utilization add up to the stored premium, claims and commissions; another organization is 404', async (t) => {
  const app = await startTestApp();
  t.teardown(app.close);
  const [tenant, other] = [await createTenant(app), await createTenant(app)];
  const program = await createdProgram(app, tenant, { aggregateCap: 100_000, maxPremiumPerRisk: 50_000 });
  const now = today(new Date());
  const producerId = await createProducer(app, tenant);
  const a = await boundPolicy(app, tenant, { producerId, submission: { effectiveDate: addDays(now, -10) } });
  const b = await boundPolicy(app, tenant, { submission: { effectiveDate: '2027-03-01', annualRevenue: 2_000_000 } });
  const [premiumA, premiumB] = [a.policy.grossPremium as number, b.policy.grossPremium as number];

  // The first policy's premium paid in full: its commission is recorded this month.
  t.is((await call(app.api, 'POST', `/v1/invoices/${a.invoice.id}/payment-intent`, { token: tenant.adminToken, body: { confirm: true } })).status, 201);
  const claim = await call(app.api, 'POST', '/v1/claims', {
    token: tenant.adminToken,
    body: { policyId: a.policy.id, lossDate: addDays(now, -2), description: 'Burst pipe' },
  });
  await call(app.api, 'POST', `/v1/claims/${claim.body.id}/reserves`, { token: tenant.adminToken, body: { indemnity: 1_000, expense: 250.5 } });

  const get = (path: string, token = tenant.adminToken) => call(app.api, 'GET', `/v1/analytics/${tenant.orgId}${path}`, { token });
  const portfolio = (await get(`/portfolio?asOf=${now}`)).body;
  // Eleven days of a 365-day term are earned through today (the effective day and today included).
  const earnedA = (await call(app.api, 'GET', `/v1/policies/${a.policy.id}/premium?asOf=${now}`, { token: tenant.adminToken })).body.earned;
  t.true(Math.abs(cents(earnedA) - (cents(premiumA) * 11) / 365) <= 1, `${earnedA} of ${premiumA}`);
  t.deepEqual(portfolio, {
    asOf: now,
    grossWrittenPremium: premiumA,
    earnedPremium: earnedA,
    policyCount: 1,
    bindingCount: 1,
    incurredLosses: 1_250.5,
    lossRatio: Math.round((1_250.5 / earnedA) * 10_000) / 10_000,
  });
  t.like((await get('/portfolio?asOf=2027-03-01')).body, { grossWrittenPremium: (cents(premiumA) + cents(premiumB)) / 100, policyCount: 2, bindingCount: 2 });

  const month = now.slice(0, 7);
  const periods = (await get(`/commissions?from=${month}&to=${month}`)).body.periods;
  t.is(periods.length, 1);
  const [period] = periods;
  t.is(cents(period.agentCommission) + cents(period.mgaCommission) + cents(period.carrierNet), cents(premiumA), 'the split is the premium paid, to the cent');
  const recorded = (await call(app.api, 'GET', `/v1/commissions?policyId=${a.policy.id}`, { token: tenant.adminToken })).body.data;
  t.is(
    cents(period.agentCommission),
    recorded.reduce((sum: number, row: { agentCommission: number }) => sum + cents(row.agentCommission), 0),
  );
  t.deepEqual(
    (await get('/commissions?from=2020-01&to=2020-02')).body.periods.map((entry: { period: string }) => entry.period),
    ['2020-01', '2020-02'],
  );
  const lastTwelve = (await get('/commissions')).body.periods;
  t.is(lastTwelve.length, 12);
  t.deepEqual(lastTwelve.at(-1), period, 'by default the twelve months to this one');

  const thisYear = (await get('/da-utilization')).body.programs;
  t.deepEqual(thisYear, [
    {
      programId: program.id,
      name: program.name,
      year: yearOf(now),
      aggregateCap: 100_000,
      written: premiumA,
      utilization: Math.round((cents(premiumA) / 10_000_000) * 10_000) / 10_000,
    },
  ]);
  t.like((await get('/da-utilization?year=2027')).body.programs, [{ written: premiumB }]);
  t.like((await call(app.api, 'GET', `/v1/analytics/${other.orgId}/da-utilization`, { token: other.adminToken })).body.programs, [
    { programId: 'default', written: 0, utilization: 0 },
  ]);

  for (const path of ['/portfolio', `/commissions?from=${month}&to=${month}`, '/da-utilization']) {
    t.is((await get(path, other.adminToken)).status, 404, path);
  }
  t.is((await get('/commissions?from=2027-02&to=2027-01')).status, 400);
  t.is((await get('/commissions?from=2027-13&to=2028-01')).status, 400);
  t.is((await get('/commissions?from=2020-01&to=2023-01')).status, 400, 'more than 36 months');
  t.is((await get('/portfolio?asOf=2027-02-30')).status, 400);
});
