import test from 'ava';
import Stripe from 'stripe';
import { openStore } from '../../../bootstrap/open-store.ts';
import { withFaults, withInsertFaults, type Fault } from '../../support/faulty-store.ts';
import { refundedCharge, stripeEvent } from '../../support/stripe-events.ts';
import { startReceiver } from '../../support/receiver.ts';
import { call, createProducer, createTenant, startTestApp, type TestApp, type Tenant } from '../../support/test-app.ts';
import { boundPolicy } from '../../support/mothers.ts';

const STRIPE_WEBHOOK_SECRET = 'whsec_failure_injection_0123456789';
const stripe = new Stripe('sk_test_unused');

const sendRaw = (app: TestApp, payload: string) =>
  call(app.api, 'POST', '/webhooks/payment-processor', {
    rawBody: payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_WEBHOOK_SECRET }) },
  });

const send = (app: TestApp, eventId: string, object: unknown) =>
  sendRaw(app, JSON.stringify({ id: eventId, object: 'event', type: 'payment_intent.succeeded', data: { object } }));

const paidPolicyInvoice = async (app: TestApp, tenant: Tenant, producerId: string) =>
  (
    await boundPolicy(app, tenant, {
      producerId,
      submission: { insuredName: 'Fault Co', annualRevenue: 2_000_000, effectiveDate: '2027-02-01', state: 'TX', lineOfBusiness: 'CYBER' },
    })
  ).invoices[0];

// A payment, its posting and its commission are one write: any of them failing is the payment's
// step, and keeps nothing (each write of the group: test/use-cases/billing/invoice-payments.test.ts).
for (const [collection, operation, priority] of [['ledger_entries', 'payment_processing', 2]] as const) {
  test.serial(
    `a failure while writing ${collection}: 500 and a critical incident, then the retry leaves one payment, one commission, one ledger posting`,
    async (t) => {
      const faults = new Map<string, number>();
      const app = await startTestApp({ env: { STRIPE_WEBHOOK_SECRET }, store: async (config) => withInsertFaults(await openStore(config), faults) });
      t.teardown(app.close);
      const receiver = await startReceiver();
      t.teardown(receiver.close);
      const tenant = await createTenant(app);
      const producerId = await createProducer(app, tenant);
      await call(app.api, 'POST', '/v1/webhooks', { token: tenant.adminToken, body: { url: receiver.url, events: ['invoice.paid', 'payment.received'] } });
      const invoice = await paidPolicyInvoice(app, tenant, producerId);
      const intent = {
        id: `pi_fault_${collection}`,
        object: 'payment_intent',
        amount: Math.round(invoice.amount * 100),
        amount_received: Math.round(invoice.amount * 100),
        currency: 'usd',
        status: 'succeeded',
        metadata: { invoiceId: invoice.id, orgId: tenant.orgId },
      };

      faults.set(collection, 1);
      const failed = await send(app, `evt_fault_${collection}`, intent);
      t.is(failed.status, 500);
      const incidents = await app.app.store.collection('financial_incidents').find({ orgId: tenant.orgId });
      t.is(incidents.length, 1);
      t.like(incidents[0], {
        type: 'financial.operation_failed',
        operation,
        severity: 'critical',
        requiresManualReview: true,
        priority,
        invoiceId: invoice.id,
        reference: intent.id,
      });

      const listed = await call(app.api, 'GET', '/v1/financial-incidents', { token: tenant.adminToken });
      t.like(listed.body.data, [{ operation, priority, severity: 'critical', requiresManualReview: true }]);
      const other = await createTenant(app);
      t.deepEqual((await call(app.api, 'GET', '/v1/financial-incidents', { token: other.adminToken })).body.data, []);

      const retried = await send(app, `evt_fault_${collection}`, intent);
      t.is(retried.status, 200);
      const store = app.app.store;
      t.is(await store.collection('payments').countDocuments({ orgId: tenant.orgId, invoiceId: invoice.id }), 1);
      t.is(await store.collection('commissions').countDocuments({ orgId: tenant.orgId, invoiceId: invoice.id }), 1);
      t.is(await store.collection('ledger_entries').countDocuments({ orgId: tenant.orgId, invoiceId: invoice.id }), 1);
      t.is(await store.collection('documents').countDocuments({ orgId: tenant.orgId, type: 'receipt' }), 1);
      const detail = await call(app.api, 'GET', `/v1/invoices/${invoice.id}`, { token: tenant.adminToken });
      t.like(detail.body, { status: 'paid', paidAmount: invoice.amount });

      await receiver.waitFor(2);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      t.deepEqual(receiver.received.map((delivery) => JSON.parse(delivery.body).type).sort(), ['invoice.paid', 'payment.received']);
    },
  );
}

for (const [where, fault] of [
  // The step, the invoice, the row and the posting are one write: a failure of any keeps none.
  ['taking the refund step', 'updateOne:payments'],
  ['adding the refund to the invoice', 'updateOne:invoices'],
  ['storing the refund row', 'payments'],
  ['posting the refund', 'ledger_entries'],
] as const) {
  test.serial(`a failure while ${where}: 500, then the re-sent charge.refunded records the refund once`, async (t) => {
    const faults = new Map<string, number | Fault>();
    const app = await startTestApp({ env: { STRIPE_WEBHOOK_SECRET }, store: async (config) => withFaults(await openStore(config), faults) });
    t.teardown(app.close);
    const tenant = await createTenant(app);
    const producerId = await createProducer(app, tenant);
    const invoice = await paidPolicyInvoice(app, tenant, producerId);
    const amount = Math.round(invoice.amount * 100);
    const paid = { chargeId: 'ch_refund_fault', intentId: 'pi_refund_fault', amount, metadata: { invoiceId: invoice.id, orgId: tenant.orgId } };
    t.is(
      (
        await send(app, 'evt_paid_refund_fault', {
          id: paid.intentId,
          object: 'payment_intent',
          amount,
          amount_received: amount,
          currency: 'usd',
          status: 'succeeded',
          metadata: paid.metadata,
        })
      ).status,
      200,
    );

    faults.set(fault, 1);
    const event = stripeEvent('charge.refunded', refundedCharge(paid, 25_00));
    t.is((await sendRaw(app, event)).status, 500);
    t.is((await sendRaw(app, event)).status, 200);
    t.is((await sendRaw(app, stripeEvent('charge.refunded', refundedCharge(paid, 25_00)))).status, 200);
    const refunds = await app.app.store
      .collection<{ _id: string; amount: number }>('payments')
      .find({ orgId: tenant.orgId, invoiceId: invoice.id, amount: { $lt: 0 } });
    t.deepEqual(
      refunds.map((refund) => refund.amount),
      [-25_00],
    );
    t.is((await call(app.api, 'GET', `/v1/invoices/${invoice.id}`, { token: tenant.adminToken })).body.paidAmount, (amount - 25_00) / 100);
    const changes = (await call(app.api, 'GET', `/v1/commissions?policyId=${invoice.policyId}`, { token: tenant.adminToken })).body.data;
    t.deepEqual(
      changes.map((change: { grossPremium: number }) => change.grossPremium),
      [-25, invoice.amount],
      'the refund takes commission back once',
    );
  });
}
