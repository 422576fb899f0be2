import { csvOf } from '../../support/bordereau.ts';
import test from 'ava';
import fc from 'fast-check';
import { ANALYTICS } from '../../../bootstrap/analytics.tokens.ts';
import { BILLING } from '../../../bootstrap/billing.tokens.ts';
import { CLAIMS } from '../../../bootstrap/claims.tokens.ts';
import { POLICY } from '../../../bootstrap/policy.tokens.ts';
import { everyRecord } from '../../../ports/shared/persistence/page.ts';
import { isSettled } from '../../../core/billing/credit.ts';
import { isDomainError } from '../../../core/shared/domain-error.ts';
import { addDays, addMonths, daysBetween, today, type CalendarDate } from '../../../core/shared/calendar-date.ts';
import { REPORTS } from '../../../bootstrap/reports.tokens.ts';
import { cents } from '../../../core/shared/money.ts';
import { monthRange } from '../../../core/analytics/portfolio.ts';
import { totalsByMonth } from '../../../core/billing/commission-totals.ts';
import type { PortfolioDaysStore } from '../../../adapters/persistence/analytics/portfolio-days.store.ts';
import type { LedgerStoreRepository } from '../../../adapters/persistence/billing/commission.store-repositories.ts';
import type { ReceivableDaysStore } from '../../../adapters/persistence/billing/receivable-days.store.ts';
import { sumAccounts } from '../../../core/billing/policy-account.ts';
import { aRisk } from '../../support/mothers.ts';
import { SettableClock } from '../../support/settable-clock.ts';
import { aBoundPolicy, MACHINE, receivablesPages, USE_CASE_START, useCaseWorld, type UseCaseWorld, aRegisteredProducer } from '../../support/use-cases.ts';

const ORG = 'org_lifecycles';

type Step =
  | { kind: 'pay'; share: number }
  | { kind: 'endorse'; day: number; revenue: number }
  | { kind: 'cancel'; day: number; reason: 'insured_request' | 'non_payment' | 'underwriting' }
  | { kind: 'reinstate' }
  | { kind: 'refund' }
  | { kind: 'refundPayment'; share: number }
  | { kind: 'tick'; days: number }
  | { kind: 'writeOff'; share: number }
  | { kind: 'claim'; day: number; reserve: number; deny: boolean };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('pay' as const), share: fc.double({ min: 0, max: 0.999, noNaN: true }) }),
  fc.record({ kind: fc.constant('endorse' as const), day: fc.integer({ min: 1, max: 360 }), revenue: fc.constantFrom(500_000, 2_000_000, 9_000_000) }),
  fc.record({
    kind: fc.constant('cancel' as const),
    day: fc.integer({ min: 0, max: 360 }),
    reason: fc.constantFrom('insured_request' as const, 'non_payment' as const, 'underwriting' as const),
  }),
  fc.record({ kind: fc.constant('reinstate' as const) }),
  fc.record({ kind: fc.constant('refund' as const) }),
  fc.record({ kind: fc.constant('refundPayment' as const), share: fc.double({ min: 0, max: 0.999, noNaN: true }) }),
  fc.record({ kind: fc.constant('tick' as const), days: fc.integer({ min: 1, max: 120 }) }),
  fc.record({ kind: fc.constant('writeOff' as const), share: fc.double({ min: 0, max: 0.999, noNaN: true }) }),
  fc.record({
    kind: fc.constant('claim' as const),
    day: fc.integer({ min: 0, max: 120 }),
    reserve: fc.integer({ min: 0, max: 5_000_000 }),
    deny: fc.boolean(),
  }),
);

/** Refusals a generated step may meet; anything else is a failure of the property. */
const EXPECTED = new Set([
  'out_of_sequence',
  'invalid_transition',
  'validation_failed',
  'flat_cancellation_after_inception',
  'payout_exceeds_cash',
  'refund_exceeds_payments',
  'overpayment',
  'not_bindable',
  'loss_outside_coverage',
  // A cancellation back over a loss reported in the period is an underwriter's decision.
  'claims_in_period',
]);

