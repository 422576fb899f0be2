import anyTest, { type TestFn } from 'ava';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import Stripe from 'stripe';
import { startFakeStripe } from '../../support/fake-stripe.ts';
import { startReceiver } from '../../support/receiver.ts';
import { call, createProducer, createTenant, signedInUser, startTestApp, type TestApp, type Tenant } from '../../support/test-app.ts';
import { boundPolicy } from '../../support/mothers.ts';

const STRIPE_SECRET_KEY = 'sk_test_fake_0123456789';
const STRIPE_WEBHOOK_SECRET = 'whsec_card_payments_test_0123456789';
const stripe = new Stripe('sk_test_unused');

type Fake = Awaited<ReturnType<typeof startFakeStripe>>;
const test = anyTest as TestFn<{ app: TestApp; tenant: Tenant; fake: Fake; producerId: string }>;

test.before(async (t) => {
  const fake = await startFakeStripe(STRIPE_SECRET_KEY);
  const app = await startTestApp({ env: { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_BASE: fake.base } });
  const tenant = await createTenant(app);
  t.context = { app, tenant, fake, producerId: await createProducer(app, tenant) };
});
test.after.always(async (t) => {
  await t.context.app.close();
  await t.context.fake.close();
});

let sequence = 0;
const nextEventId = () => `evt_card_${(sequence += 1)}`;

const bindPolicy = async (app: TestApp, tenant: Tenant, options: { producerId?: string; plan?: string; line?: string } = {}) => {
  const bound = await boundPolicy(app, tenant, { ...options, submission: options.line ? { lineOfBusiness: options.line } : {} });
  return { policy: bound.policy, invoice: bound.invoice };
};

export const sendEvent = (app: TestApp, type: string, object: unknown, eventId = nextEventId()) => {
  const payload = JSON.stringify({ id: eventId, object: 'event', type, data: { object } });
  return call(app.api, 'POST', '/webhooks/payment-processor', {
    rawBody: payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_WEBHOOK_SECRET }) },
  });
};

