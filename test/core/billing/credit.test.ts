import test from 'ava';
import { cashHeld, creditApplications, creditLeft, isSettled, payoutSources, refundPlan } from '../../../core/billing/credit.ts';
import type { Invoice } from '../../../core/billing/invoice.ts';
import type { Payment } from '../../../core/billing/payment.ts';
import { cents } from '../../../core/shared/money.ts';

const invoice = (id: string, amount: number, paid: number, dueDate: string, extra: Partial<Invoice> = {}): Invoice => ({
  id,
  orgId: 'o',
  policyId: 'p',
  invoiceNumber: `P-${id}`,
  kind: amount < 0 ? 'credit' : 'installment',
  amount: cents(amount),
  lines: [{ kind: 'premium', amount: cents(amount) }],
  paidAmount: cents(paid),
  dueDate,
  status: 'open',
  createdAt: new Date(0),
  ...extra,
});

const payment = (id: string, amount: number, at: number, extra: Partial<Payment> = {}): Payment => ({
  id,
  orgId: 'o',
  invoiceId: 'i',
  amount: cents(amount),
  method: 'card',
  reference: `pi_${id}`,
  source: 'processor',
  receivedAt: new Date(at),
  ...extra,
});

test('a credit is applied to the open charges of its policy, earliest due first, as far as it goes', (t) => {
  const credit = invoice('c', -1_000, 0, '2027-02-01');
  const plan = creditApplications(credit, [
    invoice('3', 600, 0, '2027-07-01'),
    invoice('2', 600, 200, '2027-04-01'),
    invoice('1', 600, 600, '2027-01-01', { status: 'paid' }),
    invoice('v', 600, 0, '2027-10-01', { status: 'void' }),
    credit,
  ]);
  t.deepEqual(
    plan.map((part) => [part.to.id, part.amount]),
    [
      ['2', 400],
      ['3', 600],
    ],
  );
  t.throws(() => creditApplications(credit, [credit]), { message: /no open invoice/ });
});

test('only an open credit with something left can be settled; a credit is settled once paid down to its amount', (t) => {
  t.is(creditLeft(invoice('c', -1_000, -400, '2027-01-01')) as number, 600);
  t.throws(() => creditLeft(invoice('i', 1_000, 0, '2027-01-01')), { message: /Only a credit/ });
  t.throws(() => creditLeft(invoice('c', -1_000, -1_000, '2027-01-01', { status: 'paid' })), { message: /settled/ });
  t.true(isSettled(invoice('c', -1_000, -1_000, '2027-01-01')));
  t.false(isSettled(invoice('c', -1_000, -999, '2027-01-01')));
  t.true(isSettled(invoice('i', 1_000, 1_000, '2027-01-01')));
});

test('a payout comes from the card payments the processor took, newest first, and what they cannot give is recorded', (t) => {
  const payments = [
    payment('old', 500, 1),
    payment('new', 300, 2, { refundHeld: cents(100) }),
    payment('check', 900, 3, { method: 'check', source: 'manual' }),
    payment('refund', -50, 4),
  ];
  const sources = payoutSources(cents(1_000), payments);
  t.deepEqual(
    sources.throughProcessor.map((part) => [part.to.id, part.amount]),
    [
      ['new', 200],
      ['old', 500],
    ],
  );
  t.is(sources.recorded as number, 300);
});

test('a credit refunded is applied to what the policy owes first; only the rest is paid out, never more than the cash held', (t) => {
  const credit = invoice('c', -1_000, 0, '2027-02-01');
  const owed = [invoice('1', 300, 100, '2027-01-01'), invoice('2', 600, 600, '2027-04-01', { status: 'paid' })];
  const plan = refundPlan(credit, owed, [payment('a', 700, 1), payment('b', 100, 2, { method: 'check', source: 'manual' })]);
  t.deepEqual(
    plan.applications.map((part) => [part.to.id, part.amount]),
    [['1', 200]],
  );
  t.is(+plan.payout, 800);
  // Money moved between the policy's invoices is not cash; refunds already made are not held either.
  const thin = [
    payment('a', 700, 1),
    payment('r', -100, 3, { source: 'manual', method: 'check' }),
    payment('x', 500, 4, { method: 'credit', source: 'manual' }),
  ];
  t.is(+cashHeld(thin), 600);
  const refused = t.throws(() => refundPlan(credit, owed, thin));
  t.like(refused, { code: 'payout_exceeds_cash', details: { creditLeft: 10, applicable: 2, cashHeld: 6 } });
  t.like(refundPlan(credit, [invoice('1', 1_500, 0, '2027-01-01')], []), { payout: 0 }, 'an unpaid policy: the whole credit goes to what it owes');
});