/** Per ledger account, credits less debits over every posting of the policy. */
const postedTo = async (world: UseCaseWorld, policyId: string) => {
  const ledger = await world.resolve(BILLING.LedgerRepository);
  const entries = await everyRecord((page) => ledger.list(ORG, { policyId }, page));
  const balance: Record<string, number> = {};
  for (const line of entries.flatMap((entry) => entry.lines)) balance[line.account] = (balance[line.account] ?? 0) + line.credit - line.debit;
  return balance;
};

/**
 * After every step: nothing billed that is not owed beside a credit, cash held never negative,
 * written and unearned never negative, and the producer's commission records equal to what the
 * ledger owes the producer, the MGA's to what it posted as its income.
 */
const checkBooks = async (world: UseCaseWorld, policyId: string, dates: readonly CalendarDate[]): Promise<string | null> => {
  const invoices = await (await world.resolve(BILLING.InvoiceRepository)).forPolicy(ORG, policyId);
  const open = invoices.filter((invoice) => invoice.status === 'open' && !isSettled(invoice));
  if (open.some((invoice) => invoice.amount < 0) && open.some((invoice) => invoice.amount > 0)) return 'an open credit stands beside an open charge';
  const account = await (await world.resolve(BILLING.PolicyAccounts)).account(ORG, policyId, '2099-01-01');
  if (account.payments - account.refunds < 0) return `cash held is negative: ${JSON.stringify(account)}`;
  // The ledger's receivable, less what it owes the insured, is the account's balance.
  const ledger = await postedTo(world, policyId);
  const owedInLedger = -(ledger.premiumReceivable ?? 0) - (ledger.owedToInsureds ?? 0);
  if (owedInLedger !== account.balance) return `the ledger says the insured owes ${owedInLedger}, the account ${account.balance}`;
  const repository = await world.resolve(BILLING.CommissionRepository);
  const commissions = await everyRecord((page) => repository.list(ORG, { policyId }, page));
  if (commissions.length > 0) {
    const posted = await postedTo(world, policyId);
    const recorded = (field: 'agentCommission' | 'mgaCommission') => commissions.reduce((sum, row) => sum + row[field], 0);
    if (recorded('agentCommission') !== (posted.producerCommissionPayable ?? 0) || recorded('mgaCommission') !== (posted.mgaCommissionIncome ?? 0))
      return `commission records ${recorded('agentCommission')}/${recorded('mgaCommission')} against the ledger ${JSON.stringify(posted)}`;
  }
  const premium = await world.resolve(POLICY.PolicyPremium);
  for (const date of dates) {
    const figures = await premium.asOf(ORG, policyId, date);
    if (figures.written < 0 || figures.unearned < 0) return `on ${date}: ${JSON.stringify({ written: figures.written, unearned: figures.unearned })}`;
  }
  return null;
};

/** Time passes: the clock moves on and every month that has ended closes, its premium bordereau kept as closed. */
const tick = async (world: UseCaseWorld, clock: SettableClock, days: number, kept: Map<string, string>) => {
  clock.set(`${addDays(today(clock.now()), days)}T12:00:00Z`);
  const closing = await world.resolve(REPORTS.PeriodClosing);
  for (const period of await closing.list(ORG)) {
    if (period.status === 'closed' || !period.ended) continue;
    const { trialBalance } = await closing.close(MACHINE, ORG, period.month);
    if (trialBalance.totals.debits !== trialBalance.totals.credits || trialBalance.totals.balance !== 0)
      throw new Error(`The trial balance of ${period.month} does not balance: ${JSON.stringify(trialBalance.totals)}`);
    kept.set(period.month, await csvOf((await world.resolve(REPORTS.Bordereaux)).premium(ORG, period.month)));
  }
};

/** A closed month's bordereau is the one kept at its close, byte for byte. */
const checkClosedMonths = async (world: UseCaseWorld, kept: ReadonlyMap<string, string>): Promise<string | null> => {
  const bordereaux = await world.resolve(REPORTS.Bordereaux);
  for (const [month, csv] of kept) if ((await csvOf(bordereaux.premium(ORG, month))) !== csv) return `the closed ${month} bordereau changed`;
  return null;
};