test.serial('a card payment end to end: intent at the processor, signed success event, receipt, commission, balanced ledger posting', async (t) => {
  const { app, tenant, fake, producerId } = t.context;
  const { policy, invoice } = await bindPolicy(app, tenant, { producerId });
  const intent = await call(app.api, 'POST', `/v1/invoices/${invoice.id}/payment-intent`, { token: tenant.adminToken, body: { attemptId: 'checkout-1' } });
  t.is(intent.status, 201);
  t.like(intent.body, { invoiceId: invoice.id, amount: invoice.amount, currency: 'usd', status: 'requires_payment_method' });
  t.regex(intent.body.clientSecret, /_secret_/);
  const created = fake.requests.find((request) => request.path === '/v1/payment_intents');
  t.like(created, { authorization: `Bearer ${STRIPE_SECRET_KEY}`, idempotencyKey: `intent-${invoice.id}-checkout-1` });
  t.like(created?.params, { amount: String(Math.round(invoice.amount * 100)), currency: 'usd', metadata: { invoiceId: invoice.id, orgId: tenant.orgId } });

  const again = await call(app.api, 'POST', `/v1/invoices/${invoice.id}/payment-intent`, { token: tenant.adminToken, body: { attemptId: 'checkout-1' } });
  t.is(again.body.id, intent.body.id, 'a retry of the same attempt gives the same intent');

  const paid = await sendEvent(app, 'payment_intent.succeeded', fake.pay(intent.body.id));
  t.is(paid.status, 200);
  t.truthy(paid.body.receiptDocumentId);
  t.truthy(paid.body.commissionId);

  const detail = await call(app.api, 'GET', `/v1/invoices/${invoice.id}`, { token: tenant.adminToken });
  t.like(detail.body, { status: 'paid', paidAmount: invoice.amount });
  t.like(detail.body.payments[0], { amount: invoice.amount, method: 'card', source: 'processor', reference: intent.body.id });

  const receiptName = `RCPT-${invoice.invoiceNumber}-${Date.parse(detail.body.payments[0].receivedAt)}.html`;
  const receipt = await readFile(join(app.config.dataDir, 'files', 'docs', tenant.orgId, 'receipts', receiptName), 'utf8');
  t.true(receipt.includes(invoice.invoiceNumber));
  t.true(receipt.includes(policy.policyNumber));

  const commissions = await call(app.api, 'GET', `/v1/commissions?policyId=${policy.id}`, { token: tenant.adminToken });
  t.is(commissions.body.data.length, 1);
  const commission = commissions.body.data[0];
  t.like(commission, {
    producerId,
    invoiceId: invoice.id,
    lineOfBusiness: 'GL',
    tier: 'standard',
    rates: { agentRateBps: 1000, mgaRateBps: 500 },
    grossPremium: invoice.amount,
  });
  const asCents = (dollars: number) => Math.round(dollars * 100);
  t.is(asCents(commission.agentCommission) + asCents(commission.mgaCommission) + asCents(commission.carrierNet), asCents(invoice.amount));
  t.is(asCents(commission.agentCommission), Math.round(asCents(invoice.amount) * 0.1));

  const ledger = await call(app.api, 'GET', `/v1/ledger/entries?invoiceId=${invoice.id}`, { token: tenant.adminToken });
  t.is(ledger.body.data.length, 1);
  const entry = ledger.body.data[0];
  const debits = entry.lines.reduce((sum: number, line: { debit: number }) => sum + asCents(line.debit), 0);
  const credits = entry.lines.reduce((sum: number, line: { credit: number }) => sum + asCents(line.credit), 0);
  t.is(debits, credits);
  t.deepEqual(entry.fiduciarySplit, {
    heldForCarrier: commission.carrierNet,
    heldForProducer: commission.agentCommission,
    heldForState: 0,
    heldForInsured: 0,
    earnedByMga: commission.mgaCommission,
  });

  // A refund through the processor: a negative payment, the invoice open again, over $1,000 flagged.
  const refund = await call(app.api, 'POST', `/v1/invoices/${invoice.id}/refund`, { token: tenant.adminToken, body: { amount: 1500, reference: 'rf-1' } });
  t.is(refund.status, 201);
  t.like(refund.body.payment, { amount: -1500, source: 'processor', refundOf: detail.body.payments[0].id });
  t.like(refund.body.invoice, { status: 'open', paidAmount: invoice.amount - 1500 });
  const refundRequest = fake.requests.filter((request) => request.path === '/v1/refunds');
  t.is(refundRequest.length, 1);
  t.like(refundRequest[0]?.params, { payment_intent: intent.body.id, amount: '150000' });
  const repeated = await call(app.api, 'POST', `/v1/invoices/${invoice.id}/refund`, { token: tenant.adminToken, body: { amount: 1500, reference: 'rf-1' } });
  t.is(repeated.body.payment.id, refund.body.payment.id);
  t.is(fake.requests.filter((request) => request.path === '/v1/refunds').length, 1, 'a repeated reference does not refund twice');
  const reviews = await app.app.store.collection('manual_reviews').find({ orgId: tenant.orgId, reference: refund.body.payment.reference });
  t.is(reviews.length, 1);

  // The processor's own charge.refunded for that refund changes nothing more.
  const echoed = await sendEvent(app, 'charge.refunded', fake.refundedCharge(intent.body.id));
  t.is(echoed.status, 200);
  for (const made of fake.refundsOf(intent.body.id)) t.is((await sendEvent(app, 'refund.created', made)).status, 200);
  const after = await call(app.api, 'GET', `/v1/invoices/${invoice.id}`, { token: tenant.adminToken });
  t.is(after.body.paidAmount, invoice.amount - 1500);
  t.is(after.body.payments.length, 2);

  // The refund takes back commission in proportion, once, with a posting that runs the collection backwards.
  const changes = (await call(app.api, 'GET', `/v1/commissions?policyId=${policy.id}`, { token: tenant.adminToken })).body.data;
  t.is(changes.length, 2);
  t.like(changes[0], { invoiceId: invoice.id, grossPremium: -1500, agentCommission: -150, mgaCommission: -75, carrierNet: -1275 });
  const kept = changes.reduce((sum: number, change: { agentCommission: number }) => sum + asCents(change.agentCommission), 0);
  t.is(kept, asCents(commission.agentCommission) - 150_00);
  const postings = (await call(app.api, 'GET', `/v1/ledger/entries?invoiceId=${invoice.id}`, { token: tenant.adminToken })).body.data;
  t.is(postings.length, 2);
  for (const posting of postings) {
    t.is(
      posting.lines.reduce((sum: number, line: { debit: number }) => sum + asCents(line.debit), 0),
      posting.lines.reduce((sum: number, line: { credit: number }) => sum + asCents(line.credit), 0),
    );
  }
  t.deepEqual(postings[0].fiduciarySplit, { heldForCarrier: -1275, heldForProducer: -150, heldForState: 0, heldForInsured: 0, earnedByMga: -75 });

  // The success re-sent later under a new event id: no second payment, and the receipt stays as first stored.
  t.is((await sendEvent(app, 'payment_intent.succeeded', fake.intent(intent.body.id))).status, 200);
  t.is((await call(app.api, 'GET', `/v1/invoices/${invoice.id}`, { token: tenant.adminToken })).body.paidAmount, invoice.amount - 1500);
  t.is(await readFile(join(app.config.dataDir, 'files', 'docs', tenant.orgId, 'receipts', receiptName), 'utf8'), receipt);

  const audit = await call(app.api, 'GET', '/v1/audit-events?limit=200', { token: tenant.adminToken });
  const actions = audit.body.data
    .filter((event: { targetId: string; action: string }) => event.targetId === invoice.id && event.action !== 'request')
    .map((event: { action: string }) => event.action);
  // The repeated checkout reached the same intent: one intent created (each request has its own `request` entry).
  t.deepEqual(actions.sort(), ['invoice.payment_intent_created', 'invoice.refunded']);
});

