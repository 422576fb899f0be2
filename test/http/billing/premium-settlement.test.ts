import anyTest, { type TestFn } from 'ava';
import { splitPremium } from '../../../core/billing/commission.ts';
import { cents } from '../../../core/shared/money.ts';
import { boundPolicy } from '../../support/mothers.ts';
import { call, createProducer, createTenant, startTestApp, type Tenant, type TestApp } from '../../support/test-app.ts';

const test = anyTest as TestFn<{ app: TestApp; a: Tenant; producerId: string }>;

test.before(async (t) => {
  const app = await startTestApp();
  const a = await createTenant(app);
  t.context = { app, a, producerId: await createProducer(app, a) };
});
test.after.always(async (t) => t.context.app.close());

/** GL, NAICS 541511, OH, revenue $3.65M, limit $1M, 2027: rated at $2,774 a year; commission 10 % / 5 %. */
const AUDIT_RISK = { annualRevenue: 3_650_000, requestedLimit: 1_000_000, effectiveDate: '2027-01-01' };
const RATES = { agentRateBps: 1000, mgaRateBps: 500 };
const asCents = (dollars: number) => Math.round(dollars * 100);

interface Books {
  /** Per account, debits less credits, in cents. */
  readonly balance: Record<string, number>;
  readonly cashHeld: number;
  readonly agentCommission: number;
  readonly postings: number;
}

/** The policy's books as an auditor reads them: every ledger line, every payment, every commission change. */
const booksOf = async (app: TestApp, tenant: Tenant, policyId: string): Promise<Books> => {
  const get = async (path: string) => (await call(app.api, 'GET', path, { token: tenant.adminToken })).body;
  const entries = (await get(`/v1/ledger/entries?policyId=${policyId}&limit=200`)).data;
  const balance: Record<string, number> = {};
  for (const entry of entries) {
    for (const line of entry.lines) balance[line.account] = (balance[line.account] ?? 0) + asCents(line.debit) - asCents(line.credit);
  }
  let cashHeld = 0;
  for (const invoice of (await get(`/v1/invoices?policyId=${policyId}&limit=100`)).data) {
    for (const payment of (await get(`/v1/invoices/${invoice.id}`)).payments) if (payment.method !== 'credit') cashHeld += asCents(payment.amount);
  }
  const changes = (await get(`/v1/commissions?policyId=${policyId}&limit=200`)).data;
  const agentCommission = changes.reduce((sum: number, change: { agentCommission: number }) => sum + asCents(change.agentCommission), 0);
  return { balance, cashHeld, agentCommission, postings: entries.length };
};

const pay = async (app: TestApp, tenant: Tenant, invoiceId: string, amount: number, reference: string) => {
  const paid = await call(app.api, 'POST', `/v1/invoices/${invoiceId}/pay`, { token: tenant.adminToken, body: { amount, method: 'check', reference } });
  if (paid.status !== 201 && paid.status !== 200) throw new Error(`pay ${paid.status} ${JSON.stringify(paid.body)}`);
};

const invoicesOf = async (app: TestApp, tenant: Tenant, policyId: string) =>
  (await call(app.api, 'GET', `/v1/invoices?policyId=${policyId}&limit=100`, { token: tenant.adminToken })).body.data.sort(
    (x: { invoiceNumber: string }, y: { invoiceNumber: string }) => x.invoiceNumber.localeCompare(y.invoiceNumber),
  );

const ledgerCash = (books: Books) => (books.balance.premiumTrustCash ?? 0) + (books.balance.operatingCash ?? 0);

