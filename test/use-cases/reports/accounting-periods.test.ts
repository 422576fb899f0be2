import { csvOf } from '../../support/bordereau.ts';
import test from 'ava';
import { AUDIT } from '../../../bootstrap/audit.tokens.ts';
import { BILLING } from '../../../bootstrap/billing.tokens.ts';
import { POLICY } from '../../../bootstrap/policy.tokens.ts';
import { REPORTS } from '../../../bootstrap/reports.tokens.ts';
import { cents } from '../../../core/shared/money.ts';
import { rejectionCodeOf } from '../../support/error-codes.ts';
import { aRisk } from '../../support/mothers.ts';
import { SettableClock } from '../../support/settable-clock.ts';
import { withFaults, type Fault } from '../../support/faulty-store.ts';
import type { CollectionStore } from '../../../ports/shared/persistence/collection-store.port.ts';
import { aBoundPolicy, installmentsOf, MACHINE, useCaseWorld } from '../../support/use-cases.ts';

/**
 * Month-end close over the in-memory engine: months close in order once ended, a closed month's
 * bordereau keeps its bytes, late changes are booked in the first open month, the trial balance
 * balances, and only the latest closed month reopens.
 */
const ORG = 'org_periods';

const column = (csv: string, policyNumber: string, name: string): string | undefined => {
  const [header, ...lines] = csv
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','));
  const line = lines.find((cells) => cells[0] === policyNumber);
  return line?.[header?.indexOf(name) ?? -1];
};

test('months close in order once ended; a closed month keeps its bordereau; a late change is booked in the first open month', async (t) => {
  const clock = new SettableClock('2026-12-15T12:00:00Z');
  const world = await useCaseWorld({ clock });
  t.teardown(world.close);
  const [closing, bordereaux, lifecycle] = [
    await world.resolve(REPORTS.PeriodClosing),
    await world.resolve(REPORTS.Bordereaux),
    await world.resolve(POLICY.PolicyLifecycle),
  ];
  t.deepEqual(await closing.list(ORG), [], 'nothing booked, no periods');
  const { policy } = await aBoundPolicy(world, ORG, { risk: aRisk({ insuredName: 'Periods Co' }), plan: 'PIF' });
  t.like(policy.premium?.[0], { bookedOn: '2026-12-15', accountingMonth: '2027-01' });
  const [bill] = await installmentsOf(world, ORG, policy.id);
  await (await world.resolve(BILLING.InvoicePayments)).pay(MACHINE, ORG, bill!.id, { amount: bill!.amount, method: 'check', reference: 'chk-1' });
  // The payment was booked in December, the premium in January: the periods begin in December
  // and run through the current month.
  t.like(await closing.list(ORG), [{ month: '2026-12', status: 'open', ended: false }]);
  t.is(await rejectionCodeOf(closing.close(MACHINE, ORG, '2026-12')), 'invalid_transition', 'December has not ended');

  clock.set('2027-03-02T09:00:00Z');
  t.is(await rejectionCodeOf(closing.close(MACHINE, ORG, '2027-01')), 'period_order', 'December closes first');
  const december = await closing.close(MACHINE, ORG, '2026-12');
  t.true(
    december.trialBalance.accounts.some((line) => line.account === 'premiumTrustCash' && line.debits > 0),
    'the payment is December’s',
  );
  t.is(await rejectionCodeOf(closing.close(MACHINE, ORG, '2027-02')), 'period_order', 'January closes first');
  const january = { csv: await csvOf(bordereaux.premium(ORG, '2027-01')) };
  t.is((await bordereaux.premium(ORG, '2027-01')).closedAt, null);
  const closed = await closing.close(MACHINE, ORG, '2027-01');
  t.is(closed.trialBalance.totals.debits, closed.trialBalance.totals.credits);
  t.is(closed.trialBalance.totals.balance, cents(0));
  t.true(closed.trialBalance.accounts.some((line) => line.account === 'premiumTrustCash' && line.balance > 0 && line.debits === 0));
  t.is(await rejectionCodeOf(closing.close(MACHINE, ORG, '2027-01')), 'invalid_transition', 'closed already');
  const kept = await bordereaux.premium(ORG, '2027-01');
  t.is(await csvOf(kept), january.csv);
  t.true(kept.closedAt instanceof Date);

  // A back-dated endorsement from January: its premium is booked in February, the first open month.
  await lifecycle.endorse(MACHINE, ORG, policy.id, { effectiveDate: '2027-01-20', changes: { annualRevenue: cents(Number(aRisk().annualRevenue) * 2) } });
  const endorsed = await (await world.resolve(POLICY.PolicyRepository)).findById(ORG, policy.id);
  t.like(endorsed?.premium?.[1], { type: 'endorsement', effectiveDate: '2027-01-20', bookedOn: '2027-03-02', accountingMonth: '2027-02' });
  t.is(await csvOf(bordereaux.premium(ORG, '2027-01')), january.csv, 'January is unchanged by the late change');
  const february = await csvOf(bordereaux.premium(ORG, '2027-02'));
  const change = endorsed?.premium?.[1]?.writtenChange ?? 0;
  t.not(change, 0);
  t.is(Number(column(february, policy.policyNumber, 'Written Premium')), change / 100);
  t.is(column(february, policy.policyNumber, 'Transaction Types'), 'endorsement');

  // Reopening: only the latest closed month, recorded with its reason; it then follows the records.
  await closing.close(MACHINE, ORG, '2027-02');
  t.is(await rejectionCodeOf(closing.reopen(MACHINE, ORG, '2027-01', 'typo')), 'period_order');
  await closing.reopen(MACHINE, ORG, '2027-02', 'late check batch');
  t.like(await closing.list(ORG), [
    { month: '2026-12', status: 'closed' },
    { month: '2027-01', status: 'closed' },
    { month: '2027-02', status: 'open' },
    { month: '2027-03', status: 'open' },
  ]);
  const audit = await (await world.resolve(AUDIT.AuditLog)).list(ORG, { limit: 10 });
  t.true(audit.data.some((entry) => entry.action === 'accounting_period.reopened' && entry.details.reason === 'late check batch'));
});

