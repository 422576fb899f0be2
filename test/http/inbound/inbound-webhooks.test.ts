import { Webhook as StandardWebhook } from 'standardwebhooks';
import { Webhook as SvixWebhook } from 'svix';
import anyTest, { type TestFn } from 'ava';
import { createHmac } from 'node:crypto';
import Stripe from 'stripe';
import { refundObject, refundedCharge, stripeEvent, type PaidCharge } from '../../support/stripe-events.ts';
import { call, createTenant, startTestApp, type TestApp, type Tenant } from '../../support/test-app.ts';
import { boundPolicy } from '../../support/mothers.ts';

const STRIPE_WEBHOOK_SECRET = 'whsec_inbound_test_0123456789';
const EMAIL_WEBHOOK_SECRET = `whsec_${Buffer.from('email-signing-key-0123456789abcdef').toString('base64')}`;
const test = anyTest as TestFn<{ app: TestApp; tenant: Tenant }>;
const stripe = new Stripe('sk_test_unused');

test.before(async (t) => {
  const app = await startTestApp({ env: { STRIPE_WEBHOOK_SECRET, EMAIL_WEBHOOK_SECRET } });
  t.context = { app, tenant: await createTenant(app) };
});
test.after.always(async (t) => t.context.app.close());

const invoiceOf = async (app: TestApp, tenant: Tenant, plan = 'TWO_PAY') =>
  (await boundPolicy(app, tenant, { plan, submission: { insuredName: 'Pay Co' } })).invoice;

const paymentEvent = (eventId: string, intentId: string, invoice: { id: string }, orgId: string, amount: number, type = 'payment_intent.succeeded') =>
  JSON.stringify({
    id: eventId,
    type,
    data: { object: { id: intentId, object: 'payment_intent', amount_received: amount, currency: 'usd', metadata: { invoiceId: invoice.id, orgId } } },
  });

const sendStripe = (app: TestApp, payload: string, options: { timestamp?: number; secret?: string } = {}) =>
  call(app.api, 'POST', '/webhooks/payment-processor', {
    rawBody: payload,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': stripe.webhooks.generateTestHeaderString({
        payload,
        secret: options.secret ?? STRIPE_WEBHOOK_SECRET,
        timestamp: options.timestamp ?? Math.floor(Date.now() / 1000),
      }),
    },
  });

test('payment_intent.succeeded: cents to dollars, one payment per intent, paid when covered', async (t) => {
  const { app, tenant } = t.context;
  const invoice = await invoiceOf(app, tenant);
  const cents = Math.round(invoice.amount * 100);
  const partial = await sendStripe(app, paymentEvent('evt_a1', 'pi_a1', invoice, tenant.orgId, 10_000));
  t.is(partial.status, 200);
  let current = await call(app.api, 'GET', `/v1/invoices/${invoice.id}`, { token: tenant.adminToken });
  t.like(current.body, { paidAmount: 100, status: 'open' });
  t.like(current.body.payments[0], { amount: 100, reference: 'pi_a1', method: 'card' });
  await sendStripe(app, paymentEvent('evt_a2', 'pi_a2', invoice, tenant.orgId, cents - 10_000));
  current = await call(app.api, 'GET', `/v1/invoices/${invoice.id}`, { token: tenant.adminToken });
  t.like(current.body, { paidAmount: invoice.amount, status: 'paid' });
  t.is(current.body.payments.length, 2);
  // The same intent re-sent days later under a new event id still counts once.
  await sendStripe(app, paymentEvent('evt_a3', 'pi_a2', invoice, tenant.orgId, cents - 10_000));
  current = await call(app.api, 'GET', `/v1/invoices/${invoice.id}`, { token: tenant.adminToken });
  t.is(current.body.paidAmount, invoice.amount);
  t.is(current.body.payments.length, 2);
});

test('20 identical deliveries at once have exactly one effect', async (t) => {
  const { app, tenant } = t.context;
  const invoice = await invoiceOf(app, tenant);
  const payload = paymentEvent('evt_race', 'pi_race', invoice, tenant.orgId, 5_000);
  const results = await Promise.all(Array.from({ length: 20 }, () => sendStripe(app, payload)));
  t.true(results.every((result) => result.status === 200));
  t.is(results.filter((result) => result.body.duplicate === true).length, 19);
  const current = await call(app.api, 'GET', `/v1/invoices/${invoice.id}`, { token: tenant.adminToken });
  t.is(current.body.paidAmount, 50);
  t.is(current.body.payments.length, 1);
});