test.serial('money the processor took beyond the invoice is recorded and flagged, never dropped', async (t) => {
  const { app, tenant, fake } = t.context;
  const { invoice } = await bindPolicy(app, tenant, { plan: 'TWO_PAY' });
  const first = await call(app.api, 'POST', `/v1/invoices/${invoice.id}/payment-intent`, { token: tenant.adminToken, body: { amount: invoice.amount } });
  await call(app.api, 'POST', `/v1/invoices/${invoice.id}/pay`, { token: tenant.adminToken, body: { amount: 10, method: 'check', reference: 'chk-over' } });
  const paid = await sendEvent(app, 'payment_intent.succeeded', fake.pay(first.body.id));
  t.is(paid.status, 200);
  const detail = await call(app.api, 'GET', `/v1/invoices/${invoice.id}`, { token: tenant.adminToken });
  t.like(detail.body, { status: 'paid', paidAmount: invoice.amount + 10 });
  const reviews = await app.app.store.collection('manual_reviews').find({ orgId: tenant.orgId, invoiceId: invoice.id });
  t.like(reviews, [{ kind: 'overpayment', reference: first.body.id, amount: 10_00 }]);
});

test.serial('a declined card: financial alert and payment.failed once, retry confirms the same intent, then nothing left to retry', async (t) => {
  const { app, tenant, fake } = t.context;
  const receiver = await startReceiver();
  t.teardown(receiver.close);
  await call(app.api, 'POST', '/v1/webhooks', { token: tenant.adminToken, body: { url: receiver.url, events: ['payment.failed'] } });
  const { invoice } = await bindPolicy(app, tenant, { plan: 'QUARTERLY' });
  const intent = await call(app.api, 'POST', `/v1/invoices/${invoice.id}/payment-intent`, { token: tenant.adminToken, body: { amount: 100 } });
  t.is(intent.body.amount, 100);

  const noFailureYet = await call(app.api, 'POST', `/v1/invoices/${invoice.id}/retry`, { token: tenant.adminToken });
  t.is(noFailureYet.status, 422);
  t.is(noFailureYet.body.error, 'invalid_transition');

  const declined = fake.decline(intent.body.id);
  const failed = await sendEvent(app, 'payment_intent.payment_failed', declined);
  t.like(failed, { status: 200, body: { alerted: true } });
  await sendEvent(app, 'payment_intent.payment_failed', declined); // re-sent under a new event id
  const alerts = await app.app.store.collection('financial_alerts').find({ orgId: tenant.orgId, invoiceId: invoice.id });
  t.is(alerts.length, 1);
  t.like(alerts[0], { kind: 'payment_failed', reference: intent.body.id, message: 'Your card was declined.' });
  const deliveries = await receiver.waitFor(1);
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  t.is(deliveries.length, 1, 'payment.failed is published once');
  t.like(JSON.parse(deliveries[0]?.body ?? '{}'), { type: 'payment.failed', data: { invoiceId: invoice.id, reference: intent.body.id, amount: 100 } });

  // The alert reaches the organization's billing people through the mail outbox, once.
  const outbox = join(app.config.dataDir, 'outbox');
  const mailsAbout = async () => {
    const names = await readdir(outbox).catch(() => [] as string[]);
    const mails = await Promise.all(names.filter((name) => name.endsWith('.json')).map(async (name) => JSON.parse(await readFile(join(outbox, name), 'utf8'))));
    return mails.filter((mail) => mail.subject.includes(invoice.invoiceNumber));
  };
  for (let waited = 0; (await mailsAbout()).length === 0 && waited < 10_000; waited += 200) await new Promise((resolve) => setTimeout(resolve, 200));
  const mails = await mailsAbout();
  t.is(mails.length, 1);
  t.deepEqual(mails[0].to, [tenant.adminEmail]);
  t.true(mails[0].text.includes('Your card was declined.'));
  t.like(await app.app.store.collection('financial_alerts').findOne({ orgId: tenant.orgId, invoiceId: invoice.id }), { status: 'sent', recipients: 1 });

  fake.control.confirmOutcome = 'decline';
  const declinedAgain = await call(app.api, 'POST', `/v1/invoices/${invoice.id}/retry`, { token: tenant.adminToken });
  t.like(declinedAgain, { status: 200, body: { status: 'failed', retries: 1 } });
  fake.control.confirmOutcome = 'succeed';
  const retried = await call(app.api, 'POST', `/v1/invoices/${invoice.id}/retry`, { token: tenant.adminToken });
  t.like(retried, { status: 200, body: { id: intent.body.id, status: 'succeeded', retries: 2 } });
  const confirms = fake.requests.filter((request) => request.path === `/v1/payment_intents/${intent.body.id}/confirm`);
  t.deepEqual(
    confirms.map((request) => request.idempotencyKey),
    [`retry-${intent.body.id}-1`, `retry-${intent.body.id}-2`],
  );
  const nothingLeft = await call(app.api, 'POST', `/v1/invoices/${invoice.id}/retry`, { token: tenant.adminToken });
  t.is(nothingLeft.status, 422);
});