test('a transaction booked in a month while it closed (after its rows were kept) is reported in the first open month, once', async (t) => {
  const clock = new SettableClock('2027-01-10T12:00:00Z');
  const world = await useCaseWorld({ clock });
  t.teardown(world.close);
  const [closing, bordereaux, lifecycle] = [
    await world.resolve(REPORTS.PeriodClosing),
    await world.resolve(REPORTS.Bordereaux),
    await world.resolve(POLICY.PolicyLifecycle),
  ];
  const { policy } = await aBoundPolicy(world, ORG, { risk: aRisk({ insuredName: 'Race Co', effectiveDate: '2027-01-01' }), plan: 'PIF' });
  clock.set('2027-02-03T12:00:00Z');
  await closing.close(MACHINE, ORG, '2027-01');
  const january = await csvOf(bordereaux.premium(ORG, '2027-01'));
  // An endorsement that read the periods before January closed, and wrote after its rows were kept.
  await lifecycle.endorse(MACHINE, ORG, policy.id, { effectiveDate: '2027-01-20', changes: { annualRevenue: cents(Number(aRisk().annualRevenue) * 2) } });
  await world.store.collection('policies').updateOne({ _id: policy.id }, { $set: { 'premium.1.accountingMonth': '2027-01' } });
  const stored = await (await world.resolve(POLICY.PolicyRepository)).findById(ORG, policy.id);
  t.is(stored?.premium?.[1]?.accountingMonth, '2027-01', 'booked in the closed month');

  t.is(await csvOf(bordereaux.premium(ORG, '2027-01')), january, 'the closed month keeps its bytes');
  const february = await csvOf(bordereaux.premium(ORG, '2027-02'));
  t.is(Number(column(february, policy.policyNumber, 'Written Premium')), (stored?.premium?.[1]?.writtenChange ?? 0) / 100);
  t.is(column(february, policy.policyNumber, 'Transaction Types'), 'endorsement');
  t.is(Number(column(await csvOf(bordereaux.premium(ORG, '2027-03')), policy.policyNumber, 'Written Premium')), 0, 'and only there');
});

test('a close interrupted after the month was marked closed is finished by closing again; a reopen that fails changes nothing', async (t) => {
  const faults = new Map<string, number | Fault>();
  const clock = new SettableClock('2027-01-10T12:00:00Z');
  const world = await useCaseWorld({ clock, store: (store: CollectionStore) => withFaults(store, faults) });
  t.teardown(world.close);
  const [closing, bordereaux] = [await world.resolve(REPORTS.PeriodClosing), await world.resolve(REPORTS.Bordereaux)];
  const { policy } = await aBoundPolicy(world, ORG, { risk: aRisk({ insuredName: 'Crash Co', effectiveDate: '2027-01-01' }), plan: 'PIF' });
  clock.set('2027-02-03T12:00:00Z');
  const january = await csvOf(bordereaux.premium(ORG, '2027-01'));
  faults.set('updateOne:closed_months', 1);
  t.is(await rejectionCodeOf(closing.close(MACHINE, ORG, '2027-01')), 'unexpected');
  t.like(await closing.list(ORG), [{ month: '2027-01', status: 'closed', closedAt: null }], 'closed, its close not recorded');
  t.is(await csvOf(bordereaux.premium(ORG, '2027-01')), january, 'its rows were kept');
  const finished = await closing.close(MACHINE, ORG, '2027-01');
  t.is(finished.trialBalance.totals.balance, cents(0));
  t.like(await closing.list(ORG), [{ month: '2027-01', status: 'closed' }]);
  t.truthy((await closing.list(ORG))[0]?.closedAt);

  faults.set('updateOne:period_books', 1);
  t.is(await rejectionCodeOf(closing.reopen(MACHINE, ORG, '2027-01', 'typo')), 'unexpected');
  t.like(await closing.list(ORG), [{ month: '2027-01', status: 'closed' }], 'still closed, with its rows');
  t.true((await bordereaux.premium(ORG, '2027-01')).closedAt instanceof Date);
  t.truthy(policy.id);
});

