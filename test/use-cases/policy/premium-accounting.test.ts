import test from 'ava';
import { BILLING } from '../../../bootstrap/billing.tokens.ts';
import { POLICY } from '../../../bootstrap/policy.tokens.ts';
import { cents } from '../../../core/shared/money.ts';
import { theKeptPremium } from '../../../ports/policy/kept-premium.port.ts';
import { allKeptFigures } from '../../../ports/shared/persistence/kept-figures.port.ts';
import type { InstallmentPlan } from '../../../core/billing/installment-plan.ts';
import { rejectionOf } from '../../support/error-codes.ts';
import { aRisk } from '../../support/mothers.ts';
import { aBoundPolicy, MACHINE, useCaseWorld, type UseCaseWorld } from '../../support/use-cases.ts';

const ORG = 'org_premium';

/** GL, NAICS 541511, OH, revenue $3.65M, limit $1M, 2027: rated at $2,774 a year. */
const AUDIT_RISK = aRisk({ annualRevenue: cents(365_000_000), requestedLimit: cents(100_000_000), effectiveDate: '2027-01-01' });

const world = async (t: { teardown(fn: () => Promise<void>): void }): Promise<UseCaseWorld> => {
  const made = await useCaseWorld();
  t.teardown(made.close);
  return made;
};

const bound = (w: UseCaseWorld, plan: InstallmentPlan, risk = AUDIT_RISK) => aBoundPolicy(w, ORG, { plan, risk });

/** What the policy's invoices not voided come to, in cents. */
const netBilling = async (w: UseCaseWorld, policyId: string): Promise<number> => {
  const invoices = (await (await w.resolve(BILLING.InvoiceRepository)).list(ORG, { policyId }, { limit: 100 })).data;
  return invoices.filter((invoice) => invoice.status !== 'void').reduce((sum, invoice) => sum + invoice.amount, 0);
};

const aggregate = async (w: UseCaseWorld): Promise<number> =>
  (await w.store.collection<{ _id: string; written: number }>('da_aggregates').findOne({ _id: `${ORG}:default:2027` }))?.written ?? 0;

test('an endorsement then a cancellation reaching back before it: billing comes to the premium earned, and so does the aggregate', async (t) => {
  const w = await world(t);
  const lifecycle = await w.resolve(POLICY.PolicyLifecycle);
  const { policy } = await bound(w, 'MONTHLY_12');
  t.is(policy.grossPremium, cents(277_400));
  const endorsement = await lifecycle.endorse(MACHINE, ORG, policy.id, { effectiveDate: '2027-07-02', changes: { annualRevenue: cents(730_000_000) } });
  t.is(endorsement.premiumDelta, cents(139_080));
  const cancelled = await lifecycle.cancel(MACHINE, ORG, policy.id, { effectiveDate: '2027-02-01', reason: 'underwriting' });
  t.is(cancelled.cancellation?.returnPremium, cents(392_920));
  t.is(await netBilling(w, policy.id), 23_560, 'the insured is billed January at $2,774 a year');
  t.is(await aggregate(w), 23_560, 'the aggregate holds the net written premium');

  const premium = await w.resolve(POLICY.PolicyPremium);
  const yearEnd = await premium.asOf(ORG, policy.id, '2027-12-31');
  t.like(yearEnd, { asOf: '2027-12-31', written: 23_560, earned: 23_560, unearned: 0, billed: 23_560, collected: 0 });
  t.deepEqual(
    yearEnd.transactions.map((entry) => [entry.type, entry.writtenChange]),
    [
      ['bind', 277_400],
      ['endorsement', 139_080],
      ['cancellation', -392_920],
    ],
  );
  // Written by then: the bind alone; earned: 15 of 365 days; billed: the first installment.
  t.like(await premium.asOf(ORG, policy.id, '2027-01-15'), { written: 277_400, earned: 11_400, unearned: 266_000, billed: 23_117 });
});

test('an endorsement followed by a flat cancellation returns what was billed, no more', async (t) => {
  const w = await world(t);
  const lifecycle = await w.resolve(POLICY.PolicyLifecycle);
  const { policy } = await bound(w, 'PIF');
  await lifecycle.endorse(MACHINE, ORG, policy.id, { effectiveDate: '2027-07-02', changes: { annualRevenue: cents(730_000_000) } });
  t.is(await netBilling(w, policy.id), 416_480);
  const cancelled = await lifecycle.cancel(MACHINE, ORG, policy.id, { effectiveDate: '2027-01-01', reason: 'insured_request', method: 'flat' });
  t.is(cancelled.cancellation?.returnPremium, cents(416_480));
  t.is(await netBilling(w, policy.id), 0);
});

test('an endorsement effective before one already applied is refused out_of_sequence and changes nothing', async (t) => {
  const w = await world(t);
  const lifecycle = await w.resolve(POLICY.PolicyLifecycle);
  const { policy } = await bound(w, 'PIF');
  await lifecycle.endorse(MACHINE, ORG, policy.id, { effectiveDate: '2027-07-02', changes: { annualRevenue: cents(730_000_000) } });
  const early = await rejectionOf(lifecycle.endorse(MACHINE, ORG, policy.id, { effectiveDate: '2027-03-01', changes: { annualRevenue: cents(500_000_000) } }));
  t.like(early, { code: 'out_of_sequence', details: { latestEffectiveDate: '2027-07-02' } });
  t.is((await lifecycle.get(ORG, policy.id)).grossPremium, cents(554_800));
  t.is(await netBilling(w, policy.id), 416_480);
});