/**
 * Every month's bordereau, closed or open, taken together: the policy's written premium is booked
 * in exactly one month each (their sum is the term's net written premium), and its earned premium
 * adds up to what the term earned by its end.
 */
const checkMonthsAddUp = async (world: UseCaseWorld, policyId: string, from: CalendarDate): Promise<string | null> => {
  const policy = await (await world.resolve(POLICY.PolicyRepository)).findById(ORG, policyId);
  const figures = await (await world.resolve(POLICY.PolicyPremium)).asOf(ORG, policyId, '2099-01-01');
  const bordereaux = await world.resolve(REPORTS.Bordereaux);
  let [written, earned] = [0, 0];
  for (let month = from.slice(0, 7); month <= (policy?.expirationDate ?? from).slice(0, 7); month = addMonths(`${month}-01`, 1).slice(0, 7)) {
    const [header, ...lines] = (await csvOf(bordereaux.premium(ORG, month)))
      .trimEnd()
      .split('\r\n')
      .map((line) => line.split(','));
    const line = lines.find((cells) => cells[0] === policy?.policyNumber);
    written += Math.round(Number(line?.[header?.indexOf('Written Premium') ?? -1] ?? 0) * 100);
    earned += Math.round(Number(line?.[header?.indexOf('Earned Premium') ?? -1] ?? 0) * 100);
  }
  if (written !== figures.written || earned !== figures.earned)
    return `months add up to written ${written} and earned ${earned}, the term to ${figures.written} and ${figures.earned}`;
  return null;
};

/**
 * The commission totals kept with each posting equal a recount of the organization's commission
 * records and postings, month by month, to the cent.
 */
const checkCommissionTotals = async (world: UseCaseWorld): Promise<string | null> => {
  const ledger = await world.resolve(BILLING.LedgerRepository);
  const { start, end } = monthRange('2000-01', '2099-12');
  const recount = totalsByMonth(await (await world.resolve(BILLING.CommissionChanges)).between(ORG, start, end));
  const kept = await ledger.commissionTotals(ORG, '2000-01', '2099-12');
  const byMonth = (totals: typeof kept) => JSON.stringify([...totals].sort((a, b) => a.month.localeCompare(b.month)));
  return byMonth(kept) === byMonth(recount) ? null : `kept commission totals ${byMonth(kept)}, recounted ${byMonth(recount)}`;
};

/**
 * The portfolio read from the figures kept with each policy and claim equals its recount from
 * every policy and claim of the organization, to the cent, on each date (before, within and after
 * the terms written so far).
 */
const checkPortfolio = async (world: UseCaseWorld, dates: readonly CalendarDate[]): Promise<string | null> => {
  const analytics = await world.resolve(ANALYTICS.Analytics);
  for (const date of dates) {
    const [kept, recounted] = [await analytics.portfolio(ORG, date), await analytics.recountedPortfolio(ORG, date)];
    if (JSON.stringify(kept) !== JSON.stringify(recounted)) return `portfolio on ${date}: kept ${JSON.stringify(kept)}, recounted ${JSON.stringify(recounted)}`;
  }
  return null;
};

/**
 * The receivables' totals, read from the kept sums and the marked policies, equal the sum of
 * every policy's account on each date (walked page by page, each line counted from its records).
 */
const checkReceivables = async (world: UseCaseWorld, dates: readonly CalendarDate[]): Promise<string | null> => {
  for (const date of dates) {
    const { totals, lines } = await receivablesPages(world, ORG, date, 7);
    const [kept, summed] = [JSON.stringify(totals), JSON.stringify(sumAccounts(lines))];
    if (kept !== summed) return `receivables on ${date}: totals ${kept}, lines add up to ${summed}`;
  }
  return null;
};

