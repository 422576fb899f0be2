import test from 'ava';
import { BILLING } from '../../../bootstrap/billing.tokens.ts';
import { PLATFORM } from '../../../bootstrap/platform.tokens.ts';
import { POLICY } from '../../../bootstrap/policy.tokens.ts';
import { sumAccounts } from '../../../core/billing/policy-account.ts';
import { cents } from '../../../core/shared/money.ts';
import type { Collection, CollectionStore, StoredDocument } from '../../../ports/shared/persistence/collection-store.port.ts';
import { aRisk } from '../../support/mothers.ts';
import { aBoundPolicy, installmentsOf, MACHINE, receivablesPages, useCaseWorld, type UseCaseWorld } from '../../support/use-cases.ts';

const ORG = 'org_receivables';

/** A store that counts the documents each collection's reads return. */
const readCounting =
  (counts: Map<string, number>) =>
  (store: CollectionStore): CollectionStore =>
    new Proxy(store, {
      get(target, property, receiver) {
        if (property !== 'collection') return Reflect.get(target, property, receiver);
        return <T extends StoredDocument>(name: string, options?: Parameters<CollectionStore['collection']>[1]): Collection<T> => {
          const inner = target.collection<T>(name, options);
          return new Proxy(inner, {
            get(collection, method, innerReceiver) {
              const value = Reflect.get(collection, method, innerReceiver);
              if (typeof value !== 'function') return value;
              if (method !== 'find' && method !== 'findOne') return value.bind(collection);
              return async (...args: unknown[]) => {
                const found = await (value as (...a: unknown[]) => Promise<unknown>).apply(collection, args);
                const returned = Array.isArray(found) ? found.length : found ? 1 : 0;
                counts.set(name, (counts.get(name) ?? 0) + returned);
                return found;
              };
            },
          });
        };
      },
    });

const bindSome = async (world: UseCaseWorld, from: number, count: number) => {
  for (let n = from; n < from + count; n += 1) await aBoundPolicy(world, ORG, { risk: aRisk({ insuredName: `Aged ${n} Co` }), plan: 'QUARTERLY' });
};

const allPages = (world: UseCaseWorld, asOf: string) => receivablesPages(world, ORG, asOf, 4);

test('a page of the receivables reads the same records whatever the size of the book', async (t) => {
  const counts = new Map<string, number>();
  const world = await useCaseWorld({ store: readCounting(counts) });
  t.teardown(world.close);
  const accounts = await world.resolve(BILLING.PolicyAccounts);
  const readsOfAPage = async () => {
    counts.clear();
    const page = await accounts.receivables(ORG, '2027-06-30', { limit: 3 });
    t.is(page.policies.length, 3);
    return { invoices: counts.get('invoices') ?? 0, payments: counts.get('payments') ?? 0 };
  };
  await bindSome(world, 0, 6);
  const small = await readsOfAPage();
  await bindSome(world, 6, 18);
  const large = await readsOfAPage();
  t.deepEqual(large, small, 'four times the book, the same reads');
  t.true(large.invoices < (24 * 4) / 2, `a page of three reads ${large.invoices} of the book's 96 invoices`);
});

