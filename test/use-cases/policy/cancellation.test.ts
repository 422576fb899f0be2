import test from 'ava';
import { POLICY } from '../../../bootstrap/policy.tokens.ts';
import { UNDERWRITING } from '../../../bootstrap/underwriting.tokens.ts';
import { cents } from '../../../core/shared/money.ts';
import type { CollectionStore } from '../../../ports/shared/persistence/collection-store.port.ts';
import { rejectionCodeOf } from '../../support/error-codes.ts';
import { withFaults, type Fault } from '../../support/faulty-store.ts';
import { aRisk } from '../../support/mothers.ts';
import { SettableClock } from '../../support/settable-clock.ts';
import { aBoundPolicy, installmentsOf, MACHINE, USE_CASE_START, useCaseWorld, type UseCaseWorld } from '../../support/use-cases.ts';

/**
 * Cancelling a policy over the in-memory engine: only within its term, once, with the premium
 * returned per the method and reason, the aggregate given back, and unpaid installments from the
 * date voided.
 */
const ORG = 'org_cancel';

const boundPolicy = async (world: UseCaseWorld, plan: 'PIF' | 'QUARTERLY') =>
  (await aBoundPolicy(world, ORG, { risk: aRisk({ insuredName: 'Cancel Co' }), plan })).policy;

const written = async (world: UseCaseWorld) => (await world.resolve(UNDERWRITING.WrittenPremiumCounter)).written(ORG, 'default', 2027);

test('outside the term, or a second time, a cancellation is refused and changes nothing', async (t) => {
  const world = await useCaseWorld();
  t.teardown(world.close);
  const lifecycle = await world.resolve(POLICY.PolicyLifecycle);
  const policy = await boundPolicy(world, 'PIF');
  t.is(await rejectionCodeOf(lifecycle.cancel(MACHINE, ORG, policy.id, { effectiveDate: '2026-12-31', reason: 'other' })), 'validation_failed');
  t.is(await rejectionCodeOf(lifecycle.cancel(MACHINE, ORG, policy.id, { effectiveDate: '2028-01-01', reason: 'other' })), 'validation_failed');
  t.is(await written(world), policy.grossPremium);
  const cancelled = await lifecycle.cancel(MACHINE, ORG, policy.id, { effectiveDate: '2027-07-02', reason: 'underwriting' });
  t.like(cancelled.cancellation, { method: 'pro_rata', reason: 'underwriting' });
  t.is(await rejectionCodeOf(lifecycle.cancel(MACHINE, ORG, policy.id, { effectiveDate: '2027-08-01', reason: 'other' })), 'invalid_transition');
});

test('the insured’s request keeps short-rate premium, the carrier’s returns pro rata; the aggregate gets back what is returned', async (t) => {
  const world = await useCaseWorld();
  t.teardown(world.close);
  const lifecycle = await world.resolve(POLICY.PolicyLifecycle);
  const [insured, carrier] = [await boundPolicy(world, 'PIF'), await boundPolicy(world, 'PIF')];
  const before = await written(world);
  const byInsured = await lifecycle.cancel(MACHINE, ORG, insured.id, { effectiveDate: '2027-07-02', reason: 'insured_request' });
  const byCarrier = await lifecycle.cancel(MACHINE, ORG, carrier.id, { effectiveDate: '2027-07-02', reason: 'non_payment' });
  const [shortRate, proRata] = [byInsured.cancellation?.returnPremium ?? cents(0), byCarrier.cancellation?.returnPremium ?? cents(0)];
  t.true(shortRate < proRata, 'short rate returns less than pro rata');
  t.true(proRata > 0 && proRata < carrier.grossPremium);
  t.is(await written(world), cents(before - shortRate - proRata));
});

test('unpaid installments due after the date are voided; a cancellation whose write fails leaves the policy as it was', async (t) => {
  const faults = new Map<string, number | Fault>();
  const clock = new SettableClock(USE_CASE_START);
  const world = await useCaseWorld({ clock, store: (store: CollectionStore) => withFaults(store, faults) });
  t.teardown(world.close);
  const lifecycle = await world.resolve(POLICY.PolicyLifecycle);
  const policy = await boundPolicy(world, 'QUARTERLY');
  await lifecycle.cancel(MACHINE, ORG, policy.id, { effectiveDate: '2027-05-15', reason: 'insured_request' });
  const installments = await installmentsOf(world, ORG, policy.id);
  t.deepEqual(
    installments.filter((invoice) => invoice.dueDate > '2027-05-15').map((invoice) => invoice.status),
    ['void', 'void'],
  );

  const other = await boundPolicy(world, 'PIF');
  // The store refuses the policy's guarded write: nothing of the cancellation is kept.
  faults.set('findOneAndUpdate:policies', 1);
  t.not(await rejectionCodeOf(lifecycle.cancel(MACHINE, ORG, other.id, { effectiveDate: '2027-07-02', reason: 'other' })), null);
  t.is((await (await world.resolve(POLICY.PolicyRepository)).findById(ORG, other.id))?.status, 'active');
});
