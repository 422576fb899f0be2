import test from 'ava';
import { call, createTenant, startTestApp, type Tenant } from '../../support/test-app.ts';
import { boundPolicy } from '../../support/mothers.ts';

const firstInvoice = async (app: Awaited<ReturnType<typeof startTestApp>>, tenant: Tenant) =>
  (await boundPolicy(app, tenant, { plan: 'QUARTERLY', submission: { insuredName: 'Laptop Co', annualRevenue: 1_500_000, effectiveDate: '2027-03-01' } }))
    .invoice;

test('in local, confirm: true completes a card payment through the verified event pipeline', async (t) => {
  const app = await startTestApp();
  t.teardown(app.close);
  const tenant = await createTenant(app);
  const invoice = await firstInvoice(app, tenant);
  const path = `/v1/invoices/${invoice.id}/payment-intent`;
  const paid = await call(app.api, 'POST', path, { token: tenant.adminToken, body: { confirm: true } });
  t.is(paid.status, 201);
  t.like(paid.body, { status: 'succeeded', amount: invoice.amount });
  t.regex(paid.body.id, /^pi_local_/);
  const after = await call(app.api, 'GET', `/v1/invoices/${invoice.id}`, { token: tenant.adminToken });
  t.like(after.body, { status: 'paid', paidAmount: invoice.amount });
  t.like(after.body.payments, [{ reference: paid.body.id, amount: invoice.amount, method: 'card', source: 'processor' }]);
  const receipt = await call(app.api, 'GET', `/v1/documents/${paid.body.receiptDocumentId}`, { token: tenant.adminToken });
  t.like(receipt.body, { type: 'receipt', contentType: 'text/html; charset=utf-8' });
  // Nothing is left to pay: a second confirmation is refused and records nothing.
  t.is((await call(app.api, 'POST', path, { token: tenant.adminToken, body: { confirm: true } })).status, 422);
  t.is((await call(app.api, 'GET', `/v1/invoices/${invoice.id}`, { token: tenant.adminToken })).body.payments.length, 1);
});

test('each attempt is its own payment: two card payments of the same amount both count, and paying again after a full refund is paid', async (t) => {
  const app = await startTestApp();
  t.teardown(app.close);
  const tenant = await createTenant(app);
  const invoice = await firstInvoice(app, tenant);
  const path = `/v1/invoices/${invoice.id}/payment-intent`;
  const half = Math.round(invoice.amount * 50) / 100;
  const first = await call(app.api, 'POST', path, { token: tenant.adminToken, body: { amount: half, confirm: true } });
  const second = await call(app.api, 'POST', path, { token: tenant.adminToken, body: { amount: half, confirm: true } });
  t.like([first.body, second.body], [{ status: 'succeeded' }, { status: 'succeeded' }]);
  t.not(first.body.id, second.body.id, 'a new attempt is a new intent');
  const detail = () => call(app.api, 'GET', `/v1/invoices/${invoice.id}`, { token: tenant.adminToken });
  t.like((await detail()).body, { paidAmount: Math.round(half * 200) / 100 });

  const other = await firstInvoice(app, tenant);
  const otherPath = `/v1/invoices/${other.id}/payment-intent`;
  const paid = await call(app.api, 'POST', otherPath, { token: tenant.adminToken, body: { confirm: true } });
  t.is(paid.body.status, 'succeeded');
  const refunded = await call(app.api, 'POST', `/v1/invoices/${other.id}/refund`, {
    token: tenant.adminToken,
    body: { amount: other.amount, reason: 'card charged twice', reference: 'rf-1' },
  });
  t.is(refunded.status, 201, JSON.stringify(refunded.body));
  t.like((await call(app.api, 'GET', `/v1/invoices/${other.id}`, { token: tenant.adminToken })).body, { status: 'open', paidAmount: 0 });
  const again = await call(app.api, 'POST', otherPath, { token: tenant.adminToken, body: { confirm: true } });
  t.like(again.body, { status: 'succeeded', amount: other.amount });
  t.not(again.body.id, paid.body.id);
  t.like((await call(app.api, 'GET', `/v1/invoices/${other.id}`, { token: tenant.adminToken })).body, { status: 'paid', paidAmount: other.amount });
});

test('a retry of the same attempt reaches the same intent; asking more than is outstanding is amount_exceeds_balance', async (t) => {
  const app = await startTestApp();
  t.teardown(app.close);
  const tenant = await createTenant(app);
  const invoice = await firstInvoice(app, tenant);
  const path = `/v1/invoices/${invoice.id}/payment-intent`;
  const byId = await call(app.api, 'POST', path, { token: tenant.adminToken, body: { attemptId: 'cart-7' } });
  const retried = await call(app.api, 'POST', path, { token: tenant.adminToken, body: { attemptId: 'cart-7' } });
  t.is(retried.body.id, byId.body.id);
  const keyed = await call(app.api, 'POST', path, { token: tenant.adminToken, body: {}, headers: { 'idempotency-key': 'k-1' } });
  t.not(keyed.body.id, byId.body.id);
  const fresh = await call(app.api, 'POST', path, { token: tenant.adminToken, body: {} });
  t.not(fresh.body.id, keyed.body.id, 'without attemptId or key, a new attempt');
  const over = await call(app.api, 'POST', path, { token: tenant.adminToken, body: { amount: invoice.amount + 0.01 } });
  t.like(over, { status: 422, body: { error: 'amount_exceeds_balance' } });
});

test('outside local, confirm is refused and no intent is created', async (t) => {
  const app = await startTestApp({
    env: {
      APP_ENV: 'sandbox',
      STRIPE_WEBHOOK_SECRET: 'whsec_sandbox',
      IDENTITY_WEBHOOK_SECRET: 'whsec_i',
      EMAIL_WEBHOOK_SECRET: `whsec_${Buffer.from('k').toString('base64')}`,
      ESIGN_WEBHOOK_SECRET: 'whsec_e',
    },
  });
  t.teardown(app.close);
  const tenant = await createTenant(app);
  const invoice = await firstInvoice(app, tenant);
  const refused = await call(app.api, 'POST', `/v1/invoices/${invoice.id}/payment-intent`, { token: tenant.adminToken, body: { confirm: true } });
  t.is(refused.status, 400);
  t.like(refused.body, { error: 'validation_failed', details: { field: 'confirm' } });
  t.is(await app.app.store.collection('payment_attempts').countDocuments({}), 0);
});
