import test from 'ava';
import { AUDIT } from '../../../bootstrap/audit.tokens.ts';
import { CLAIMS } from '../../../bootstrap/claims.tokens.ts';
import type { Principal } from '../../../core/shared/access/principal.ts';
import { cents } from '../../../core/shared/money.ts';
import { rejectionCodeOf, rejectionOf } from '../../support/error-codes.ts';
import { aPolicyInForce, aStoredPerson, MACHINE } from '../../support/use-cases.ts';

/** A claim's life over the in-memory engine: first notice, investigation, reserves, an offer, its approval, denial and close. */
const ORG = 'org_claim_life';

/** A policy in force since 2027-01-01, the clock at 2027-02-01: a loss of 2027-01-20 is covered. */
const setup = async (t: { teardown(fn: () => Promise<void>): void }) => {
  const { world, clock, policy } = await aPolicyInForce(t, ORG, 'Claimant Co');
  const claims = await world.resolve(CLAIMS.Claims);
  const fnol = (actor: Principal = MACHINE, lossDate = '2027-01-20') => claims.file(actor, ORG, { policyId: policy.id, lossDate, description: 'Water damage' });
  return { world, clock, policy, claims, settlements: await world.resolve(CLAIMS.ClaimSettlements), fnol };
};

test('first notice of loss: an open claim numbered per organization; a loss outside cover, not yet happened or on another organization’s policy is refused', async (t) => {
  const { claims, fnol, policy } = await setup(t);
  const filed = await fnol();
  t.like(filed, { status: 'open', policyId: policy.id, reserves: { indemnity: 0, expense: 0 }, paid: 0 });
  t.regex(filed.claimNumber, /^CLM-2027-\d{6}$/);
  t.is(await rejectionCodeOf(fnol(MACHINE, '2026-12-20')), 'loss_outside_coverage');
  t.is(await rejectionCodeOf(fnol(MACHINE, '2027-02-03')), 'validation_failed', 'a loss cannot be reported before it happens');
  const foreign = claims.file(MACHINE, 'org_elsewhere', { policyId: policy.id, lossDate: '2027-01-20', description: 'x' });
  t.is(await rejectionCodeOf(foreign), 'not_found');
});

test('the lifecycle: investigate, reserve with history, an adjuster’s offer approved by a supervisor settles the claim, then close; every other move is refused', async (t) => {
  const { world, claims, settlements, fnol } = await setup(t);
  const adjuster = await aStoredPerson(world, ORG, 'claims_adjuster', 'ada');
  const supervisor = await aStoredPerson(world, ORG, 'claims_supervisor', 'sue');
  const claim = await fnol();
  t.is(await rejectionCodeOf(claims.close(supervisor, ORG, claim.id)), 'invalid_transition');
  t.is(
    await rejectionCodeOf(settlements.offer(supervisor, ORG, claim.id, { amount: cents(100_00) })),
    'invalid_transition',
    'no offer before the investigation',
  );
  t.like(await claims.investigate(supervisor, ORG, claim.id, { adjusterId: adjuster.userId }), { status: 'investigating', adjusterId: adjuster.userId });
  t.is(await rejectionCodeOf(claims.investigate(supervisor, ORG, claim.id, {})), 'invalid_transition');

  t.like(await claims.reserve(adjuster, ORG, claim.id, { indemnity: cents(10_000_00), expense: cents(1_500_50) }), {
    reserves: { indemnity: 10_000_00, expense: 1_500_50 },
  });
  const lowered = await claims.reserve(adjuster, ORG, claim.id, { indemnity: cents(9_000_00), expense: cents(1_500_50) });
  t.deepEqual(
    lowered.reserveHistory.map((change) => [change.from.indemnity, change.to.indemnity]),
    [
      [0, 10_000_00],
      [10_000_00, 9_000_00],
    ],
  );

  const { settlement } = await settlements.offer(adjuster, ORG, claim.id, { amount: cents(8_750_00), payee: 'Dana Insured' });
  t.like(settlement, { amount: 8_750_00, status: 'pending_approval' });
  t.is(await rejectionCodeOf(settlements.offer(adjuster, ORG, claim.id, { amount: cents(1) })), 'invalid_transition', 'one offer awaits approval at a time');
  t.is(await rejectionCodeOf(settlements.approve(adjuster, ORG, claim.id, settlement.id)), 'forbidden', 'an adjuster does not approve');
  t.like(await settlements.approve(supervisor, ORG, claim.id, settlement.id), { settlement: { status: 'approved' } });
  t.like(await claims.get(ORG, claim.id), { status: 'settled', paid: 8_750_00, reserves: { indemnity: 0, expense: 1_500_50 } });
  t.is(
    await rejectionCodeOf(claims.reserve(adjuster, ORG, claim.id, { indemnity: cents(1), expense: cents(0) })),
    'invalid_transition',
    'no reserves once settled',
  );
  t.like(await claims.close(adjuster, ORG, claim.id), { status: 'closed', reserves: { indemnity: 0, expense: 0 }, paid: 8_750_00 });
  const audit = await (await world.resolve(AUDIT.AuditLog)).list(ORG, { limit: 50 }, { targetId: claim.id });
  t.true(audit.data.some((entry) => entry.action === 'claim.settle'));
});