test.serial(
  'refused card operations change nothing: void, overpayment, too large a refund, processor down, unknown or foreign invoice, bad bodies',
  async (t) => {
    const { app, tenant, fake } = t.context;
    const { invoice } = await bindPolicy(app, tenant, { plan: 'TWO_PAY' });
    const forInvoice = () =>
      fake.requests.filter((request) => (request.params.metadata as { invoiceId?: string } | undefined)?.invoiceId === invoice.id).length;
    const over = await call(app.api, 'POST', `/v1/invoices/${invoice.id}/payment-intent`, { token: tenant.adminToken, body: { amount: invoice.amount + 1 } });
    t.like(over, { status: 422, body: { error: 'amount_exceeds_balance' } });
    for (const body of [{ amount: -5 }, { amount: 0 }, { amount: 1.005 }, { amount: 10, extra: true }]) {
      const bad = await call(app.api, 'POST', `/v1/invoices/${invoice.id}/payment-intent`, { token: tenant.adminToken, body });
      t.is(bad.status, 400, JSON.stringify(body));
    }
    t.is(forInvoice(), 0, 'nothing reached the processor');

    const noPayments = await call(app.api, 'POST', `/v1/invoices/${invoice.id}/refund`, { token: tenant.adminToken, body: { amount: 10 } });
    t.like(noPayments, { status: 422, body: { error: 'refund_exceeds_payments' } });
    await call(app.api, 'POST', `/v1/invoices/${invoice.id}/pay`, { token: tenant.adminToken, body: { amount: 50, method: 'check', reference: 'chk-9' } });
    const tooMuch = await call(app.api, 'POST', `/v1/invoices/${invoice.id}/refund`, { token: tenant.adminToken, body: { amount: 50.01 } });
    t.like(tooMuch, { status: 422, body: { error: 'refund_exceeds_payments', details: { refundable: 50 } } });
    const manualRefund = await call(app.api, 'POST', `/v1/invoices/${invoice.id}/refund`, { token: tenant.adminToken, body: { amount: 20 } });
    t.like(manualRefund, { status: 201, body: { payment: { amount: -20, method: 'check', source: 'manual' }, invoice: { paidAmount: 30 } } });
    t.is(forInvoice(), 0, 'a check is refunded without the processor');

    fake.control.failNext = 1;
    const down = await call(app.api, 'POST', `/v1/invoices/${invoice.id}/payment-intent`, { token: tenant.adminToken, body: {} });
    t.like(down, { status: 502, body: { error: 'payment_processor_error' } });
    t.is(await app.app.store.collection('payment_attempts').countDocuments({ invoiceId: invoice.id }), 0);

    const missing = await call(app.api, 'POST', '/v1/invoices/inv_missing/payment-intent', { token: tenant.adminToken, body: {} });
    t.is(missing.status, 404);
    const other = await createTenant(app);
    for (const action of ['payment-intent', 'refund', 'retry']) {
      const foreign = await call(app.api, 'POST', `/v1/invoices/${invoice.id}/${action}`, {
        token: other.adminToken,
        body: action === 'refund' ? { amount: 1 } : action === 'retry' ? undefined : {},
      });
      t.is(foreign.status, 404, action);
    }

    const writable = (await bindPolicy(app, tenant, { plan: 'TWO_PAY' })).invoice;
    const underwriter = await signedInUser(app, tenant, 'underwriter');
    const byUnderwriter = await call(app.api, 'POST', `/v1/invoices/${writable.id}/write-off`, { token: underwriter.token, body: { reason: 'uncollectible' } });
    t.is(byUnderwriter.status, 403, 'billing and organization administrators write off');
    const billing = await signedInUser(app, tenant, 'billing_admin');
    await call(app.api, 'POST', `/v1/invoices/${writable.id}/pay`, { token: tenant.adminToken, body: { amount: 10, method: 'check', reference: 'chk-part' } });
    const writtenOff = await call(app.api, 'POST', `/v1/invoices/${writable.id}/write-off`, { token: billing.token, body: { reason: 'uncollectible' } });
    t.like(writtenOff.body, { status: 'written_off' });
    const onWrittenOff = await call(app.api, 'POST', `/v1/invoices/${writable.id}/payment-intent`, { token: tenant.adminToken, body: {} });
    t.like(onWrittenOff, { status: 422, body: { error: 'invalid_transition' } });
    // A refund would reopen a balance nobody collects and that never falls due.
    const refund = await call(app.api, 'POST', `/v1/invoices/${writable.id}/refund`, { token: tenant.adminToken, body: { amount: 10 } });
    t.like(refund, { status: 422, body: { error: 'invalid_transition', details: { status: 'written_off' } } });
    t.like((await call(app.api, 'GET', `/v1/invoices/${writable.id}`, { token: tenant.adminToken })).body, { status: 'written_off', paidAmount: 10 });
  },
);

