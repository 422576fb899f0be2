import test from 'ava';
import { AUDIT } from '../../../bootstrap/audit.tokens.ts';
import { BILLING } from '../../../bootstrap/billing.tokens.ts';
import { cents } from '../../../core/shared/money.ts';
import { everyRecord } from '../../../ports/shared/persistence/page.ts';
import { rejectionCodeOf } from '../../support/error-codes.ts';
import { aRisk } from '../../support/mothers.ts';
import { withFaults, type Fault } from '../../support/faulty-store.ts';
import type { CollectionStore } from '../../../ports/shared/persistence/collection-store.port.ts';
import { aBoundPolicy, installmentsOf, MACHINE, useCaseWorld } from '../../support/use-cases.ts';

/** Premium installments change through the policy or a write-off, never by a void. */
const ORG = 'org_write_off';

test('a premium installment is not voided; what is left unpaid of it is written off, booked, posted and audited', async (t) => {
  const world = await useCaseWorld();
  t.teardown(world.close);
  const [payments, writeOffs, accounts] = [
    await world.resolve(BILLING.InvoicePayments),
    await world.resolve(BILLING.InvoiceWriteOffs),
    await world.resolve(BILLING.PolicyAccounts),
  ];
  const { policy } = await aBoundPolicy(world, ORG, { risk: aRisk({ insuredName: 'Lapsed Co' }), plan: 'QUARTERLY' });
  const [first, second] = await installmentsOf(world, ORG, policy.id);
  t.is(await rejectionCodeOf(payments.void(MACHINE, ORG, second!.id)), 'premium_installment');
  await payments.pay(MACHINE, ORG, first!.id, { amount: first!.amount, method: 'check', reference: 'chk-1' });
  await payments.pay(MACHINE, ORG, second!.id, { amount: cents(10_000), method: 'check', reference: 'chk-2' });
  t.is(await rejectionCodeOf(writeOffs.writeOff(MACHINE, ORG, first!.id, 'x')), 'invalid_transition', 'a paid invoice has nothing left');
  t.is(await rejectionCodeOf(writeOffs.writeOff(MACHINE, ORG, 'inv_missing', 'x')), 'not_found');

  const before = await accounts.account(ORG, policy.id, '2099-01-01');
  const written = await writeOffs.writeOff(MACHINE, ORG, second!.id, 'insured insolvent');
  t.like(written, {
    status: 'written_off',
    writeOff: { amount: second!.amount - 10_000, reason: 'insured insolvent', bookedOn: '2026-12-15', accountingMonth: '2026-12' },
  });
  t.like(await writeOffs.writeOff(MACHINE, ORG, second!.id, 'again'), { status: 'written_off', writeOff: { reason: 'insured insolvent' } }, 'written off once');
  t.is(await rejectionCodeOf(payments.pay(MACHINE, ORG, second!.id, { amount: cents(100), method: 'check', reference: 'chk-3' })), 'invalid_transition');
  const after = await accounts.account(ORG, policy.id, '2099-01-01');
  t.is(after.writtenOff, cents(second!.amount - 10_000));
  t.is(after.balance, cents(before.balance - after.writtenOff));

  const ledger = await world.resolve(BILLING.LedgerRepository);
  const posting = await ledger.findBySource(ORG, (await ledger.latestForPolicy(ORG, policy.id))!.sourceKey);
  t.is(posting?.description, `Write-off of invoice ${second!.invoiceNumber}`);
  t.deepEqual(
    posting?.lines.map((line) => [line.account, line.debit, line.credit]),
    [
      ['premiumReceivable', 0, second!.amount - 10_000],
      ['premiumAwaitingCollection', second!.amount - 10_000, 0],
    ],
    'no cash moves and nothing is recognized: receivable and premium awaiting collection go down together',
  );
  const entries = await everyRecord((page) => ledger.list(ORG, { policyId: policy.id }, page));
  const receivable = entries
    .flatMap((entry) => entry.lines)
    .reduce((sum, line) => sum + (line.account === 'premiumReceivable' ? line.debit - line.credit : 0), 0);
  t.is(receivable, after.balance, 'the ledger’s receivable is what the account says is owed');
  const audit = await (await world.resolve(AUDIT.AuditLog)).list(ORG, { limit: 5 });
  t.true(audit.data.some((entry) => entry.action === 'invoice.written_off' && entry.details.reason === 'insured insolvent'));
});

test('a write-off whose posting fails is recorded; repeating the request makes the posting, once', async (t) => {
  const faults = new Map<string, number | Fault>();
  const world = await useCaseWorld({ store: (store: CollectionStore) => withFaults(store, faults) });
  t.teardown(world.close);
  const writeOffs = await world.resolve(BILLING.InvoiceWriteOffs);
  const ledger = await world.resolve(BILLING.LedgerRepository);
  const { policy } = await aBoundPolicy(world, ORG, { risk: aRisk({ insuredName: 'Faulty Co' }), plan: 'PIF' });
  const [bill] = await installmentsOf(world, ORG, policy.id);
  const postings = async () => (await everyRecord((page) => ledger.list(ORG, { policyId: policy.id }, page))).length;
  const before = await postings();
  faults.set('ledger_entries', 1);
  t.truthy(await rejectionCodeOf(writeOffs.writeOff(MACHINE, ORG, bill!.id, 'uncollectible')));
  t.is(await postings(), before, 'the posting failed');
  t.like(await writeOffs.writeOff(MACHINE, ORG, bill!.id, 'uncollectible'), { status: 'written_off' });
  t.is(await postings(), before + 1);
  await writeOffs.writeOff(MACHINE, ORG, bill!.id, 'uncollectible');
  t.is(await postings(), before + 1, 'and only once');
});
