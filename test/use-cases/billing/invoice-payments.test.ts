import test from 'ava';
import { withFaults, type Fault } from '../../support/faulty-store.ts';
import type { CollectionStore } from '../../../ports/shared/persistence/collection-store.port.ts';
import { cents } from '../../../core/shared/money.ts';
import { BILLING } from '../../../bootstrap/billing.tokens.ts';
import { aBoundPolicy, installmentsOf, MACHINE, useCaseWorld, type UseCaseWorld, aRegisteredProducer } from '../../support/use-cases.ts';
import { rejectionCodeOf } from '../../support/error-codes.ts';
import { anInvoice, aRisk } from '../../support/mothers.ts';
import { AUDIT } from '../../../bootstrap/audit.tokens.ts';

const ORG = 'org_pay';
const RISK = aRisk({ insuredName: 'Settle Co' });

const firstInvoice = async (world: UseCaseWorld, producerId: string | null = null) => {
  const { policy } = await aBoundPolicy(world, ORG, { risk: { ...RISK, ...(producerId ? { producerId } : {}) }, plan: 'TWO_PAY' });
  const [first] = await installmentsOf(world, ORG, policy.id);
  return first!;
};

test('a manual payment counts once per reference, never overpays, and a paid invoice cannot be voided', async (t) => {
  const world = await useCaseWorld();
  t.teardown(world.close);
  const invoicePayments = await world.resolve(BILLING.InvoicePayments);
  const invoices = await world.resolve(BILLING.InvoiceRepository);
  const invoice = await firstInvoice(world);
  t.is(
    await rejectionCodeOf(invoicePayments.pay(MACHINE, ORG, invoice.id, { amount: cents(invoice.amount + 1), method: 'check', reference: 'chk-0' })),
    'overpayment',
  );
  const half = cents(Math.floor(invoice.amount / 2));
  const first = await invoicePayments.pay(MACHINE, ORG, invoice.id, { amount: half, method: 'check', reference: 'chk-1' });
  const again = await invoicePayments.pay(MACHINE, ORG, invoice.id, { amount: half, method: 'check', reference: 'chk-1' });
  t.is(again.id, first.id, 'the same reference is the same payment');
  t.like(await invoices.findById(ORG, invoice.id), { paidAmount: half, status: 'open' });
  await invoicePayments.pay(MACHINE, ORG, invoice.id, { amount: cents(invoice.amount - half), method: 'ach', reference: 'ach-1' });
  t.like(await invoices.findById(ORG, invoice.id), { paidAmount: invoice.amount, status: 'paid' });
  t.is(await rejectionCodeOf(invoicePayments.pay(MACHINE, ORG, invoice.id, { amount: cents(1), method: 'check', reference: 'chk-2' })), 'invalid_transition');
  t.is(await rejectionCodeOf(invoicePayments.void(MACHINE, ORG, invoice.id)), 'invalid_transition');
  t.is(await rejectionCodeOf(invoicePayments.pay(MACHINE, 'org_other', invoice.id, { amount: cents(1), method: 'check', reference: 'chk-3' })), 'not_found');
});

test('an invoice that bills nothing is voided with its audit entry in one write, once; an invoice that received money is not', async (t) => {
  const faults = new Map<string, number | Fault>();
  const world = await useCaseWorld({ store: (store: CollectionStore) => withFaults(store, faults) });
  t.teardown(world.close);
  const invoicePayments = await world.resolve(BILLING.InvoicePayments);
  const invoices = await world.resolve(BILLING.InvoiceRepository);
  const audit = await world.resolve(AUDIT.AuditLog);
  const nothing = anInvoice({ id: 'inv_nothing', orgId: ORG, amount: cents(0), lines: [] });
  await invoices.insertAll([nothing]);
  faults.set('audit_log', 1);
  await t.throwsAsync(invoicePayments.void(MACHINE, ORG, nothing.id), { message: /injected failure/ });
  t.like(await invoices.findById(ORG, nothing.id), { status: 'open' }, 'no entry, no void');
  t.like(await invoicePayments.void(MACHINE, ORG, nothing.id), { id: nothing.id, status: 'void' });
  t.like(await invoices.findById(ORG, nothing.id), { status: 'void' });
  t.is(await rejectionCodeOf(invoicePayments.void(MACHINE, ORG, nothing.id)), 'invalid_transition');
  const entries = (await audit.list(ORG, { limit: 10 }, { action: 'invoice.voided' })).data;
  t.is(entries.length, 1);
});