test.serial('without a processor key the local gateway answers with local intents and no money moves', async (t) => {
  const app = await startTestApp({ env: { STRIPE_WEBHOOK_SECRET } });
  t.teardown(app.close);
  const tenant = await createTenant(app);
  const { invoice } = await bindPolicy(app, tenant);
  const intent = await call(app.api, 'POST', `/v1/invoices/${invoice.id}/payment-intent`, { token: tenant.adminToken, body: { attemptId: 'a-1' } });
  t.like(intent, { status: 201, body: { status: 'requires_payment_method', amount: invoice.amount } });
  t.regex(intent.body.id, /^pi_local_/);
  const again = await call(app.api, 'POST', `/v1/invoices/${invoice.id}/payment-intent`, { token: tenant.adminToken, body: { attemptId: 'a-1' } });
  t.is(again.body.id, intent.body.id);
  const detail = await call(app.api, 'GET', `/v1/invoices/${invoice.id}`, { token: tenant.adminToken });
  t.like(detail.body, { status: 'open', paidAmount: 0, payments: [] });
  const declined = {
    id: intent.body.id,
    object: 'payment_intent',
    amount: Math.round(invoice.amount * 100),
    metadata: { invoiceId: invoice.id, orgId: tenant.orgId },
    last_payment_error: { message: 'Insufficient funds.', charge: 'ch_local_1' },
  };
  t.is((await sendEvent(app, 'payment_intent.payment_failed', declined)).status, 200);
  const retried = await call(app.api, 'POST', `/v1/invoices/${invoice.id}/retry`, { token: tenant.adminToken });
  t.like(retried, { status: 200, body: { id: intent.body.id, status: 'processing', retries: 1, failureMessage: 'Insufficient funds.' } });
});

