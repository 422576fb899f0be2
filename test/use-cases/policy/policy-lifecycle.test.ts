import test from 'ava';
import { installmentSchedule } from '../../../core/billing/installment-plan.ts';
import { cents, type Cents } from '../../../core/shared/money.ts';
import { BILLING } from '../../../bootstrap/billing.tokens.ts';
import { POLICY } from '../../../bootstrap/policy.tokens.ts';
import { UNDERWRITING } from '../../../bootstrap/underwriting.tokens.ts';
import { SettableClock } from '../../support/settable-clock.ts';
import { aBoundPolicy, MACHINE, USE_CASE_START, useCaseWorld, type UseCaseWorld } from '../../support/use-cases.ts';
import { rejectionCodeOf } from '../../support/error-codes.ts';
import { aRisk } from '../../support/mothers.ts';
import { rateOnVersion } from '../../../core/underwriting/rate-manual.ts';

const ORG = 'org_uc';
const RISK = aRisk({ insuredName: 'Use Case Co' });

const bound = (world: UseCaseWorld, plan: 'PIF' | 'QUARTERLY' = 'QUARTERLY') => aBoundPolicy(world, ORG, { risk: RISK, plan });

const sum = (amounts: readonly Cents[]) => amounts.reduce((total, amount) => total + amount, 0);

test('bind issues the policy at the quoted premium, an invoice per installment summing to it, and policy.bound in its outbox', async (t) => {
  const world = await useCaseWorld();
  t.teardown(world.close);
  const { quote, policy, submission } = await bound(world);
  t.like(policy, { status: 'active', grossPremium: quote.grossPremium, effectiveDate: '2027-01-01', expirationDate: '2028-01-01', quoteId: quote.id });
  const invoices = (await (await world.resolve(BILLING.InvoiceRepository)).list(ORG, { policyId: policy.id }, { limit: 10 })).data;
  t.is(invoices.length, installmentSchedule('QUARTERLY', quote.grossPremium, '2027-01-01').length);
  t.is(sum(invoices.map((invoice) => invoice.amount)), quote.grossPremium);
  t.is((await (await world.resolve(UNDERWRITING.Submissions)).get(ORG, submission.id)).status, 'bound');
  const stored = await world.store.collection('policies').findOne({ _id: policy.id });
  t.deepEqual(
    (stored?.pendingEvents as { type: string }[]).map((event) => event.type),
    ['policy.bound'],
  );
  t.is(
    await rejectionCodeOf((await world.resolve(POLICY.Binding)).bind(MACHINE, ORG, submission.id, 'PIF')),
    'invalid_transition',
    'a bound submission binds no second policy',
  );
});

test('a renewal is priced on the rate filing in force on its own effective date; the expiring term keeps its own', async (t) => {
  const clock = new SettableClock(USE_CASE_START);
  const world = await useCaseWorld({ clock });
  t.teardown(world.close);
  const lifecycle = await world.resolve(POLICY.PolicyLifecycle);
  const manual = (await world.resolve(UNDERWRITING.ReferenceData)).rateManual();
  const { quote, policy } = await bound(world, 'PIF');
  t.is(policy.rateTableVersion, '2026-01');
  t.is(quote.breakdown.rateTableVersion, '2026-01');
  clock.set('2027-10-15T12:00:00Z');
  const unchanged = await lifecycle.endorse(MACHINE, ORG, policy.id, { effectiveDate: '2027-10-20', changes: { state: RISK.state } });
  t.is(unchanged.premiumDelta, cents(0), 'the 2027-07 filing does not reach a term bound before it');
  const renewal = await lifecycle.renew(MACHINE, ORG, policy.id);
  t.is(renewal.rateTableVersion, '2027-07');
  t.is(renewal.grossPremium, rateOnVersion(manual, '2027-07', { ...RISK, effectiveDate: '2028-01-01' }).grossPremium);
  t.true(renewal.grossPremium > policy.grossPremium, 'the GL filing raised rates');
});

test('the lifecycle moves only as its table allows, each move with its event', async (t) => {
  const clock = new SettableClock(USE_CASE_START);
  const world = await useCaseWorld({ clock });
  t.teardown(world.close);
  const lifecycle = await world.resolve(POLICY.PolicyLifecycle);
  const { policy } = await bound(world, 'PIF');
  t.is(await rejectionCodeOf(lifecycle.reinstate(MACHINE, ORG, policy.id)), 'invalid_transition', 'an active policy has nothing to reinstate');
  const endorsement = await lifecycle.endorse(MACHINE, ORG, policy.id, { effectiveDate: '2027-07-02', changes: { requestedLimit: cents(200_000_000) } });
  t.true(endorsement.premiumDelta > 0);
  const cancelled = await lifecycle.cancel(MACHINE, ORG, policy.id, { effectiveDate: '2027-09-01', reason: 'insured_request' });
  t.is(cancelled.status, 'cancelled');
  t.is(await rejectionCodeOf(lifecycle.endorse(MACHINE, ORG, policy.id, { effectiveDate: '2027-10-01', changes: {} })), 'invalid_transition');
  t.is(await rejectionCodeOf(lifecycle.cancel(MACHINE, ORG, policy.id, { effectiveDate: '2027-10-01', reason: 'other' })), 'invalid_transition');
  const reinstated = await lifecycle.reinstate(MACHINE, ORG, policy.id);
  t.like(reinstated, { status: 'active', cancellation: null });
  t.is(await rejectionCodeOf(lifecycle.renew(MACHINE, ORG, policy.id)), 'renewal_window_closed', 'renewals open 90 days before expiry');
  clock.set('2027-10-15T12:00:00Z');
  const renewal = await lifecycle.renew(MACHINE, ORG, policy.id);
  t.like(renewal, { renewalOf: policy.id, effectiveDate: '2028-01-01' });
  t.is(await rejectionCodeOf(lifecycle.renew(MACHINE, ORG, policy.id)), 'invalid_transition', 'a policy is renewed once');
  const stored = await world.store.collection('policies').findOne({ _id: policy.id });
  t.deepEqual(
    (stored?.pendingEvents as { type: string }[]).map((event) => event.type),
    ['policy.bound', 'policy.endorsed', 'policy.cancelled', 'policy.reinstated'],
  );
  t.deepEqual(
    (await lifecycle.timeline(ORG, policy.id)).map((entry) => entry.type),
    ['bind', 'endorsement', 'cancellation', 'reinstatement', 'renewal'],
  );
});