test('a refund reopens an uncovered invoice and can never return more than was paid', async (t) => {
  const world = await useCaseWorld();
  t.teardown(world.close);
  const invoicePayments = await world.resolve(BILLING.InvoicePayments);
  const refunds = await world.resolve(BILLING.PaymentRefunds);
  const invoices = await world.resolve(BILLING.InvoiceRepository);
  const invoice = await firstInvoice(world);
  await invoicePayments.pay(MACHINE, ORG, invoice.id, { amount: invoice.amount, method: 'check', reference: 'chk-full' });
  t.is(await rejectionCodeOf(refunds.refund(MACHINE, ORG, invoice.id, { amount: cents(invoice.amount + 1) })), 'refund_exceeds_payments');
  const refunded = await refunds.refund(MACHINE, ORG, invoice.id, { amount: cents(10_000), reference: 'rf-1' });
  t.like(refunded.invoice, { status: 'open', paidAmount: invoice.amount - 10_000 });
  const repeated = await refunds.refund(MACHINE, ORG, invoice.id, { amount: cents(10_000), reference: 'rf-1' });
  t.is(repeated.payment.id, refunded.payment.id, 'a repeated refund request returns the first refund');
  t.like(await invoices.findById(ORG, invoice.id), { paidAmount: invoice.amount - 10_000 });
});

test('a card payment that settles the invoice of a policy with a producer stores a receipt, the commission and one balanced ledger posting', async (t) => {
  const world = await useCaseWorld();
  t.teardown(world.close);
  const producer = await aRegisteredProducer(world, ORG, { id: 'usr_p', name: 'Pat Producer', email: 'pat@example.com' });
  const cards = await world.resolve(BILLING.CardPayments);
  const invoicePayments = await world.resolve(BILLING.InvoicePayments);
  const collection = await world.resolve(BILLING.PaymentBookkeeping);
  const invoice = await firstInvoice(world, producer.id);
  const { attempt } = await cards.createIntent(MACHINE, ORG, invoice.id, null);
  t.is(attempt.amount, invoice.amount);
  // The payment, the posting and its commission are one write; the receipt follows.
  const recorded = await invoicePayments.recordProcessorPayment(ORG, invoice.id, attempt.id, attempt.amount);
  const commission = recorded?.posting?.commission;
  const done = await collection.afterPayment(ORG, invoice.id, attempt.id);
  t.truthy(done?.receiptDocumentId);
  t.is(commission?.producerId, producer.id);
  t.is(commission && commission.agentCommission + commission.mgaCommission + commission.carrierNet, invoice.amount, 'the split sums to the cent');
  t.like(await (await world.resolve(BILLING.InvoiceRepository)).findById(ORG, invoice.id), { status: 'paid' });
  const entries = (await (await world.resolve(BILLING.LedgerRepository)).list(ORG, { invoiceId: invoice.id }, { limit: 10 })).data;
  t.is(entries.length, 1);
  for (const entry of entries) {
    const debits = entry.lines.reduce((total, line) => total + line.debit, 0);
    const credits = entry.lines.reduce((total, line) => total + line.credit, 0);
    t.is(debits, credits, entry.description);
  }
});

test('payments landing together on one policy post one unbroken chain of books, which ends where the money stands', async (t) => {
  const world = await useCaseWorld();
  t.teardown(world.close);
  const invoicePayments = await world.resolve(BILLING.InvoicePayments);
  const collection = await world.resolve(BILLING.PaymentBookkeeping);
  const invoice = await firstInvoice(world);
  const intents = Array.from({ length: 12 }, (_, n) => `pi_together_${n}`);
  await Promise.all(
    intents.map(async (intent) => {
      await invoicePayments.recordProcessorPayment(ORG, invoice.id, intent, cents(1_00));
      await collection.afterPayment(ORG, invoice.id, intent);
    }),
  );
  const entries = (await (await world.resolve(BILLING.LedgerRepository)).list(ORG, { policyId: invoice.policyId }, { limit: 100 })).data.sort(
    (a, b) => a.sequence - b.sequence,
  );
  // The opening posting of the bind, then one per payment, each in the payment's own write.
  t.is(entries.length, intents.length + 1);
  entries.forEach((entry, index) => {
    t.is(entry.sequence, index + 1);
    if (index > 0) t.deepEqual(entry.position.from, entries[index - 1]!.position.to, `posting ${entry.sequence} starts where the one before ended`);
  });
  const books = await world.resolve(BILLING.PremiumBooks);
  t.is((await books.sync(ORG, invoice.policyId, { invoiceId: invoice.id, reference: 'check', description: 'check' })).entry, null, 'nothing left to post');
});