test('a paid policy cancelled mid-term: commission comes back in proportion, the return premium is owed to the insured, then refunded', async (t) => {
  const { app, a, producerId } = t.context;
  const { policy } = await boundPolicy(app, a, { plan: 'QUARTERLY', producerId, submission: AUDIT_RISK });
  const [first, second] = await invoicesOf(app, a, policy.id);
  await pay(app, a, first.id, first.amount, 'chk-q1');
  await pay(app, a, second.id, second.amount, 'chk-q2');
  const paid = await booksOf(app, a, policy.id);
  t.is(paid.cashHeld, 1387_00);
  t.is(paid.agentCommission, splitPremium(cents(1387_00), RATES).agentCommission);

  const cancel = await call(app.api, 'POST', `/v1/policies/${policy.id}/cancel`, {
    token: a.adminToken,
    body: { effectiveDate: '2027-04-15', reason: 'underwriting' },
  });
  t.is(cancel.status, 200);
  const premium = (await call(app.api, 'GET', `/v1/policies/${policy.id}/premium?asOf=2027-12-31`, { token: a.adminToken })).body;
  const earned = asCents(premium.written);
  t.is(earned, Math.round((2774_00 * 104) / 365), 'pro rata: 104 of 365 days');
  const invoices = await invoicesOf(app, a, policy.id);
  t.deepEqual(
    invoices.map((invoice: { kind: string; status: string }) => `${invoice.kind}:${invoice.status}`),
    ['installment:paid', 'installment:paid', 'installment:void', 'installment:void', 'credit:open'],
    'installments falling due after the cancellation are void; the rest is a credit',
  );
  const credit = invoices[4];
  t.is(asCents(credit.amount), earned - 1387_00);

  const cancelled = await booksOf(app, a, policy.id);
  t.is(ledgerCash(cancelled), 1387_00, 'no cash moved yet');
  t.is(cancelled.balance.owedToInsureds, -(1387_00 - earned), 'the return premium is owed to the insured');
  t.is(cancelled.agentCommission, splitPremium(cents(earned), RATES).agentCommission, 'the producer keeps commission on the premium earned only');
  t.is(cancelled.balance.carrierPayable, -splitPremium(cents(earned), RATES).carrierNet);

  const settled = await call(app.api, 'POST', `/v1/invoices/${credit.id}/settle-credit`, {
    token: a.adminToken,
    body: { method: 'refund', payoutMethod: 'check', reference: 'payout-1' },
  });
  t.is(settled.status, 200);
  t.like(settled.body.invoice, { status: 'paid', paidAmount: credit.amount });
  t.like(settled.body.payments, [{ amount: credit.amount, method: 'check', source: 'manual' }]);
  const again = await call(app.api, 'POST', `/v1/invoices/${credit.id}/settle-credit`, {
    token: a.adminToken,
    body: { method: 'refund', reference: 'payout-1' },
  });
  t.is(again.status, 200, 'the same reference answers the first settlement');
  t.is(again.body.payments[0].id, settled.body.payments[0].id);
  const refunded = await booksOf(app, a, policy.id);
  t.is(refunded.cashHeld, earned);
  t.is(ledgerCash(refunded), earned, 'cash in the ledger is cash held');
  t.is(refunded.balance.owedToInsureds ?? 0, 0);
  t.is(refunded.agentCommission, splitPremium(cents(earned), RATES).agentCommission);
  const refused = await call(app.api, 'POST', `/v1/invoices/${credit.id}/settle-credit`, { token: a.adminToken, body: { method: 'refund' } });
  t.is(refused.status, 422, 'a settled credit has nothing left');
});

test('pay, refund, pay again: ledger cash equals cash held and commission follows the premium collected', async (t) => {
  const { app, a, producerId } = t.context;
  const { policy, invoice } = await boundPolicy(app, a, { plan: 'PIF', producerId, submission: AUDIT_RISK });
  await pay(app, a, invoice.id, 2774, 'chk-full');
  const refund = await call(app.api, 'POST', `/v1/invoices/${invoice.id}/refund`, { token: a.adminToken, body: { amount: 1000, reference: 'rf-1000' } });
  t.is(refund.status, 201);
  await pay(app, a, invoice.id, 1000, 'chk-again');
  const books = await booksOf(app, a, policy.id);
  t.is(books.cashHeld, 2774_00);
  t.is(ledgerCash(books), 2774_00);
  t.is(books.agentCommission, splitPremium(cents(2774_00), RATES).agentCommission);
  t.is(books.postings, 4, 'billed at the bind, then paid, refunded and paid again');
  t.is(books.balance.owedToInsureds ?? 0, 0);
  t.is(books.balance.premiumReceivable ?? 0, 0, 'nothing is receivable once paid');
});