test('rejections: bad signature 401, stale or future timestamps 400, unknown types 200, changes nothing', async (t) => {
  const { app, tenant } = t.context;
  const invoice = await invoiceOf(app, tenant);
  const forged = await sendStripe(app, paymentEvent('evt_f', 'pi_f', invoice, tenant.orgId, 100), { secret: 'whsec_wrong' });
  t.is(forged.status, 401);
  t.is(forged.body.error, 'invalid_signature');
  const unsigned = await call(app.api, 'POST', '/webhooks/payment-processor', {
    rawBody: paymentEvent('evt_u', 'pi_u', invoice, tenant.orgId, 100),
    headers: { 'content-type': 'application/json' },
  });
  t.is(unsigned.status, 401);
  const stale = await sendStripe(app, paymentEvent('evt_s', 'pi_s', invoice, tenant.orgId, 100), { timestamp: Math.floor(Date.now() / 1000) - 301 });
  t.is(stale.status, 400);
  t.is(stale.body.error, 'stale_event');
  const future = await sendStripe(app, paymentEvent('evt_future', 'pi_future', invoice, tenant.orgId, 100), { timestamp: Math.floor(Date.now() / 1000) + 400 });
  t.is(future.body.error, 'stale_event');
  const unknown = await sendStripe(app, paymentEvent('evt_x', 'pi_x', invoice, tenant.orgId, 100, 'customer.created'));
  t.is(unknown.status, 200);
  const current = await call(app.api, 'GET', `/v1/invoices/${invoice.id}`, { token: tenant.adminToken });
  t.is(current.body.paidAmount, 0);
  // A stale event was not recorded: sent again fresh, it is processed.
  const fresh = await sendStripe(app, paymentEvent('evt_s', 'pi_s', invoice, tenant.orgId, 100));
  t.is(fresh.status, 200);
  t.is((await call(app.api, 'GET', `/v1/invoices/${invoice.id}`, { token: tenant.adminToken })).body.paidAmount, 1);
});

const sendEmail = (app: TestApp, id: string, payload: object, timestamp = Math.floor(Date.now() / 1000)) => {
  const body = JSON.stringify(payload);
  const key = Buffer.from(EMAIL_WEBHOOK_SECRET.slice(6), 'base64');
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return call(app.api, 'POST', '/webhooks/email-provider', {
    rawBody: body,
    headers: { 'content-type': 'application/json', 'wh-id': id, 'wh-timestamp': String(timestamp), 'wh-signature': `v1,${signature}` },
  });
};

test('e-mail events are queued once per message id', async (t) => {
  const { app } = t.context;
  const event = { type: 'email.delivered', created_at: new Date().toISOString(), data: { email_id: 'em_1', to: ['a@b.example'] } };
  const first = await sendEmail(app, 'msg_email_1', event);
  t.is(first.status, 200);
  const again = await sendEmail(app, 'msg_email_1', event);
  t.deepEqual(again.body, { deduplicated: true });
  const queued = await app.app.store
    .collection<{ _id: string; type: string; messageId: string; data: unknown }>('email_events')
    .findOne({ _id: 'msg_email_1' });
  t.like(queued, { type: 'email.delivered', messageId: 'msg_email_1', data: { email_id: 'em_1', to: ['a@b.example'] } });
  const bad = await call(app.api, 'POST', '/webhooks/email-provider', {
    rawBody: JSON.stringify(event),
    headers: { 'content-type': 'application/json', 'wh-id': 'msg_2', 'wh-timestamp': String(Math.floor(Date.now() / 1000)), 'wh-signature': 'v1,AAAA' },
  });
  t.is(bad.status, 401);
});

test('e-mail events signed by the svix and standardwebhooks libraries are accepted in every header family', async (t) => {
  const { app } = t.context;
  const now = new Date();
  const deliver = (family: string, id: string, body: string, signature: string) =>
    call(app.api, 'POST', '/webhooks/email-provider', {
      rawBody: body,
      headers: {
        'content-type': 'application/json',
        [`${family}-id`]: id,
        [`${family}-timestamp`]: String(Math.floor(now.getTime() / 1000)),
        [`${family}-signature`]: signature,
      },
    });
  const body = (id: string) => JSON.stringify({ type: 'email.bounced', created_at: now.toISOString(), data: { email_id: id } });
  const svix = new SvixWebhook(EMAIL_WEBHOOK_SECRET);
  const standard = new StandardWebhook(EMAIL_WEBHOOK_SECRET);
  t.is((await deliver('svix', 'msg_svix', body('msg_svix'), svix.sign('msg_svix', now, body('msg_svix')))).status, 200, 'as Svix-based providers send it');
  t.is((await deliver('webhook', 'msg_std', body('msg_std'), standard.sign('msg_std', now, body('msg_std')))).status, 200, 'Standard Webhooks');
  t.is((await deliver('wh', 'msg_wh', body('msg_wh'), standard.sign('msg_wh', now, body('msg_wh')))).status, 200);
  const signed = svix.sign('msg_swapped', now, body('msg_swapped'));
  t.is((await deliver('svix', 'msg_swapped', body('msg_other'), signed)).status, 401, 'a body other than the one signed');
  const queued = await app.app.store.collection('email_events').find({ _id: { $in: ['msg_svix', 'msg_std', 'msg_wh'] } });
  t.is(queued.length, 3);
});

