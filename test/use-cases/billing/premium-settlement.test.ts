import test from 'ava';
import { BILLING } from '../../../bootstrap/billing.tokens.ts';
import { POLICY } from '../../../bootstrap/policy.tokens.ts';
import { splitPremium } from '../../../core/billing/commission.ts';
import { cashHeld } from '../../../core/billing/credit.ts';
import type { InstallmentPlan } from '../../../core/billing/installment-plan.ts';
import type { Invoice } from '../../../core/billing/invoice.ts';
import { cents } from '../../../core/shared/money.ts';
import { policyPayments } from '../../../ports/billing/invoice.repository.ts';
import { anyPolicyLookup, type BilledPolicy } from '../../../ports/billing/premium-books.use-case.ts';
import { rejectionCodeOf } from '../../support/error-codes.ts';
import { aRisk } from '../../support/mothers.ts';
import { aBoundPolicy, MACHINE, useCaseWorld, type UseCaseWorld, aRegisteredProducer } from '../../support/use-cases.ts';

const ORG = 'org_settle';
/** GL, NAICS 541511, OH, revenue $3.65M, limit $1M, 2027: rated at $2,774 a year; commission 10 % / 5 %. */
const AUDIT_RISK = aRisk({ annualRevenue: cents(365_000_000), requestedLimit: cents(100_000_000), effectiveDate: '2027-01-01' });
const RATES = { agentRateBps: 1000, mgaRateBps: 500 };

const world = async (t: { teardown(fn: () => Promise<void>): void }): Promise<UseCaseWorld> => {
  const made = await useCaseWorld();
  t.teardown(made.close);
  return made;
};

/** A policy of a producer (when `withProducer`) bound on `plan`. */
const bound = async (w: UseCaseWorld, plan: InstallmentPlan, withProducer: boolean, insuredName = 'Settle Co') => {
  const producer = withProducer ? await aRegisteredProducer(w, ORG, { id: `usr_${insuredName.length}`, name: 'Pat Producer', email: 'pat@example.com' }) : null;
  return aBoundPolicy(w, ORG, { plan, risk: { ...AUDIT_RISK, insuredName, ...(producer ? { producerId: producer.id } : {}) } });
};

const invoicesOf = async (w: UseCaseWorld, policyId: string): Promise<Invoice[]> =>
  (await (await w.resolve(BILLING.InvoiceRepository)).forPolicy(ORG, policyId)).sort((x, y) => x.invoiceNumber.localeCompare(y.invoiceNumber));

const pay = async (w: UseCaseWorld, invoice: Invoice, amount: number, reference: string) =>
  (await w.resolve(BILLING.InvoicePayments)).pay(MACHINE, ORG, invoice.id, { amount: cents(amount), method: 'check', reference });

/** The policy's books as an auditor reads them: every ledger line, the cash held, every commission change. */
const booksOf = async (w: UseCaseWorld, policyId: string) => {
  const entries = (await (await w.resolve(BILLING.LedgerRepository)).list(ORG, { policyId }, { limit: 200 })).data;
  const balance: Record<string, number> = {};
  for (const entry of entries) for (const line of entry.lines) balance[line.account] = (balance[line.account] ?? 0) + line.debit - line.credit;
  const deps = { invoices: await w.resolve(BILLING.InvoiceRepository), payments: await w.resolve(BILLING.PaymentRepository) };
  const changes = await (await w.resolve(BILLING.CommissionRepository)).forPolicies(ORG, [policyId]);
  return {
    balance,
    cashHeld: cashHeld((await policyPayments(deps, ORG, policyId)).payments) as number,
    ledgerCash: (balance.premiumTrustCash ?? 0) + (balance.operatingCash ?? 0),
    agentCommission: changes.reduce((sum, change) => sum + change.agentCommission, 0),
    postings: entries.length,
  };
};

const agentShare = (premium: number) => splitPremium(cents(premium), RATES).agentCommission as number;