test('the rate tables are pinned to the term: after a new filing, an endorsement that changes nothing bills nothing, and a new term is priced on the filing', async (t) => {
  const w = await world(t);
  const lifecycle = await w.resolve(POLICY.PolicyLifecycle);
  // fixtures/rate-tables: GL rates rise 6 % for terms effective from 2027-07-01.
  const { quote, policy } = await bound(w, 'QUARTERLY', { ...AUDIT_RISK, effectiveDate: '2027-06-15' });
  t.like(quote, { grossPremium: 277_400, rateTableVersion: '2026-01' });
  t.like(policy, { grossPremium: 277_400, rateTableVersion: '2026-01', programId: 'default' });
  const nothing = await lifecycle.endorse(MACHINE, ORG, policy.id, {
    effectiveDate: '2027-08-01',
    changes: { state: 'OH' },
    description: 'Mailing address corrected, same state',
  });
  t.is(nothing.premiumDelta, cents(0), 'the term keeps the rates it was bound on');
  await lifecycle.endorse(MACHINE, ORG, policy.id, { effectiveDate: '2027-09-01', changes: { annualRevenue: cents(730_000_000) } });
  t.like(await lifecycle.get(ORG, policy.id), { grossPremium: 554_800, rateTableVersion: '2026-01' });
  t.is(await netBilling(w, policy.id), 277_400 + Math.round((277_400 * 288) / 366), 'the change re-rated on the old filing, for 288 of 366 days');

  const newTerm = await bound(w, 'QUARTERLY', { ...AUDIT_RISK, effectiveDate: '2027-08-01' });
  // 3,650 x 0.85 x 1.00 x 0.95 = 2,947.375
  t.like(newTerm.quote, { grossPremium: 294_738, rateTableVersion: '2027-07' });
  t.like(newTerm.quote.breakdown, { rateTableVersion: '2027-07', classRate: 0.85 });
  // The default program is admitted and charges no fee nor tax: the term's invoices bill premium alone.
  const report = await (await w.resolve(POLICY.PolicyPremium)).asOf(ORG, newTerm.policy.id, '2028-07-31');
  t.deepEqual(report.taxesAndFees, { policyFee: cents(0), taxes: [] });
  t.deepEqual(report.chargeTerms, { policyFee: cents(0), taxState: null, components: [] });
  const invoices = (await (await w.resolve(BILLING.InvoiceRepository)).list(ORG, { policyId: newTerm.policy.id }, { limit: 10 })).data;
  t.true(invoices.every((invoice) => invoice.lines.every((line) => line.kind === 'premium')));
});

test('an insured-requested cancellation keeps the minimum earned premium; reinstating bills it all back', async (t) => {
  const w = await world(t);
  const lifecycle = await w.resolve(POLICY.PolicyLifecycle);
  const { policy } = await bound(w, 'QUARTERLY');
  const cancelled = await lifecycle.cancel(MACHINE, ORG, policy.id, { effectiveDate: '2027-01-11', reason: 'insured_request', method: 'pro_rata' });
  // Ten days pro rata is $76; the program keeps at least 25 % of $2,774.
  t.is(cancelled.cancellation?.returnPremium, cents(208_050));
  t.is(await netBilling(w, policy.id), 69_350);
  await lifecycle.reinstate(MACHINE, ORG, policy.id);
  t.is(await netBilling(w, policy.id), 277_400);
  t.like(await (await w.resolve(POLICY.PolicyPremium)).asOf(ORG, policy.id, '2027-12-31'), { written: 277_400, earned: 277_400 });
});

test('the organization’s written, earned and unearned premium as of a date adds up its policies’ transactions, and no other organization’s', async (t) => {
  const w = await world(t);
  const lifecycle = await w.resolve(POLICY.PolicyLifecycle);
  const premium = await w.resolve(POLICY.PolicyPremium);
  await bound(w, 'PIF');
  const { policy: cancelled } = await bound(w, 'PIF');
  await lifecycle.cancel(MACHINE, ORG, cancelled.id, { effectiveDate: '2027-02-01', reason: 'underwriting' });
  t.like(await premium.organizationAsOf(ORG, '2027-01-15'), { policyCount: 2, written: 554_800, earned: 22_800, unearned: 532_000 });
  const yearEnd = await premium.organizationAsOf(ORG, '2027-12-31');
  t.like(yearEnd, { asOf: '2027-12-31', policyCount: 2, written: 300_960, earned: 300_960, unearned: 0 });
  t.deepEqual(yearEnd.byLineOfBusiness, [{ lineOfBusiness: 'GL', policyCount: 2, written: 300_960, earned: 300_960, unearned: 0 }]);
  t.like(await premium.organizationAsOf(ORG, '2026-12-31'), { policyCount: 0, written: 0, earned: 0, unearned: 0 });
  t.like(await premium.organizationAsOf('org_other', '2027-12-31'), { policyCount: 0 });
});

test('the figures contexts contribute are written as one, each one’s in turn; the premium report takes the one kept premium, and refuses none or two', (t) => {
  const first = { writes: () => [{ collection: 'a', insertOne: { _id: '1' } }] };
  const second = { writes: () => [{ collection: 'b', insertOne: { _id: '2' } }] };
  t.deepEqual(
    allKeptFigures([first, second])
      .writes({} as never, null)
      .map((write) => write.collection),
    ['a', 'b'],
  );
  t.deepEqual(allKeptFigures([]).writes({} as never, null), []);
  const kept = { premiumByLine: async () => [] };
  t.is(theKeptPremium([kept]), kept);
  t.throws(() => theKeptPremium([]), { message: /one kept premium; 0/ });
  t.throws(() => theKeptPremium([kept, kept]), { message: /one kept premium; 2/ });
});