test('payment events reach subscribers through the outbox', async (t) => {
  const { app } = t.context;
  const tenant = await createTenant(app);
  const { startReceiver } = await import('../../support/receiver.ts');
  const receiver = await startReceiver();
  try {
    await call(app.api, 'POST', '/v1/webhooks', { token: tenant.adminToken, body: { url: receiver.url, events: ['payment.received', 'invoice.paid'] } });
    const invoice = await invoiceOf(app, tenant, 'PIF');
    await sendStripe(app, paymentEvent('evt_o1', 'pi_o1', invoice, tenant.orgId, Math.round(invoice.amount * 100)));
    const received = await receiver.waitFor(2);
    t.deepEqual(received.map((r) => r.headers['x-service-event']).sort(), ['invoice.paid', 'payment.received']);
  } finally {
    await receiver.close();
  }
});

test('manual payments: idempotent by reference, overpayment refused, paid when covered; a premium installment is not voided', async (t) => {
  const { app, tenant } = t.context;
  const invoice = await invoiceOf(app, tenant);
  const path = `/v1/invoices/${invoice.id}`;
  const first = await call(app.api, 'POST', `${path}/pay`, { token: tenant.adminToken, body: { amount: 100.25, method: 'check', reference: 'CHK-1001' } });
  t.is(first.status, 201);
  t.like(first.body, { amount: 100.25, method: 'check', reference: 'CHK-1001' });
  const again = await call(app.api, 'POST', `${path}/pay`, { token: tenant.adminToken, body: { amount: 100.25, method: 'check', reference: 'CHK-1001' } });
  t.is(again.body.id, first.body.id);
  const over = await call(app.api, 'POST', `${path}/pay`, { token: tenant.adminToken, body: { amount: invoice.amount, method: 'wire', reference: 'W-1' } });
  t.is(over.status, 422);
  t.is(over.body.error, 'overpayment');
  t.is((await call(app.api, 'POST', `${path}/void`, { token: tenant.adminToken })).status, 422);
  const rest = Math.round(invoice.amount * 100 - 10_025) / 100;
  const racing = await Promise.all(
    ['W-2', 'W-3', 'W-4'].map((reference) =>
      call(app.api, 'POST', `${path}/pay`, { token: tenant.adminToken, body: { amount: rest, method: 'wire', reference } }),
    ),
  );
  t.is(racing.filter((r) => r.status === 201).length, 1);
  const paid = await call(app.api, 'GET', path, { token: tenant.adminToken });
  t.like(paid.body, { status: 'paid', paidAmount: invoice.amount });
  t.is(paid.body.payments.length, 2);
  const closed = await call(app.api, 'POST', `${path}/pay`, { token: tenant.adminToken, body: { amount: 1, method: 'wire', reference: 'W-5' } });
  t.is(closed.body.error, 'invalid_transition');

  const second = (await call(app.api, 'GET', `/v1/invoices?policyId=${invoice.policyId}`, { token: tenant.adminToken })).body.data.find(
    (i: { invoiceNumber: string }) => i.invoiceNumber.endsWith('-02'),
  );
  const voided = await call(app.api, 'POST', `/v1/invoices/${second.id}/void`, { token: tenant.adminToken });
  t.like(voided, { status: 422, body: { error: 'premium_installment' } }, 'a premium installment changes through the policy or a write-off');
  t.like((await call(app.api, 'GET', `/v1/invoices/${second.id}`, { token: tenant.adminToken })).body, { status: 'open' });
});

const paidByCard = async (t: { context: { app: TestApp; tenant: Tenant } }, intentId: string) => {
  const { app, tenant } = t.context;
  const invoice = await invoiceOf(app, tenant, 'PIF');
  const amount = Math.round(invoice.amount * 100);
  await sendStripe(app, paymentEvent(`evt_${intentId}`, intentId, invoice, tenant.orgId, amount));
  const paid: PaidCharge = { chargeId: `ch_${intentId}`, intentId, amount, metadata: { invoiceId: invoice.id, orgId: tenant.orgId } };
  const read = async () => (await call(app.api, 'GET', `/v1/invoices/${invoice.id}`, { token: tenant.adminToken })).body;
  const refundsOf = async (): Promise<number[]> =>
    (await read()).payments.filter((p: { amount: number }) => p.amount < 0).map((p: { amount: number }) => p.amount);
  return { invoice, paid, read, refundsOf };
};

