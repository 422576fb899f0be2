import test from 'ava';
import { today } from '../../../core/shared/calendar-date.ts';
import { boundPolicy } from '../../support/mothers.ts';
import { call, createProducer, createTenant, signedInUser, startTestApp } from '../../support/test-app.ts';

test('producer statements and payouts over HTTP: by the right roles, once per reference, within what is payable, for the organization only', async (t) => {
  const app = await startTestApp();
  t.teardown(app.close);
  const [tenant, other] = [await createTenant(app), await createTenant(app)];
  const month = today(new Date()).slice(0, 7);
  const producerId = await createProducer(app, tenant);
  const bound = await boundPolicy(app, tenant, { producerId });
  await call(app.api, 'POST', `/v1/invoices/${bound.invoice.id}/pay`, {
    token: tenant.adminToken,
    body: { amount: bound.invoice.amount, method: 'check', reference: 'chk-stmt' },
  });
  const statement = await call(app.api, 'GET', `/v1/producers/${producerId}/statements?month=${month}`, { token: tenant.adminToken });
  t.is(statement.status, 200);
  t.like(statement.body, { producerId, month, opening: 0, paid: 0, clawedBack: 0 });
  t.true(statement.body.earned > 0);
  t.is(statement.body.closing, statement.body.earned);
  t.is((await call(app.api, 'GET', `/v1/producers/${producerId}/statements?month=${month}`, { token: other.adminToken })).status, 404);
  t.is((await call(app.api, 'GET', `/v1/producers/${producerId}/statements?month=2027-13`, { token: tenant.adminToken })).status, 400);

  const body = { amount: statement.body.earned, method: 'ach', reference: 'ACH-77', month };
  const underwriter = await signedInUser(app, tenant, 'underwriter');
  t.is((await call(app.api, 'POST', `/v1/producers/${producerId}/payouts`, { token: underwriter.token, body })).status, 403);
  t.is((await call(app.api, 'POST', `/v1/producers/${producerId}/payouts`, { token: other.adminToken, body })).status, 404);
  const billing = await signedInUser(app, tenant, 'billing_admin');
  const over = await call(app.api, 'POST', `/v1/producers/${producerId}/payouts`, {
    token: billing.token,
    body: { ...body, amount: body.amount + 1, reference: 'ACH-76' },
  });
  t.like(over, { status: 422, body: { error: 'amount_exceeds_balance' } });
  const paid = await call(app.api, 'POST', `/v1/producers/${producerId}/payouts`, { token: billing.token, body });
  t.is(paid.status, 201);
  t.like(paid.body, { producerId, amount: body.amount, method: 'ach', reference: 'ACH-77', month, accountingMonth: month });
  const again = await call(app.api, 'POST', `/v1/producers/${producerId}/payouts`, { token: billing.token, body });
  t.like(again, { status: 200, body: { id: paid.body.id } });
  const after = await call(app.api, 'GET', `/v1/producers/${producerId}/statements?month=${month}`, { token: tenant.adminToken });
  t.like(after.body, { paid: body.amount, closing: 0 });
  t.is(after.body.payouts.length, 1);
});