for (const collection of ['payments', 'ledger_entries', 'commissions', 'commission_totals']) {
  test(`a processor payment whose ${collection} write fails keeps nothing; delivered again, it is recorded once with its books`, async (t) => {
    const faults = new Map<string, number | Fault>();
    const world = await useCaseWorld({ store: (store: CollectionStore) => withFaults(store, faults) });
    t.teardown(world.close);
    const producer = await aRegisteredProducer(world, ORG, { id: 'usr_f', name: 'Fay Fault', email: 'fay@example.com' });
    const invoice = await firstInvoice(world, producer.id);
    const invoicePayments = await world.resolve(BILLING.InvoicePayments);
    const count = (name: string) => world.store.collection(name).countDocuments({ orgId: ORG });
    const before = { payments: await count('payments'), postings: await count('ledger_entries'), commissions: await count('commissions') };
    faults.set(collection === 'commission_totals' ? 'updateOne:commission_totals' : collection, 1);
    await t.throwsAsync(invoicePayments.recordProcessorPayment(ORG, invoice.id, 'pi_faulted', invoice.amount));
    t.deepEqual({ payments: await count('payments'), postings: await count('ledger_entries'), commissions: await count('commissions') }, before);
    t.like(await (await world.resolve(BILLING.InvoiceRepository)).findById(ORG, invoice.id), { paidAmount: 0, status: invoice.status });
    const recorded = await invoicePayments.recordProcessorPayment(ORG, invoice.id, 'pi_faulted', invoice.amount);
    t.like(recorded?.invoice, { status: 'paid', paidAmount: invoice.amount });
    t.deepEqual(
      { payments: await count('payments'), postings: await count('ledger_entries'), commissions: await count('commissions') },
      { payments: before.payments + 1, postings: before.postings + 1, commissions: before.commissions + 1 },
    );
  });
}

test('the same manual payment sent eight times at once is one payment, answered to every copy', async (t) => {
  const world = await useCaseWorld();
  t.teardown(world.close);
  const invoice = await firstInvoice(world);
  const invoicePayments = await world.resolve(BILLING.InvoicePayments);
  const answers = await Promise.all(
    Array.from({ length: 8 }, () => invoicePayments.pay(MACHINE, ORG, invoice.id, { amount: invoice.amount, method: 'wire', reference: 'WIRE-PARALLEL-1' })),
  );
  t.is(new Set(answers.map((payment) => payment.id)).size, 1);
  t.like(await (await world.resolve(BILLING.InvoiceRepository)).findById(ORG, invoice.id), { status: 'paid', paidAmount: invoice.amount });
  t.is((await (await world.resolve(BILLING.PaymentRepository)).forInvoice(ORG, invoice.id)).length, 1);
});

test('an invoice paid by check gets its receipt, its commission and one ledger posting, once however often the payment is sent', async (t) => {
  const world = await useCaseWorld();
  t.teardown(world.close);
  const producer = await aRegisteredProducer(world, ORG, { id: 'usr_c', name: 'Chris Check', email: 'chris@example.com' });
  const invoice = await firstInvoice(world, producer.id);
  const invoicePayments = await world.resolve(BILLING.InvoicePayments);
  const body = { amount: invoice.amount, method: 'check' as const, reference: `chk-full-${invoice.id}` };
  const paid = await invoicePayments.pay(MACHINE, ORG, invoice.id, body);
  t.is((await invoicePayments.pay(MACHINE, ORG, invoice.id, body)).id, paid.id);
  const commissions = (await (await world.resolve(BILLING.CommissionRepository)).forPolicies(ORG, [invoice.policyId])).filter(
    (commission) => commission.invoiceId === invoice.id,
  );
  t.like(commissions, [{ producerId: producer.id, grossPremium: invoice.amount }]);
  t.is((await (await world.resolve(BILLING.LedgerRepository)).list(ORG, { invoiceId: invoice.id }, { limit: 10 })).data.length, 1);
  const receipts = await world.store.collection('documents').countDocuments({ orgId: ORG, type: 'receipt', storageKey: { $regex: invoice.invoiceNumber } });
  t.is(receipts, 1);
});