test('a credit from a premium-lowering endorsement goes at once to the open installments of its policy, earliest due first; no cash moves', async (t) => {
  const { app, a, producerId } = t.context;
  const { policy } = await boundPolicy(app, a, { plan: 'QUARTERLY', producerId, submission: AUDIT_RISK });
  const [first] = await invoicesOf(app, a, policy.id);
  await pay(app, a, first.id, first.amount, 'chk-lower-q1');
  const endorse = await call(app.api, 'POST', `/v1/policies/${policy.id}/endorse`, {
    token: a.adminToken,
    body: { effectiveDate: '2027-02-01', changes: { annualRevenue: 1_000_000 } },
  });
  t.is(endorse.status, 201);
  t.true(endorse.body.premiumDelta < 0);
  const credit = (await invoicesOf(app, a, policy.id)).find((invoice: { kind: string }) => invoice.kind === 'credit');
  t.is(asCents(credit.amount), asCents(endorse.body.premiumDelta));
  t.like(credit, { status: 'paid', paidAmount: credit.amount }, 'applied in full: nothing is owed back while charges are open');
  const again = await call(app.api, 'POST', `/v1/invoices/${credit.id}/settle-credit`, { token: a.adminToken, body: { method: 'apply' } });
  t.like(again, { status: 422, body: { error: 'invalid_transition' } });
  const [, second, third, fourth] = await invoicesOf(app, a, policy.id);
  t.deepEqual(
    [second, third].map((installment: { status: string }) => installment.status),
    ['paid', 'paid'],
    'the installments due next received the credit, earliest first',
  );
  t.is(fourth.status, 'open');
  t.is(asCents(second.paidAmount + third.paidAmount + fourth.paidAmount), -asCents(credit.amount));
  const detail = (await call(app.api, 'GET', `/v1/invoices/${second.id}`, { token: a.adminToken })).body;
  t.like(detail.payments, [{ method: 'credit', amount: second.amount }]);
  const after = await booksOf(app, a, policy.id);
  t.is(after.cashHeld, asCents(first.amount), 'moving a credit between invoices moves no cash');
  t.is(ledgerCash(after), first.amount * 100);
});

test('a credit refunded to a card payer goes back through the processor from the card payment', async (t) => {
  const { app, a } = t.context;
  const { policy, invoice } = await boundPolicy(app, a, { plan: 'PIF', submission: AUDIT_RISK });
  const intent = await call(app.api, 'POST', `/v1/invoices/${invoice.id}/payment-intent`, { token: a.adminToken, body: { confirm: true } });
  t.is(intent.status, 201);
  await call(app.api, 'POST', `/v1/policies/${policy.id}/cancel`, { token: a.adminToken, body: { effectiveDate: '2027-07-02', reason: 'non_payment' } });
  const credit = (await invoicesOf(app, a, policy.id)).find((entry: { kind: string }) => entry.kind === 'credit');
  const card = (await call(app.api, 'GET', `/v1/invoices/${invoice.id}`, { token: a.adminToken })).body.payments[0];
  const settled = await call(app.api, 'POST', `/v1/invoices/${credit.id}/settle-credit`, { token: a.adminToken, body: { method: 'refund' } });
  t.is(settled.status, 200);
  t.like(settled.body.payments, [{ amount: credit.amount, method: 'card', source: 'processor', refundOf: card.id }]);
  const books = await booksOf(app, a, policy.id);
  t.is(ledgerCash(books), books.cashHeld);
  t.is(books.cashHeld, asCents(invoice.amount + credit.amount));
  const paidInvoice = (await call(app.api, 'GET', `/v1/invoices/${invoice.id}`, { token: a.adminToken })).body;
  t.is(paidInvoice.status, 'paid', 'the card payment’s own invoice stays paid: the credit was refunded, not the premium');
});