test('generated lifecycles through the use cases keep the books whole after every step', async (t) => {
  const clock = new SettableClock(USE_CASE_START);
  const world = await useCaseWorld({ clock });
  t.teardown(world.close);
  const kept = new Map<string, string>();
  const lifecycle = await world.resolve(POLICY.PolicyLifecycle);
  const payments = await world.resolve(BILLING.InvoicePayments);
  const credits = await world.resolve(BILLING.CreditSettlement);
  const cards = await world.resolve(BILLING.PaymentRefunds);
  const writeOffs = await world.resolve(BILLING.InvoiceWriteOffs);
  const producer = await aRegisteredProducer(world, ORG, { id: 'usr_seller', name: 'Sal Seller', email: 'sal@example.com' });
  let [runs, claimed] = [0, 0];
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom('PIF' as const, 'QUARTERLY' as const, 'MONTHLY_10' as const),
      fc.boolean(),
      fc.array(step, { minLength: 1, maxLength: 6 }),
      async (plan, sold, steps) => {
        runs += 1;
        const effectiveDate = addDays(today(clock.now()), 15);
        const risk = aRisk({ insuredName: `Lifecycle ${runs}`, effectiveDate, ...(sold ? { producerId: producer.id } : {}) });
        const { policy } = await aBoundPolicy(world, ORG, { risk, plan });
        const start = policy.effectiveDate;
        const dates: CalendarDate[] = [start, addDays(start, 364)];
        for (const [index, next] of steps.entries()) {
          try {
            if (next.kind === 'pay') {
              const invoices = (await (await world.resolve(BILLING.InvoiceRepository)).forPolicy(ORG, policy.id)).filter(
                (invoice) => invoice.status === 'open' && invoice.amount > invoice.paidAmount,
              );
              const target = invoices[Math.floor(next.share * invoices.length)];
              if (target)
                await payments.pay(MACHINE, ORG, target.id, {
                  amount: cents(target.amount - target.paidAmount),
                  method: 'check',
                  reference: `chk-${runs}-${index}`,
                });
            } else if (next.kind === 'endorse') {
              dates.push(addDays(start, next.day));
              await lifecycle.endorse(MACHINE, ORG, policy.id, {
                effectiveDate: addDays(start, next.day),
                changes: { annualRevenue: cents(next.revenue * 100) },
              });
            } else if (next.kind === 'cancel') {
              dates.push(addDays(start, next.day));
              await lifecycle.cancel(MACHINE, ORG, policy.id, { effectiveDate: addDays(start, next.day), reason: next.reason });
            } else if (next.kind === 'reinstate') await lifecycle.reinstate(MACHINE, ORG, policy.id);
            else if (next.kind === 'tick') await tick(world, clock, next.days, kept);
            else if (next.kind === 'claim') {
              const claims = await world.resolve(CLAIMS.Claims);
              // A loss within the term; time passes to it first (none is reported before it happens).
              const lossDate = addDays(start, next.day);
              if (lossDate > today(clock.now())) await tick(world, clock, daysBetween(today(clock.now()), lossDate), kept);
              dates.push(lossDate);
              const claim = await claims.file(MACHINE, ORG, { policyId: policy.id, lossDate, description: `Loss ${runs}-${index}` });
              await claims.reserve(MACHINE, ORG, claim.id, { indemnity: cents(next.reserve), expense: cents(Math.floor(next.reserve / 10)) });
              claimed += 1;
              if (next.deny) await claims.deny(MACHINE, ORG, claim.id, 'Excluded peril');
            } else if (next.kind === 'writeOff') {
              const unpaid = (await (await world.resolve(BILLING.InvoiceRepository)).forPolicy(ORG, policy.id)).filter(
                (invoice) => invoice.status === 'open' && invoice.amount > invoice.paidAmount,
              );
              const target = unpaid[Math.floor(next.share * unpaid.length)];
              if (target) await writeOffs.writeOff(MACHINE, ORG, target.id, 'uncollectible');
            } else if (next.kind === 'refundPayment') {
              const paidInvoices = (await (await world.resolve(BILLING.InvoiceRepository)).forPolicy(ORG, policy.id)).filter(
                (invoice) => invoice.amount > 0 && invoice.paidAmount > 0,
              );
              const target = paidInvoices[Math.floor(next.share * paidInvoices.length)];
              if (target)
                await cards.refund(MACHINE, ORG, target.id, {
                  amount: cents(Math.max(1, Math.floor(target.paidAmount / 2))),
                  reference: `rp-${runs}-${index}`,
                });
            } else {
              const credit = (await (await world.resolve(BILLING.InvoiceRepository)).forPolicy(ORG, policy.id)).find(
                (invoice) => invoice.kind === 'credit' && invoice.status === 'open' && !isSettled(invoice),
              );
              if (credit) await credits.settle(MACHINE, ORG, credit.id, { method: 'refund', reference: `rf-${runs}-${index}` });
            }
          } catch (error) {
            if (!(isDomainError(error) && EXPECTED.has(error.code))) throw error;
          }
          const broken = (await checkBooks(world, policy.id, dates)) ?? (await checkClosedMonths(world, kept));
          if (broken) {
            t.log(`${plan} ${JSON.stringify(steps.slice(0, index + 1))}: ${broken}`);
            return false;
          }
        }
        const unbalanced =
          (await checkMonthsAddUp(world, policy.id, USE_CASE_START.slice(0, 10))) ??
          (await checkCommissionTotals(world)) ??
          (await checkPortfolio(world, [addDays(start, -1), ...dates, addDays(start, 400), today(clock.now())])) ??
          (await checkReceivables(world, [addDays(start, -1), ...dates.slice(-2), addDays(start, 400), today(clock.now())]));
        if (unbalanced) t.log(`${plan} ${JSON.stringify(steps)}: ${unbalanced}`);
        return unbalanced === null;
      },
    ),
    { numRuns: Number(process.env.LIFECYCLE_RUNS ?? 60), seed: Number(process.env.LIFECYCLE_SEED ?? 20261126) },
  );
  t.log(`${runs} generated lifecycles, ${kept.size} months closed, ${claimed} claims filed`);
  // Rebuilt from the postings alone (a restored or migrated store), the totals are the same.
  const before = await (await world.resolve(BILLING.LedgerRepository)).commissionTotals(ORG, '2000-01', '2099-12');
  const rebuilt = await ((await world.resolve(BILLING.LedgerRepository)) as LedgerStoreRepository).totals.rebuild();
  t.true(rebuilt.months > 1 && rebuilt.postings > runs);
  t.deepEqual(await (await world.resolve(BILLING.LedgerRepository)).commissionTotals(ORG, '2000-01', '2099-12'), before);
  t.is(await checkCommissionTotals(world), null);
  // The portfolio's kept days, rebuilt from the policies and claims alone, read the same.
  const analytics = await world.resolve(ANALYTICS.Analytics);
  const dates = ['2027-01-01', today(clock.now()), '2099-01-01'];
  const keptBefore = await Promise.all(dates.map((date) => analytics.portfolio(ORG, date)));
  const recounted = await ((await world.resolve(ANALYTICS.PortfolioDays)) as PortfolioDaysStore).rebuild();
  t.true(recounted.policies >= runs && recounted.claims === claimed && recounted.months > 12);
  t.deepEqual(await Promise.all(dates.map((date) => analytics.portfolio(ORG, date))), keptBefore);
  t.is(await checkPortfolio(world, dates), null);
  // The kept receivables, counted again from the invoices and rows alone, read the same.
  const accounts = await world.resolve(BILLING.PolicyAccounts);
  const receivablesBefore = await Promise.all(dates.map(async (date) => (await accounts.receivables(ORG, date, { limit: 1 })).totals));
  const counted = await ((await world.resolve(BILLING.KeptReceivables)) as ReceivableDaysStore).rebuild();
  t.true(counted.invoices > runs && counted.rows > 0);
  t.deepEqual(await Promise.all(dates.map(async (date) => (await accounts.receivables(ORG, date, { limit: 1 })).totals)), receivablesBefore);
  t.is(await checkReceivables(world, dates), null);
});
