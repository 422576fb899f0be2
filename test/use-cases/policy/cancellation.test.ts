import test from 'ava';
import { AUDIT } from '../../../bootstrap/audit.tokens.ts';
import { CLAIMS } from '../../../bootstrap/claims.tokens.ts';
import { POLICY } from '../../../bootstrap/policy.tokens.ts';
import { UNDERWRITING } from '../../../bootstrap/underwriting.tokens.ts';
import { cents } from '../../../core/shared/money.ts';
import type { CollectionStore } from '../../../ports/shared/persistence/collection-store.port.ts';
import { rejectionCodeOf } from '../../support/error-codes.ts';
import { withFaults, type Fault } from '../../support/faulty-store.ts';
import { aRisk } from '../../support/mothers.ts';
import { SettableClock } from '../../support/settable-clock.ts';
import { aBoundPolicy, installmentsOf, MACHINE, USE_CASE_START, useCaseWorld, type UseCaseWorld } from '../../support/use-cases.ts';
import { allReportedLosses } from '../../../ports/policy/reported-losses.port.ts';

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
  // The store refuses the policy's guarded write (one group with the portfolio days it moves): nothing of the cancellation is kept.
  faults.set('updateOne:policies', 1);
  t.not(await rejectionCodeOf(lifecycle.cancel(MACHINE, ORG, other.id, { effectiveDate: '2027-07-02', reason: 'other' })), null);
  t.is((await (await world.resolve(POLICY.PolicyRepository)).findById(ORG, other.id))?.status, 'active');
});

test('a cancellation back-dated over a reported loss is claims_in_period; an underwriter overrides it with a reason, audited', async (t) => {
  const world = await useCaseWorld({ clock: new SettableClock('2027-03-01T12:00:00Z') });
  t.teardown(world.close);
  const lifecycle = await world.resolve(POLICY.PolicyLifecycle);
  const policy = await boundPolicy(world, 'PIF');
  const claim = await (await world.resolve(CLAIMS.Claims)).file(MACHINE, ORG, { policyId: policy.id, lossDate: '2027-02-14', description: 'Burst pipe' });
  const refused = await lifecycle.cancel(MACHINE, ORG, policy.id, { effectiveDate: '2027-02-01', reason: 'underwriting' }).catch((error: unknown) => error);
  t.like(refused, { code: 'claims_in_period', details: { claims: [{ claimId: claim.id, lossDate: '2027-02-14' }] } });
  const override = { reason: 'Misrepresentation found on review; the loss is declined separately.' };
  t.is(
    await rejectionCodeOf(lifecycle.cancel(MACHINE, ORG, policy.id, { effectiveDate: '2027-02-01', reason: 'underwriting', override })),
    'forbidden',
    'a machine credential is not an underwriter',
  );
  const producer = { kind: 'user', userId: 'usr_p', orgId: ORG, role: 'producer', via: 'jwt' } as const;
  t.is(await rejectionCodeOf(lifecycle.cancel(producer, ORG, policy.id, { effectiveDate: '2027-02-01', reason: 'underwriting', override })), 'forbidden');
  t.is((await (await world.resolve(POLICY.PolicyRepository)).findById(ORG, policy.id))?.status, 'active', 'nothing changed');
  const underwriter = { kind: 'user', userId: 'usr_uw', orgId: ORG, role: 'underwriter', via: 'jwt' } as const;
  const cancelled = await lifecycle.cancel(underwriter, ORG, policy.id, { effectiveDate: '2027-02-01', reason: 'underwriting', override });
  t.is(cancelled.status, 'cancelled');
  const audit = await (await world.resolve(AUDIT.AuditLog)).list(ORG, { limit: 5 }, { action: 'policy.cancellation_over_reported_losses' });
  t.like(audit.data, [{ actor: 'user:usr_uw', targetId: policy.id, details: { reason: override.reason, claims: [{ claimId: claim.id }] } }]);
});

test('losses before the cancellation date, or on a denied claim, do not stand in the way', async (t) => {
  const world = await useCaseWorld({ clock: new SettableClock('2027-03-01T12:00:00Z') });
  t.teardown(world.close);
  const lifecycle = await world.resolve(POLICY.PolicyLifecycle);
  const claims = await world.resolve(CLAIMS.Claims);
  const policy = await boundPolicy(world, 'PIF');
  await claims.file(MACHINE, ORG, { policyId: policy.id, lossDate: '2027-01-20', description: 'Before' });
  const denied = await claims.file(MACHINE, ORG, { policyId: policy.id, lossDate: '2027-02-20', description: 'Not covered' });
  await claims.deny(MACHINE, ORG, denied.id, 'Excluded peril');
  const cancelled = await lifecycle.cancel(MACHINE, ORG, policy.id, { effectiveDate: '2027-02-01', reason: 'underwriting' });
  t.is(cancelled.status, 'cancelled');
});

test('a cancellation reaching back before an endorsement takes it back on its own date: stored, and no negative written or unearned premium on any date', async (t) => {
  const world = await useCaseWorld();
  t.teardown(world.close);
  const lifecycle = await world.resolve(POLICY.PolicyLifecycle);
  const premium = await world.resolve(POLICY.PolicyPremium);
  const policy = await boundPolicy(world, 'QUARTERLY');
  await lifecycle.endorse(MACHINE, ORG, policy.id, { effectiveDate: '2027-05-29', changes: { annualRevenue: cents(9_000_000_00) } });
  await lifecycle.cancel(MACHINE, ORG, policy.id, { effectiveDate: '2027-01-29', reason: 'non_payment' });
  const stored = await (await world.resolve(POLICY.PolicyRepository)).findById(ORG, policy.id);
  t.like(stored?.premium.at(-1), { type: 'cancellation', removes: [{ effectiveDate: '2027-05-29' }] });
  for (const date of ['2027-01-29', '2027-03-31', '2027-05-29', '2027-12-31']) {
    const figures = await premium.asOf(ORG, policy.id, date);
    t.true(figures.written >= 0 && figures.unearned >= 0, `${date}: ${JSON.stringify(figures)}`);
  }
});

test('the losses every context contributes are read as one list, oldest loss first', async (t) => {
  const loss = (claimNumber: string, lossDate: string) => ({ claimId: `clm_${claimNumber}`, claimNumber, lossDate });
  const first = { onOrAfter: async () => [loss('B', '2027-03-01')] };
  const second = { onOrAfter: async () => [loss('A', '2027-02-01'), loss('C', '2027-04-01')] };
  t.deepEqual(
    (await allReportedLosses([first, second]).onOrAfter('org_1', 'pol_1', '2027-01-01')).map((reported) => reported.claimNumber),
    ['A', 'B', 'C'],
  );
  t.deepEqual(await allReportedLosses([]).onOrAfter('org_1', 'pol_1', '2027-01-01'), []);
});
