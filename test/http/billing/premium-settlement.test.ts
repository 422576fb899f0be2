import anyTest, { type TestFn } from 'ava';
import { boundPolicy } from '../../support/mothers.ts';
import { call, createTenant, startTestApp, type Tenant, type TestApp } from '../../support/test-app.ts';

// What settling premium does to the books is tested at the use cases (test/use-cases/billing/premium-settlement.test.ts);
// here, what only HTTP shows, and the card refund through the processor's double.

const test = anyTest as TestFn<{ app: TestApp; a: Tenant }>;

test.before(async (t) => {
  const app = await startTestApp();
  const a = await createTenant(app);
  t.context = { app, a };
});
test.after.always(async (t) => t.context.app.close());

/** GL, NAICS 541511, OH, revenue $3.65M, limit $1M, 2027: rated at $2,774 a year. */
const AUDIT_RISK = { annualRevenue: 3_650_000, requestedLimit: 1_000_000, effectiveDate: '2027-01-01' };
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

test('the policy account answers in dollars, 404 for another organization, 400 for an impossible date', async (t) => {
  const { app, a } = t.context;
  const { policy, invoice } = await boundPolicy(app, a, { plan: 'QUARTERLY', submission: { ...AUDIT_RISK, insuredName: 'Account Co' } });
  await pay(app, a, invoice.id, invoice.amount, 'chk-account-1');
  const account = await call(app.api, 'GET', `/v1/policies/${policy.id}/account?asOf=2027-05-15`, { token: a.adminToken });
  t.like(account, { status: 200, body: { asOf: '2027-05-15', charges: 2774, credits: 0, payments: invoice.amount, refunds: 0, unapplied: 0 } });
  const other = await createTenant(app);
  t.is((await call(app.api, 'GET', `/v1/policies/${policy.id}/account`, { token: other.adminToken })).status, 404);
  t.is((await call(app.api, 'GET', `/v1/policies/${policy.id}/account?asOf=2027-13-01`, { token: a.adminToken })).status, 400);
});
