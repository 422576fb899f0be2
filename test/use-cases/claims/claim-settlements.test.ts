import test from 'ava';
import { CLAIMS } from '../../../bootstrap/claims.tokens.ts';
import type { Principal } from '../../../core/shared/access/principal.ts';
import type { Role } from '../../../core/shared/access/roles.ts';
import { cents } from '../../../core/shared/money.ts';
import { rejectionCodeOf } from '../../support/error-codes.ts';
import { aRisk } from '../../support/mothers.ts';
import { SettableClock } from '../../support/settable-clock.ts';
import { aBoundPolicy, MACHINE, USE_CASE_START, useCaseWorld, type UseCaseWorld } from '../../support/use-cases.ts';

/**
 * Settling a claim over the in-memory engine: who may pay how much, never beyond the policy's
 * per-occurrence limit, one offer waiting at a time, and an approval that happens once.
 */
const ORG = 'org_claims';
const person = (role: Role): Principal => ({ kind: 'user', userId: `usr_${role}`, orgId: ORG, role, via: 'jwt' });

/** A $1,000,000-limit policy in force since 2027-01-01 and a claim on it, on 2027-02-01. */
const openClaim = async (world: UseCaseWorld, clock: SettableClock) => {
  const { policy } = await aBoundPolicy(world, ORG, { risk: aRisk({ insuredName: 'Claimant Co' }), plan: 'PIF' });
  clock.set('2027-02-01T12:00:00Z');
  const claims = await world.resolve(CLAIMS.Claims);
  const claim = await claims.file(MACHINE, ORG, { policyId: policy.id, lossDate: '2027-01-20', description: 'Water damage' });
  await claims.investigate(MACHINE, ORG, claim.id, {});
  await claims.reserve(MACHINE, ORG, claim.id, { indemnity: cents(50_000_00), expense: cents(5_000_00) });
  return claim;
};

const setup = async () => {
  const clock = new SettableClock(USE_CASE_START);
  const world = await useCaseWorld({ clock });
  return { world, clock, settlements: await world.resolve(CLAIMS.ClaimSettlements), claim: await openClaim(world, clock) };
};

test('an offer by a credential waits for a person; an administrator approves it, once, and the claim is settled', async (t) => {
  const { world, settlements, claim } = await setup();
  t.teardown(world.close);
  const { settlement } = await settlements.offer(MACHINE, ORG, claim.id, { amount: cents(30_000_00) });
  t.is(settlement.status, 'pending_approval');
  t.is(await rejectionCodeOf(settlements.offer(MACHINE, ORG, claim.id, { amount: cents(1_00) })), 'invalid_transition', 'one offer waits at a time');
  const approvals = await Promise.allSettled([1, 2].map(() => settlements.approve(person('org_admin'), ORG, claim.id, settlement.id)));
  t.is(approvals.filter((outcome) => outcome.status === 'fulfilled').length, 1, 'two racing approvals pay once');
  const settled = await (await world.resolve(CLAIMS.Claims)).get(ORG, claim.id);
  t.like(settled, { status: 'settled', paid: cents(30_000_00), reserves: { indemnity: cents(0), expense: cents(5_000_00) } });
});

test('an adjuster’s offer above the supervisors’ authority waits: the machine secret cannot approve it, an administrator who is a person can', async (t) => {
  const { world, settlements, claim } = await setup();
  t.teardown(world.close);
  const large = await settlements.offer(person('claims_adjuster'), ORG, claim.id, { amount: cents(300_000_00) });
  t.is(large.settlement.status, 'pending_approval');
  t.is(
    await rejectionCodeOf(settlements.approve(MACHINE, ORG, claim.id, large.settlement.id)),
    'forbidden',
    'the machine secret approves only within authority',
  );
  const approved = await settlements.approve(person('org_admin'), ORG, claim.id, large.settlement.id);
  t.is(approved.settlement.status, 'approved');
});

test('no settlement goes beyond the policy’s per-occurrence limit, with what was paid before', async (t) => {
  const { world, settlements, claim } = await setup();
  t.teardown(world.close);
  t.is(await rejectionCodeOf(settlements.offer(person('org_admin'), ORG, claim.id, { amount: cents(1_000_000_01) })), 'exceeds_policy_limit');
  t.is(await rejectionCodeOf(settlements.offer(person('org_admin'), ORG, claim.id, { amount: cents(0) })), 'validation_failed');
  const claimNow = await (await world.resolve(CLAIMS.Claims)).get(ORG, claim.id);
  t.deepEqual(claimNow.settlements, [], 'refused offers leave nothing');
});