test('a closed month keeps the bordereau header it closed with: one closed before the payee columns keeps its twelve', async (t) => {
  const clock = new SettableClock('2026-12-15T12:00:00Z');
  const world = await useCaseWorld({ clock });
  t.teardown(world.close);
  const [closing, bordereaux] = [await world.resolve(REPORTS.PeriodClosing), await world.resolve(REPORTS.Bordereaux)];
  await aBoundPolicy(world, ORG, { risk: aRisk({ insuredName: 'Header Co' }), plan: 'PIF' });
  clock.set('2027-03-02T09:00:00Z');
  await closing.close(MACHINE, ORG, '2026-12');
  await closing.close(MACHINE, ORG, '2027-01');
  const header = async (month: string) => (await csvOf(bordereaux.premium(ORG, month))).split('\r\n')[0]!.split(',');
  t.deepEqual((await header('2027-01')).slice(12), [
    'Home State',
    'Surplus Lines Tax',
    'Stamping Fee',
    'Fire Marshal Tax',
    'State Fund Fees',
    'Local Premium Tax',
  ]);
  // As a month closed before the header was kept: its stored rows, and the twelve columns it had.
  await world.store.collection('closed_month_rows').deleteMany({ orgId: ORG, month: '2026-12', kind: 'premium-columns' });
  t.is((await header('2026-12')).length, 12);
  t.is((await header('2026-12')).at(-1), 'Taxes');
});

/** The store, with `before` run once ahead of the first group that writes a ledger posting while it is set. */
const beforeThePosting = (store: CollectionStore, before: () => (() => Promise<void>) | null): CollectionStore =>
  new Proxy(store, {
    get(target, property, receiver) {
      if (property !== 'writeTogether') return Reflect.get(target, property, receiver);
      return async (writes: Parameters<CollectionStore['writeTogether']>[0]) => {
        const hook = before();
        if (hook && writes.some((write) => write.collection === 'ledger_entries' && 'insertOne' in write)) await hook();
        return target.writeTogether(writes);
      };
    },
  });

test('a posting decided while its month was open and written after the month closed is refused whole, then booked in the first open month', async (t) => {
  const clock = new SettableClock('2027-01-10T12:00:00Z');
  let closeFirst: (() => Promise<void>) | null = null;
  let januaryAtClose: unknown = null;
  const world = await useCaseWorld({ clock, store: (store) => beforeThePosting(store, () => closeFirst) });
  t.teardown(world.close);
  const closing = await world.resolve(REPORTS.PeriodClosing);
  const { policy } = await aBoundPolicy(world, ORG, { risk: aRisk({ insuredName: 'Midnight Co', effectiveDate: '2027-01-01' }), plan: 'PIF' });
  const [invoice] = await installmentsOf(world, ORG, policy.id);
  clock.set('2027-01-31T23:00:00Z');
  // The payment reads the periods in January; January ends and closes before its write lands.
  closeFirst = async () => {
    closeFirst = null;
    clock.set('2027-02-01T01:00:00Z');
    januaryAtClose = (await closing.close(MACHINE, ORG, '2027-01')).trialBalance;
  };
  await (await world.resolve(BILLING.InvoicePayments)).pay(MACHINE, ORG, invoice!.id, { amount: invoice!.amount, method: 'check', reference: 'chk-midnight' });
  t.truthy(januaryAtClose, 'January closed between the payment’s reads and its write');
  const postings = (await (await world.resolve(BILLING.LedgerRepository)).list(ORG, { policyId: policy.id }, { limit: 10 })).data;
  t.deepEqual(
    postings.map((posting) => posting.accountingMonth).sort(),
    ['2027-01', '2027-02'],
    'the bind in January, the payment in February, the first open month',
  );
  t.like(await closing.list(ORG), [{ month: '2027-01', status: 'closed' }]);
  t.deepEqual(await (await world.resolve(BILLING.AccountingPeriods)).trialBalance(ORG, '2027-01'), januaryAtClose, 'the closed month is as it closed');
});
