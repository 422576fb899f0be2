import test from 'ava';
import { BILLING } from '../../../bootstrap/billing.tokens.ts';
import { POLICY } from '../../../bootstrap/policy.tokens.ts';
import { REPORTS } from '../../../bootstrap/reports.tokens.ts';
import { cents } from '../../../core/shared/money.ts';
import { rejectionCodeOf } from '../../support/error-codes.ts';
import { aRisk } from '../../support/mothers.ts';
import { SettableClock } from '../../support/settable-clock.ts';
import { withFaults, type Fault } from '../../support/faulty-store.ts';
import type { CollectionStore } from '../../../ports/shared/persistence/collection-store.port.ts';
import { aBoundPolicy, installmentsOf, MACHINE, USE_CASE_START, useCaseWorld, aRegisteredProducer } from '../../support/use-cases.ts';

/** A producer's monthly statement and payouts: earned, clawed back, paid, never paid beyond what is payable. */
const ORG = 'org_statements';

test('a statement sums to the cent; payouts stay within what is payable, once per reference, and post to the ledger', async (t) => {
  const clock = new SettableClock(USE_CASE_START);
  const world = await useCaseWorld({ clock });
  t.teardown(world.close);
  const commissions = await world.resolve(BILLING.ProducerCommissions);
  const producer = await aRegisteredProducer(world, ORG, { id: 'usr_payee', name: 'Pat Payee', email: 'pat@example.com' });
  const { policy } = await aBoundPolicy(world, ORG, { risk: aRisk({ insuredName: 'Sold Co', ...{ producerId: producer.id } }), plan: 'PIF' });
  const [bill] = await installmentsOf(world, ORG, policy.id);
  await (await world.resolve(BILLING.InvoicePayments)).pay(MACHINE, ORG, bill!.id, { amount: bill!.amount, method: 'check', reference: 'chk-sold' });

  const december = await commissions.statement(ORG, producer.id, '2026-12');
  t.true(december.earned > 0);
  t.like(december, { opening: 0, clawedBack: 0, paid: 0, closing: december.earned, payouts: [] });
  t.is(await rejectionCodeOf(commissions.statement(ORG, 'prd_missing', '2026-12')), 'not_found');

  const half = cents(Math.floor(december.earned / 2));
  const over = commissions.pay(MACHINE, ORG, producer.id, { amount: cents(december.earned + 1), method: 'ach', reference: 'ach-over', month: '2026-12' });
  t.is(await rejectionCodeOf(over), 'amount_exceeds_balance');
  t.is(
    await rejectionCodeOf(commissions.pay(MACHINE, ORG, producer.id, { amount: half, method: 'ach', reference: 'ach-next', month: '2027-01' })),
    'validation_failed',
  );
  const first = await commissions.pay(MACHINE, ORG, producer.id, { amount: half, method: 'check', reference: 'chk-1001', month: '2026-12' });
  t.true(first.created);
  t.like(first.payout, { amount: half, bookedOn: '2026-12-15', accountingMonth: '2026-12' });
  const again = await commissions.pay(MACHINE, ORG, producer.id, { amount: half, method: 'check', reference: 'chk-1001', month: '2026-12' });
  t.like(again, { created: false, payout: { id: first.payout.id } });
  t.is(
    await rejectionCodeOf(commissions.pay(MACHINE, ORG, producer.id, { amount: cents(1), method: 'check', reference: 'chk-1001', month: '2026-12' })),
    'conflict',
  );

  // Racing payouts of the rest: the store lets exactly what is payable through.
  const rest = cents(december.earned - half);
  const racing = await Promise.allSettled(
    ['w-1', 'w-2', 'w-3'].map((reference) => commissions.pay(MACHINE, ORG, producer.id, { amount: rest, method: 'wire', reference, month: '2026-12' })),
  );
  t.is(racing.filter((outcome) => outcome.status === 'fulfilled').length, 1);

  // A cancellation gives commission back: the statement shows it clawed back, and closing follows.
  await (await world.resolve(POLICY.PolicyLifecycle)).cancel(MACHINE, ORG, policy.id, { effectiveDate: '2027-07-01', reason: 'underwriting' });
  const after = await commissions.statement(ORG, producer.id, '2026-12');
  t.true(after.clawedBack > 0);
  t.is(after.paid, december.earned);
  t.is(after.closing, cents(after.opening + after.earned - after.clawedBack - after.paid));
  t.is(after.payouts.length, 2);

  // The payouts are in the ledger: commission payable and trust cash go down by what was paid.
  clock.set('2027-01-05T09:00:00Z');
  const closed = await (await world.resolve(REPORTS.PeriodClosing)).close(MACHINE, ORG, '2026-12');
  const account = (name: string) => closed.trialBalance.accounts.find((line) => line.account === name);
  t.is(account('producerCommissionPayable')?.debits, cents(december.earned + after.clawedBack), 'paid out, and clawed back');
  t.is(closed.trialBalance.totals.balance, cents(0));
});

test('a payout is one write with its posting: whichever write fails, nothing is kept and all of it is still payable', async (t) => {
  const faults = new Map<string, number | Fault>();
  const world = await useCaseWorld({ store: (store: CollectionStore) => withFaults(store, faults) });
  t.teardown(world.close);
  const commissions = await world.resolve(BILLING.ProducerCommissions);
  const producer = await aRegisteredProducer(world, ORG, { id: 'usr_faulty', name: 'Fay Faulty', email: 'fay@example.com' });
  const { policy } = await aBoundPolicy(world, ORG, { risk: aRisk({ insuredName: 'Faulty Co', ...{ producerId: producer.id } }), plan: 'PIF' });
  const [bill] = await installmentsOf(world, ORG, policy.id);
  await (await world.resolve(BILLING.InvoicePayments)).pay(MACHINE, ORG, bill!.id, { amount: bill!.amount, method: 'check', reference: 'chk-faulty' });
  const { earned } = await commissions.statement(ORG, producer.id, '2026-12');
  const whole = { amount: earned, method: 'ach' as const, month: '2026-12' };
  const journal = await world.resolve(BILLING.Journal);

  for (const [fault, reference] of [
    ['producer_payouts', 'ach-1'],
    ['journal_entries', 'ach-2'],
    ['updateOne:producer_paid_totals', 'ach-3'],
  ] as const) {
    faults.set(fault, 1);
    t.is(await rejectionCodeOf(commissions.pay(MACHINE, ORG, producer.id, { ...whole, reference })), 'unexpected', fault);
    t.is((await journal.list(ORG, { limit: 10 })).data.length, 0, `${fault}: nothing posted`);
    t.like(await commissions.statement(ORG, producer.id, '2026-12'), { paid: 0 }, `${fault}: nothing paid`);
  }
  const paid = await commissions.pay(MACHINE, ORG, producer.id, { ...whole, reference: 'ach-2' });
  t.true(paid.created);
  t.false((await commissions.pay(MACHINE, ORG, producer.id, { ...whole, reference: 'ach-2' })).created);
  t.is((await journal.list(ORG, { limit: 10 })).data.length, 1, 'posted once');
  t.like(await commissions.statement(ORG, producer.id, '2026-12'), { paid: earned, closing: 0 });
});