test.serial('parallel refunds of one card payment give back at most what it paid, asking the processor once per accepted refund', async (t) => {
  const { app, tenant, fake } = t.context;
  const { invoice } = await bindPolicy(app, tenant);
  const intent = await call(app.api, 'POST', `/v1/invoices/${invoice.id}/payment-intent`, { token: tenant.adminToken, body: {} });
  t.is((await sendEvent(app, 'payment_intent.succeeded', fake.pay(intent.body.id))).status, 200);
  const refundsBefore = fake.requests.filter((request) => request.path === '/v1/refunds').length;

  const answers = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      call(app.api, 'POST', `/v1/invoices/${invoice.id}/refund`, { token: tenant.adminToken, body: { amount: invoice.amount, reference: `par-${i}` } }),
    ),
  );
  t.is(answers.filter((answer) => answer.status === 201).length, 1);
  t.true(answers.filter((answer) => answer.status !== 201).every((answer) => answer.status === 422 && answer.body.error === 'refund_exceeds_payments'));
  t.is(fake.requests.filter((request) => request.path === '/v1/refunds').length - refundsBefore, 1);
  const detail = await call(app.api, 'GET', `/v1/invoices/${invoice.id}`, { token: tenant.adminToken });
  t.is(detail.body.paidAmount, 0);

  // The same reference sent twice at once: one refund, the other waits for it or replays it.
  const { invoice: second } = await bindPolicy(app, tenant);
  const secondIntent = await call(app.api, 'POST', `/v1/invoices/${second.id}/payment-intent`, { token: tenant.adminToken, body: {} });
  await sendEvent(app, 'payment_intent.succeeded', fake.pay(secondIntent.body.id));
  const twins = await Promise.all(
    [0, 1].map(() => call(app.api, 'POST', `/v1/invoices/${second.id}/refund`, { token: tenant.adminToken, body: { amount: 10, reference: 'twin' } })),
  );
  t.true(twins.some((answer) => answer.status === 201));
  t.true(twins.every((answer) => answer.status === 201 || (answer.status === 409 && answer.body.error === 'conflict')));
  const replay = await call(app.api, 'POST', `/v1/invoices/${second.id}/refund`, { token: tenant.adminToken, body: { amount: 10, reference: 'twin' } });
  t.is(replay.status, 201);
  t.is((await call(app.api, 'GET', `/v1/invoices/${second.id}`, { token: tenant.adminToken })).body.paidAmount, second.amount - 10);
});

test.serial('a refused processor refund gives its hold back: the same amount can be refunded afterwards', async (t) => {
  const { app, tenant, fake } = t.context;
  const { invoice } = await bindPolicy(app, tenant);
  const intent = await call(app.api, 'POST', `/v1/invoices/${invoice.id}/payment-intent`, { token: tenant.adminToken, body: {} });
  await sendEvent(app, 'payment_intent.succeeded', fake.pay(intent.body.id));
  fake.control.failNext = 3;
  const failed = await call(app.api, 'POST', `/v1/invoices/${invoice.id}/refund`, {
    token: tenant.adminToken,
    body: { amount: invoice.amount, reference: 'down-1' },
  });
  fake.control.failNext = 0;
  t.is(failed.status, 502);
  const retried = await call(app.api, 'POST', `/v1/invoices/${invoice.id}/refund`, {
    token: tenant.adminToken,
    body: { amount: invoice.amount, reference: 'down-2' },
  });
  t.is(retried.status, 201);
});