test('a paid policy cancelled mid-term: commission comes back in proportion, the return premium is owed to the insured, then refunded once', async (t) => {
  const w = await world(t);
  const { policy } = await bound(w, 'QUARTERLY', true);
  const [first, second] = (await invoicesOf(w, policy.id)) as [Invoice, Invoice];
  await pay(w, first, first.amount, 'chk-q1');
  await pay(w, second, second.amount, 'chk-q2');
  const paid = await booksOf(w, policy.id);
  t.is(paid.cashHeld, 138_700);
  t.is(paid.agentCommission, agentShare(138_700));

  await (await w.resolve(POLICY.PolicyLifecycle)).cancel(MACHINE, ORG, policy.id, { effectiveDate: '2027-04-15', reason: 'underwriting' });
  const earned = (await (await w.resolve(POLICY.PolicyPremium)).asOf(ORG, policy.id, '2027-12-31')).written as number;
  t.is(earned, Math.round((277_400 * 104) / 365), 'pro rata: 104 of 365 days');
  const invoices = await invoicesOf(w, policy.id);
  t.deepEqual(
    invoices.map((invoice) => `${invoice.kind}:${invoice.status}`),
    ['installment:paid', 'installment:paid', 'installment:void', 'installment:void', 'credit:open'],
    'installments falling due after the cancellation are void; the rest is a credit',
  );
  const credit = invoices[4] as Invoice;
  t.is(credit.amount as number, earned - 138_700);
  const cancelled = await booksOf(w, policy.id);
  t.is(cancelled.ledgerCash, 138_700, 'no cash moved yet');
  t.is(cancelled.balance.owedToInsureds, -(138_700 - earned), 'the return premium is owed to the insured');
  t.is(cancelled.agentCommission, agentShare(earned), 'the producer keeps commission on the premium earned only');
  t.is(cancelled.balance.carrierPayable, -splitPremium(cents(earned), RATES).carrierNet);

  const settlement = await w.resolve(BILLING.CreditSettlement);
  const settled = await settlement.settle(MACHINE, ORG, credit.id, { method: 'refund', payoutMethod: 'check', reference: 'payout-1' });
  t.like(settled.invoice, { status: 'paid', paidAmount: credit.amount });
  t.like(settled.payments, [{ amount: credit.amount, method: 'check', source: 'manual' }]);
  const again = await settlement.settle(MACHINE, ORG, credit.id, { method: 'refund', reference: 'payout-1' });
  t.is(again.payments[0]?.id, settled.payments[0]?.id, 'the same reference answers the first settlement');
  const refunded = await booksOf(w, policy.id);
  t.is(refunded.cashHeld, earned);
  t.is(refunded.ledgerCash, earned, 'cash in the ledger is cash held');
  t.is(refunded.balance.owedToInsureds ?? 0, 0);
  t.is(refunded.agentCommission, agentShare(earned));
  t.not(await rejectionCodeOf(settlement.settle(MACHINE, ORG, credit.id, { method: 'refund' })), null, 'a settled credit has nothing left');
});

test('pay, refund, pay again: ledger cash equals cash held and commission follows the premium collected', async (t) => {
  const w = await world(t);
  const { policy } = await bound(w, 'PIF', true);
  const [invoice] = (await invoicesOf(w, policy.id)) as [Invoice];
  await pay(w, invoice, 277_400, 'chk-full');
  await (await w.resolve(BILLING.PaymentRefunds)).refund(MACHINE, ORG, invoice.id, { amount: cents(100_000), reference: 'rf-1000' });
  await pay(w, invoice, 100_000, 'chk-again');
  const books = await booksOf(w, policy.id);
  t.is(books.cashHeld, 277_400);
  t.is(books.ledgerCash, 277_400);
  t.is(books.agentCommission, agentShare(277_400));
  t.is(books.postings, 4, 'billed at the bind, then paid, refunded and paid again');
  t.is(books.balance.owedToInsureds ?? 0, 0);
  t.is(books.balance.premiumReceivable ?? 0, 0, 'nothing is receivable once paid');
});

