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