test('the totals are every account added up, through credits, an applied credit, an overpayment and write-offs', async (t) => {
  const world = await useCaseWorld();
  t.teardown(world.close);
  const payments = await world.resolve(BILLING.InvoicePayments);
  const lifecycle = await world.resolve(POLICY.PolicyLifecycle);
  const accounts = await world.resolve(BILLING.PolicyAccounts);
  await bindSome(world, 0, 3);
  // Paid in full, then endorsed down: a credit owed back, paid out by check.
  const { policy: lowered } = await aBoundPolicy(world, ORG, { risk: aRisk({ insuredName: 'Lowered Co', annualRevenue: cents(5_000_000_00) }), plan: 'PIF' });
  const [bill] = await installmentsOf(world, ORG, lowered.id);
  await payments.pay(MACHINE, ORG, bill!.id, { amount: bill!.amount, method: 'check', reference: 'chk-lowered' });
  await lifecycle.endorse(MACHINE, ORG, lowered.id, { effectiveDate: lowered.effectiveDate, changes: { annualRevenue: cents(500_000_00) } });
  // Quarterly, the first paid twice by the processor (an overpayment), the second written off.
  const { policy: twice } = await aBoundPolicy(world, ORG, { risk: aRisk({ insuredName: 'Twice Paid Co' }), plan: 'QUARTERLY' });
  const [first, second] = await installmentsOf(world, ORG, twice.id);
  await payments.recordProcessorPayment(ORG, first!.id, 'pi_once', first!.amount);
  await payments.recordProcessorPayment(ORG, first!.id, 'pi_twice', first!.amount);
  await (await world.resolve(BILLING.InvoiceWriteOffs)).writeOff(MACHINE, ORG, second!.id, 'uncollectible');
  const before = await allPages(world, '2027-03-01');
  t.deepEqual(before.totals, sumAccounts(before.lines));
  t.true(before.totals.unapplied > 0, 'cash beyond the charges is unapplied');
  t.true(before.totals.writtenOff > 0);
  for (const date of ['2026-12-01', '2027-01-15', '2027-08-01', '2028-03-01']) {
    const { totals, lines } = await allPages(world, date);
    t.deepEqual(totals, sumAccounts(lines), `on ${date}`);
  }
  // The credit paid out: nothing owed back any more, and the totals still add up.
  const credit = (await (await world.resolve(BILLING.InvoiceRepository)).forPolicy(ORG, lowered.id)).find((invoice) => invoice.kind === 'credit');
  await (await world.resolve(BILLING.CreditSettlement)).settle(MACHINE, ORG, credit!.id, { method: 'refund', payoutMethod: 'check' });
  const after = await allPages(world, '2027-03-01');
  t.deepEqual(after.totals, sumAccounts(after.lines));

  // The day's reconciliation: the settled policy is counted exactly by the sums from today and is
  // read no more; the overpaid one still has cash unapplied and is still read.
  const kept = await world.resolve(BILLING.KeptReceivables);
  const now = (await world.resolve(PLATFORM.Clock)).now(ORG);
  const day = now.toISOString().slice(0, 10);
  t.deepEqual((await kept.markedThrough(ORG, day)).sort(), [lowered.id, twice.id].sort());
  t.is(await accounts.reconcileMarked(ORG, now), 1);
  t.is(await accounts.reconcileMarked(ORG, now), 0, 'a second run finds nothing more');
  t.deepEqual(await kept.markedThrough(ORG, day), [twice.id]);
  t.deepEqual(await kept.markedThrough(ORG, '2026-12-01'), [], 'marked on no earlier day');
  for (const date of [day, '2027-03-01', '2028-03-01']) {
    const { totals, lines } = await allPages(world, date);
    t.deepEqual(totals, sumAccounts(lines), `reconciled, on ${date}`);
  }
  // A later change of the settled policy (its premium raised again) makes it read again.
  await lifecycle.endorse(MACHINE, ORG, lowered.id, { effectiveDate: lowered.effectiveDate, changes: { annualRevenue: cents(2_000_000_00) } });
  t.deepEqual((await kept.markedThrough(ORG, day)).sort(), [lowered.id, twice.id].sort());
  for (const date of [day, '2027-03-01']) {
    const { totals, lines } = await allPages(world, date);
    t.deepEqual(totals, sumAccounts(lines), `changed again, on ${date}`);
  }
});

test('a policy changed between the read of its mark and its reconciliation is not reconciled', async (t) => {
  const world = await useCaseWorld();
  t.teardown(world.close);
  const kept = await world.resolve(BILLING.KeptReceivables);
  const { policy } = await aBoundPolicy(world, ORG, { risk: aRisk({ insuredName: 'Raced Co' }), plan: 'PIF' });
  await (
    await world.resolve(POLICY.PolicyLifecycle)
  ).endorse(MACHINE, ORG, policy.id, {
    effectiveDate: policy.effectiveDate,
    changes: { annualRevenue: cents(500_000_00) },
  });
  const [mark] = await kept.marksToReconcile(ORG, null, 10);
  t.is(mark?.policyId, policy.id, 'the credit marks it');
  const [bill] = await installmentsOf(world, ORG, policy.id);
  await (await world.resolve(BILLING.InvoicePayments)).pay(MACHINE, ORG, bill!.id, { amount: cents(100), method: 'check', reference: 'chk-meanwhile' });
  t.false(await kept.reconcile(ORG, mark!, '2026-12-15'));
  t.deepEqual(await kept.markedThrough(ORG, '2026-12-15'), [policy.id]);
});
