import test from 'ava';
import type { Invoice } from '../../../core/billing/invoice.ts';
import type { Payment } from '../../../core/billing/payment.ts';
import { accountOf } from '../../../core/billing/policy-account.ts';
import { keptExactlyFrom } from '../../../core/billing/receivable-figures.ts';
import { cents } from '../../../core/shared/money.ts';

const ISSUED = new Date('2027-01-01T09:00:00Z');
const invoice = (id: string, amount: number, dueDate: string, extra: Partial<Invoice> = {}): Invoice => ({
  id,
  orgId: 'o',
  policyId: 'p',
  invoiceNumber: `P-${id}`,
  kind: amount < 0 ? 'credit' : 'installment',
  amount: cents(amount),
  lines: [{ kind: 'premium', amount: cents(amount) }],
  paidAmount: cents(0),
  dueDate,
  status: 'open',
  createdAt: ISSUED,
  ...extra,
});
const row = (invoiceId: string, amount: number, at: string, method: Payment['method'] = 'check'): Payment => ({
  id: `${invoiceId}-${at}`,
  orgId: 'o',
  invoiceId,
  amount: cents(amount),
  method,
  reference: `${invoiceId}-${at}`,
  receivedAt: new Date(`${at}T12:00:00Z`),
});

test('balance = charges − credits − payments + refunds; a credit applied between invoices is no payment', (t) => {
  const invoices = [
    invoice('1', 1_000, '2027-01-01'),
    invoice('2', 1_000, '2027-04-01'),
    invoice('c', -300, '2027-02-01', { createdAt: new Date('2027-02-01T00:00:00Z') }),
  ];
  const rows = [row('1', 1_000, '2027-01-05'), row('2', 300, '2027-02-01', 'credit'), row('c', -300, '2027-02-01', 'credit'), row('1', -100, '2027-03-01')];
  const account = accountOf(invoices, rows, '2027-03-31');
  t.like(account, { charges: 2_000, credits: 300, payments: 1_000, refunds: 100, balance: 800, unapplied: 0 });
  t.like(
    account.aging,
    { current: 700, days1to30: 0 },
    'the April installment, less the credit applied to it, is not yet due; the refund is owed on the paid one',
  );
});

test('aging buckets by days past due, and nothing issued or received after the date counts', (t) => {
  const invoices = [
    invoice('a', 100, '2027-06-30'),
    invoice('b', 200, '2027-06-01'),
    invoice('c', 400, '2027-05-01'),
    invoice('d', 800, '2027-04-01'),
    invoice('e', 1_600, '2027-03-01'),
    invoice('late', 5_000, '2027-07-01', { createdAt: new Date('2027-07-02T00:00:00Z') }),
    invoice('v', 9_000, '2027-01-01', { status: 'void' }),
  ];
  const account = accountOf(invoices, [row('a', 100, '2027-07-05')], '2027-06-30');
  t.deepEqual({ ...account.aging } as Record<string, number>, { current: 100, days1to30: 200, days31to60: 400, days61to90: 800, over90: 1_600 });
  t.like(account, { charges: 3_100, payments: 0, balance: 3_100 });
  t.like(accountOf([invoice('x', 100, '2027-01-01')], [row('x', 150, '2027-01-02')], '2027-01-31'), { unapplied: 50, balance: -50 });
});

test('the kept sums count a policy exactly from a day once every record is dated and both age alike: not before, not with cash unapplied, not with an overpaid charge', (t) => {
  const charges = [invoice('1', 1_000, '2027-01-01'), invoice('2', 1_000, '2027-04-01')];
  const credit = invoice('c', -300, '2027-02-01', { createdAt: new Date('2027-02-01T00:00:00Z') });
  // The credit applied to the second charge, the rest of both paid.
  const settled = [row('1', 1_000, '2027-01-05'), row('2', 300, '2027-02-01', 'credit'), row('c', -300, '2027-02-01', 'credit'), row('2', 700, '2027-03-01')];
  t.true(keptExactlyFrom([...charges, credit], settled, '2027-03-01'));
  t.false(keptExactlyFrom([...charges, credit], settled, '2027-02-28'), 'a record dated after the day');
  t.true(keptExactlyFrom([...charges, credit], settled.slice(0, 3), '2027-03-01'), 'something still owed ages alike in both');
  // The first charge paid twice: the excess is cash unapplied.
  const twice = [row('1', 1_000, '2027-01-05'), row('1', 1_000, '2027-01-06'), row('2', 1_000, '2027-03-01')];
  t.false(keptExactlyFrom(charges, twice, '2027-03-01'));
  // The excess given back on the charge it was paid on: settled.
  t.true(keptExactlyFrom(charges, [...twice, row('1', -1_000, '2027-03-02')], '2027-03-02'));
  // The second charge's share paid on the first instead: the balance is nil, but the exact account ages
  // the second charge as owed while the sums net it against the first: not counted exactly.
  const crossed = [row('1', 1_000, '2027-01-05'), row('1', 1_000, '2027-01-06'), row('2', 0, '2027-03-01')];
  t.false(keptExactlyFrom(charges, crossed, '2027-03-01'));
  // A charge voided after a payment on it: the sums keep the row against its due day, the account does not.
  const voided = [charges[0]!, { ...charges[1]!, status: 'void' as const }];
  t.false(keptExactlyFrom(voided, [row('1', 1_000, '2027-01-05'), row('2', 100, '2027-01-06')], '2027-03-01'));
  // Voided with nothing paid on it (a lapse): counted exactly, what the first charge still owes ageing in both.
  t.true(keptExactlyFrom(voided, [row('1', 400, '2027-01-05')], '2027-03-01'));
});