test('settling what is not a credit, or another organization’s credit, is refused', async (t) => {
  const { app, a } = t.context;
  const { invoice } = await boundPolicy(app, a, { plan: 'PIF', submission: AUDIT_RISK });
  const notCredit = await call(app.api, 'POST', `/v1/invoices/${invoice.id}/settle-credit`, { token: a.adminToken, body: { method: 'apply' } });
  t.is(notCredit.status, 422);
  t.is(notCredit.body.error, 'invalid_transition');
  const other = await createTenant(app);
  const foreign = await call(app.api, 'POST', `/v1/invoices/${invoice.id}/settle-credit`, { token: other.adminToken, body: { method: 'refund' } });
  t.is(foreign.status, 404);
  const bad = await call(app.api, 'POST', `/v1/invoices/${invoice.id}/settle-credit`, { token: a.adminToken, body: { method: 'keep' } });
  t.is(bad.status, 400);
});

test('refunding a credit on an unpaid policy pays out nothing: it is applied to what the policy owes', async (t) => {
  const { app, a } = t.context;
  const { policy } = await boundPolicy(app, a, { plan: 'PIF', submission: { ...AUDIT_RISK, insuredName: 'Unpaid Co' } });
  const endorse = await call(app.api, 'POST', `/v1/policies/${policy.id}/endorse`, {
    token: a.adminToken,
    body: { effectiveDate: '2027-02-01', changes: { annualRevenue: 1_000_000 } },
  });
  t.is(endorse.status, 201);
  const [installment] = await invoicesOf(app, a, policy.id);
  const credit = (await invoicesOf(app, a, policy.id)).find((invoice: { kind: string }) => invoice.kind === 'credit');
  // Nothing was paid: the whole credit went to the open installment; there is nothing to pay out.
  t.like(credit, { status: 'paid', paidAmount: credit.amount });
  const refunded = await call(app.api, 'POST', `/v1/invoices/${credit.id}/settle-credit`, { token: a.adminToken, body: { method: 'refund' } });
  t.like(refunded, { status: 422, body: { error: 'invalid_transition' } });
  const books = await booksOf(app, a, policy.id);
  t.is(books.cashHeld, 0, 'no cash went out');
  const after = (await call(app.api, 'GET', `/v1/invoices/${installment.id}`, { token: a.adminToken })).body;
  t.is(asCents(after.amount - after.paidAmount), asCents(installment.amount + credit.amount), 'the installment owes the net');
});

test('the policy account: one balance of charges, credits, payments and refunds, aged by due date, as of any date', async (t) => {
  const { app, a } = t.context;
  const { policy } = await boundPolicy(app, a, { plan: 'QUARTERLY', submission: { ...AUDIT_RISK, insuredName: 'Account Co' } });
  const [first, second] = await invoicesOf(app, a, policy.id);
  await pay(app, a, first.id, first.amount, 'chk-account-1');
  const account = async (query = '') => (await call(app.api, 'GET', `/v1/policies/${policy.id}/account${query}`, { token: a.adminToken })).body;
  const opened = await account('?asOf=2027-05-15');
  t.like(opened, { charges: policy.grossPremium, credits: 0, payments: first.amount, refunds: 0, unapplied: 0 });
  t.is(asCents(opened.balance), asCents(policy.grossPremium - first.amount));
  t.is(asCents(opened.aging.days31to60), asCents(second.amount), 'the April installment is 44 days past due on May 15');
  const endorse = await call(app.api, 'POST', `/v1/policies/${policy.id}/endorse`, {
    token: a.adminToken,
    body: { effectiveDate: '2027-02-01', changes: { annualRevenue: 1_000_000 } },
  });
  const lowered = await account();
  t.is(asCents(lowered.credits), -asCents(endorse.body.premiumDelta));
  t.is(asCents(lowered.balance), asCents(policy.grossPremium + endorse.body.premiumDelta - first.amount), 'the credit reduces what is owed');
  t.is(
    asCents(lowered.aging.current + lowered.aging.days1to30 + lowered.aging.days31to60 + lowered.aging.days61to90 + lowered.aging.over90),
    asCents(lowered.balance),
    'what is aged is what is owed',
  );
  const other = await createTenant(app);
  t.is((await call(app.api, 'GET', `/v1/policies/${policy.id}/account`, { token: other.adminToken })).status, 404);
  t.is((await call(app.api, 'GET', `/v1/policies/${policy.id}/account?asOf=2027-13-01`, { token: a.adminToken })).status, 400);
});
