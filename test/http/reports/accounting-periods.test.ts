import test from 'ava';
import { addMonths, today } from '../../../core/shared/calendar-date.ts';
import { boundPolicy } from '../../support/mothers.ts';
import { call, createTenant, signedInUser, startTestApp } from '../../support/test-app.ts';

test('month-end close over HTTP: in order, by the right roles, with a trial balance; a closed bordereau carries an ETag and answers 304', async (t) => {
  const app = await startTestApp();
  t.teardown(app.close);
  const [tenant, other] = [await createTenant(app), await createTenant(app)];
  const thisMonth = today(new Date()).slice(0, 7);
  const lastMonth = addMonths(`${thisMonth}-01`, -1).slice(0, 7);
  t.deepEqual((await call(app.api, 'GET', '/v1/accounting-periods', { token: tenant.adminToken })).body, { data: [] });
  const bound = await boundPolicy(app, tenant, { submission: { effectiveDate: `${lastMonth}-01` } });
  const periods = await call(app.api, 'GET', '/v1/accounting-periods', { token: tenant.adminToken });
  t.like(periods.body.data, [
    { month: lastMonth, status: 'open', ended: true, closedAt: null },
    { month: thisMonth, status: 'open', ended: false },
  ]);

  const underwriter = await signedInUser(app, tenant, 'underwriter');
  t.is((await call(app.api, 'POST', `/v1/accounting-periods/${lastMonth}/close`, { token: underwriter.token })).status, 403);
  const notEnded = await call(app.api, 'POST', `/v1/accounting-periods/${thisMonth}/close`, { token: tenant.adminToken });
  t.is(notEnded.status, 422);
  t.is(notEnded.body.error, 'invalid_transition');
  t.is((await call(app.api, 'POST', '/v1/accounting-periods/2026-13/close', { token: tenant.adminToken })).status, 400);

  const billing = await signedInUser(app, tenant, 'billing_admin');
  const before = await call(app.api, 'GET', `/v1/reports/bordereaux?type=premium&month=${lastMonth}`, { token: tenant.adminToken });
  t.is(before.headers.get('etag'), null, 'an open month has no ETag');
  const closed = await call(app.api, 'POST', `/v1/accounting-periods/${lastMonth}/close`, { token: billing.token });
  t.is(closed.status, 200);
  t.like(closed.body, { month: lastMonth, status: 'closed', trialBalance: { month: lastMonth } });
  t.is(closed.body.trialBalance.totals.debits, closed.body.trialBalance.totals.credits);
  t.is((await call(app.api, 'POST', `/v1/accounting-periods/${lastMonth}/close`, { token: tenant.adminToken })).status, 422, 'closed already');
  t.deepEqual((await call(app.api, 'GET', '/v1/accounting-periods', { token: other.adminToken })).body, { data: [] }, 'each organization has its own periods');

  const kept = await call(app.api, 'GET', `/v1/reports/bordereaux?type=premium&month=${lastMonth}`, { token: tenant.adminToken });
  t.is(kept.body, before.body);
  t.regex(kept.headers.get('etag') ?? '', /^"[A-Za-z0-9_-]+"$/);
  t.truthy(kept.body.includes(bound.policy.policyNumber));
  const unchanged = await call(app.api, 'GET', `/v1/reports/bordereaux?type=premium&month=${lastMonth}`, {
    token: tenant.adminToken,
    headers: { 'If-None-Match': kept.headers.get('etag') ?? '' },
  });
  t.is(unchanged.status, 304);

  t.is((await call(app.api, 'POST', `/v1/accounting-periods/${lastMonth}/reopen`, { token: billing.token, body: { reason: 'x' } })).status, 403);
  t.is((await call(app.api, 'POST', `/v1/accounting-periods/${lastMonth}/reopen`, { token: tenant.adminToken, body: {} })).status, 400);
  const reopened = await call(app.api, 'POST', `/v1/accounting-periods/${lastMonth}/reopen`, { token: tenant.adminToken, body: { reason: 'late adjustment' } });
  t.like(reopened.body, { month: lastMonth, status: 'open' });
  const after = await call(app.api, 'GET', `/v1/reports/bordereaux?type=premium&month=${lastMonth}`, { token: tenant.adminToken });
  t.is(after.headers.get('etag'), null);
});