test('a credit from a premium-lowering endorsement goes at once to the open installments of its policy, earliest due first; no cash moves', async (t) => {
  const w = await world(t);
  const { policy } = await bound(w, 'QUARTERLY', true);
  const [first] = (await invoicesOf(w, policy.id)) as [Invoice];
  await pay(w, first, first.amount, 'chk-lower-q1');
  const endorsement = await (
    await w.resolve(POLICY.PolicyLifecycle)
  ).endorse(MACHINE, ORG, policy.id, {
    effectiveDate: '2027-02-01',
    changes: { annualRevenue: cents(100_000_000) },
  });
  t.true(endorsement.premiumDelta < 0);
  const credit = (await invoicesOf(w, policy.id)).find((invoice) => invoice.kind === 'credit') as Invoice;
  t.is(credit.amount, endorsement.premiumDelta);
  t.like(credit, { status: 'paid', paidAmount: credit.amount }, 'applied in full: nothing is owed back while charges are open');
  t.is(await rejectionCodeOf((await w.resolve(BILLING.CreditSettlement)).settle(MACHINE, ORG, credit.id, { method: 'apply' })), 'invalid_transition');
  const [, second, third, fourth] = (await invoicesOf(w, policy.id)).filter((invoice) => invoice.kind === 'installment') as Invoice[];
  t.deepEqual([second?.status, third?.status, fourth?.status], ['paid', 'paid', 'open'], 'the installments due next received the credit, earliest first');
  t.is((second?.paidAmount ?? 0) + (third?.paidAmount ?? 0) + (fourth?.paidAmount ?? 0), -credit.amount);
  t.like(await (await w.resolve(BILLING.PaymentRepository)).forInvoice(ORG, (second as Invoice).id), [{ method: 'credit', amount: second?.amount }]);
  const after = await booksOf(w, policy.id);
  t.is(after.cashHeld, first.amount as number, 'moving a credit between invoices moves no cash');
  t.is(after.ledgerCash, first.amount as number);
});

test('refunding a credit on an unpaid policy pays out nothing: it is applied to what the policy owes', async (t) => {
  const w = await world(t);
  const { policy } = await bound(w, 'PIF', false, 'Unpaid Co');
  await (
    await w.resolve(POLICY.PolicyLifecycle)
  ).endorse(MACHINE, ORG, policy.id, { effectiveDate: '2027-02-01', changes: { annualRevenue: cents(100_000_000) } });
  const [installment, credit] = (await invoicesOf(w, policy.id)).sort((x) => (x.kind === 'credit' ? 1 : -1)) as [Invoice, Invoice];
  t.is(credit.kind, 'credit');
  // Nothing was paid: the whole credit went to the open installment; there is nothing to pay out.
  t.like(credit, { status: 'paid', paidAmount: credit.amount });
  t.is(await rejectionCodeOf((await w.resolve(BILLING.CreditSettlement)).settle(MACHINE, ORG, credit.id, { method: 'refund' })), 'invalid_transition');
  t.is((await booksOf(w, policy.id)).cashHeld, 0, 'no cash went out');
  t.is(installment.amount - installment.paidAmount, policy.grossPremium + credit.amount, 'the installment owes the net');
});

test('the policy account: one balance of charges, credits, payments and refunds, aged by due date, as of any date', async (t) => {
  const w = await world(t);
  const { policy } = await bound(w, 'QUARTERLY', false, 'Account Co');
  const [first, second] = (await invoicesOf(w, policy.id)) as [Invoice, Invoice];
  await pay(w, first, first.amount, 'chk-account-1');
  const accounts = await w.resolve(BILLING.PolicyAccounts);
  const opened = await accounts.account(ORG, policy.id, '2027-05-15');
  t.like(opened, { charges: policy.grossPremium, credits: 0, payments: first.amount, refunds: 0, unapplied: 0 });
  t.is(opened.balance as number, policy.grossPremium - first.amount);
  t.is(opened.aging.days31to60, second.amount, 'the April installment is 44 days past due on May 15');
  const endorsement = await (
    await w.resolve(POLICY.PolicyLifecycle)
  ).endorse(MACHINE, ORG, policy.id, {
    effectiveDate: '2027-02-01',
    changes: { annualRevenue: cents(100_000_000) },
  });
  const lowered = await accounts.account(ORG, policy.id);
  t.is(lowered.credits as number, -endorsement.premiumDelta);
  t.is(lowered.balance as number, policy.grossPremium + endorsement.premiumDelta - first.amount, 'the credit reduces what is owed');
  const { current, days1to30, days31to60, days61to90, over90 } = lowered.aging;
  t.is(current + days1to30 + days31to60 + days61to90 + over90, lowered.balance, 'what is aged is what is owed');
});

test('the policy lookups contributed to billing answer as one: the first that has the policy', async (t) => {
  const billed = { id: 'pol_1', orgId: ORG, policyNumber: 'GL-2027-000001', producerId: null, lineOfBusiness: 'GL' } as unknown as BilledPolicy;
  const empty = { findById: async () => null };
  const policies = { findById: async (_orgId: string, id: string) => (id === 'pol_1' ? billed : null) };
  t.is(await anyPolicyLookup([empty, policies]).findById(ORG, 'pol_1'), billed);
  t.is(await anyPolicyLookup([empty, policies]).findById(ORG, 'pol_2'), null);
  t.is(await anyPolicyLookup([]).findById(ORG, 'pol_1'), null);
});