test('charge.refunded as current API versions send it: the cumulative amount_refunded, each cent once whatever the order', async (t) => {
  const { app, tenant } = t.context;
  const { paid, read, refundsOf } = await paidByCard(t, 'pi_cum1');
  t.is((await read()).status, 'paid');

  const first = await sendStripe(app, stripeEvent('charge.refunded', refundedCharge(paid, 50_00), { amount_refunded: 0 }));
  t.is(first.status, 200);
  t.is(first.body.refunds.length, 1);
  t.like(await read(), { status: 'open', paidAmount: (paid.amount - 50_00) / 100 });
  t.deepEqual(await refundsOf(), [-50]);

  // The same report re-sent under a new event id, and an older one arriving late: nothing more.
  t.deepEqual((await sendStripe(app, stripeEvent('charge.refunded', refundedCharge(paid, 50_00)))).body.refunds, []);
  const second = await sendStripe(app, stripeEvent('charge.refunded', refundedCharge(paid, 1_550_00), { amount_refunded: 50_00 }));
  t.is(second.body.manualReview.length, 1, 'the $1,500 step goes to review');
  t.deepEqual((await sendStripe(app, stripeEvent('charge.refunded', refundedCharge(paid, 50_00)))).body.refunds, []);
  t.deepEqual(await refundsOf(), [-50, -1500]);
  const review = await app.app.store.collection('manual_reviews').findOne({ orgId: tenant.orgId, kind: 'refund', reference: second.body.manualReview[0] });
  t.like(review, { amount: 1_500_00, status: 'open' }, 'in cents, as every stored amount');

  // Refund objects for the same two refunds (subscribed as well) add nothing; one more from the dashboard does.
  for (const [id, amount] of [
    ['re_cum1a', 50_00],
    ['re_cum1b', 1_500_00],
  ] as const) {
    t.deepEqual((await sendStripe(app, stripeEvent('refund.created', refundObject(paid, id, amount)))).body.refunds, []);
  }
  const dashboard = await sendStripe(app, stripeEvent('refund.created', refundObject(paid, 're_cum1c', 100_00)));
  t.is(dashboard.body.refunds.length, 1);
  t.deepEqual((await sendStripe(app, stripeEvent('charge.refunded', refundedCharge(paid, 1_650_00)))).body.refunds, []);
  t.deepEqual((await sendStripe(app, stripeEvent('refund.updated', refundObject(paid, 're_cum1c', 100_00)))).body.refunds, []);
  t.deepEqual(await refundsOf(), [-50, -1500, -100]);
  t.is((await read()).paidAmount, (paid.amount - 1_650_00) / 100);
});

test('refund events: reports racing each other count each cent once; a refund of a payment not yet recorded is delivered again', async (t) => {
  const { app, tenant } = t.context;
  const { paid, read, refundsOf } = await paidByCard(t, 'pi_race1');
  // Refund objects and cumulative reports of two refunds, all at once.
  const bodies = [
    stripeEvent('refund.created', refundObject(paid, 're_race1a', 30_00)),
    stripeEvent('charge.refunded', refundedCharge(paid, 30_00)),
    stripeEvent('refund.created', refundObject(paid, 're_race1b', 20_00)),
    stripeEvent('charge.refunded', refundedCharge(paid, 50_00)),
    stripeEvent('refund.updated', refundObject(paid, 're_race1a', 30_00)),
  ];
  const answers = await Promise.all(bodies.map((body) => sendStripe(app, body)));
  t.true(
    answers.every((answer) => answer.status === 200),
    JSON.stringify(answers.map((a) => a.body)),
  );
  t.is(
    (await refundsOf()).reduce((sum, amount) => sum + amount, 0),
    -50,
  );
  t.is((await read()).paidAmount, (paid.amount - 50_00) / 100);

  // A refund whose payment event has not been processed yet: ours (metadata) is refused for a later retry, a stranger's ignored.
  const invoice = await invoiceOf(app, tenant, 'PIF');
  const early: PaidCharge = { chargeId: 'ch_early1', intentId: 'pi_early1', amount: 10_00, metadata: { invoiceId: invoice.id, orgId: tenant.orgId } };
  const refused = await sendStripe(app, stripeEvent('refund.created', refundObject(early, 're_early1', 10_00, 'succeeded', early.metadata)));
  t.is(refused.status, 409);
  const stranger = await sendStripe(app, stripeEvent('refund.created', refundObject({ ...early, intentId: 'pi_elsewhere' }, 're_elsewhere', 10_00)));
  t.like(stranger.body, { received: true, ignored: 'unknown payment' });

  // A counted refund that fails later is put in front of a person, not silently reversed.
  const failed = await sendStripe(app, stripeEvent('refund.failed', refundObject(paid, 're_race1b', 20_00, 'failed')));
  t.deepEqual(failed.body.manualReview, ['re_race1b']);
  t.is((await read()).paidAmount, (paid.amount - 50_00) / 100);
});