test('a supervisor’s own offer within its authority is approved at once; above it only an administrator approves, once', async (t) => {
  const { world, claims, settlements, fnol } = await setup(t);
  const supervisor = await aStoredPerson(world, ORG, 'claims_supervisor', 'sue');
  const admin = await aStoredPerson(world, ORG, 'org_admin', 'adam');
  const small = await fnol();
  await claims.investigate(supervisor, ORG, small.id, {});
  t.like((await settlements.offer(supervisor, ORG, small.id, { amount: cents(250_000_00) })).settlement, { status: 'approved' });
  t.is((await claims.get(ORG, small.id)).status, 'settled');

  const large = await fnol();
  await claims.investigate(supervisor, ORG, large.id, {});
  const { settlement } = await settlements.offer(supervisor, ORG, large.id, { amount: cents(250_000_01) });
  t.is(settlement.status, 'pending_approval');
  const refused = await rejectionOf(settlements.approve(supervisor, ORG, large.id, settlement.id));
  t.like(refused, { code: 'forbidden', details: { supervisorAuthority: 250_000 } });
  t.like(await settlements.approve(admin, ORG, large.id, settlement.id), { settlement: { status: 'approved' } });
  t.is(await rejectionCodeOf(settlements.approve(admin, ORG, large.id, settlement.id)), 'invalid_transition', 'approved once');
  t.is(await rejectionCodeOf(settlements.approve(admin, ORG, large.id, 'stl_none')), 'not_found');
});

test('denial releases the reserves, once; an adjuster filing the notice handles the claim; only the organization’s adjusters can be named', async (t) => {
  const { world, claims, fnol } = await setup(t);
  const supervisor = await aStoredPerson(world, ORG, 'claims_supervisor', 'sue');
  const adjuster = await aStoredPerson(world, ORG, 'claims_adjuster', 'ada');
  const claim = await fnol();
  await claims.reserve(supervisor, ORG, claim.id, { indemnity: cents(500_00), expense: cents(50_00) });
  const denied = await claims.deny(supervisor, ORG, claim.id, 'Excluded: wear and tear');
  t.like(denied, { status: 'denied', denialReason: 'Excluded: wear and tear', reserves: { indemnity: 0, expense: 0 } });
  t.is(await rejectionCodeOf(claims.deny(supervisor, ORG, claim.id, 'again')), 'invalid_transition');

  const taken = await fnol(adjuster, '2027-01-31');
  t.is(taken.adjusterId, adjuster.userId);
  t.like(await claims.investigate(adjuster, ORG, taken.id, {}), { status: 'investigating', adjusterId: adjuster.userId });
  const unassigned = await fnol();
  t.like(await rejectionOf(claims.investigate(supervisor, ORG, unassigned.id, { adjusterId: 'usr_nobody_here' })), {
    code: 'validation_failed',
    details: { field: 'adjusterId' },
  });
});
