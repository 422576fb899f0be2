import test from 'ava';
import { TENANCY } from '../../../bootstrap/tenancy.tokens.ts';
import { rejectionCodeOf, rejectionOf } from '../../support/error-codes.ts';
import { aRisk } from '../../support/mothers.ts';
import { aBoundPolicy, MACHINE, useCaseWorld, type UseCaseWorld } from '../../support/use-cases.ts';

/** Test clocks through their use case, each organization on its own time (the service's clock). */
const onItsClock = async (t: { teardown(fn: () => Promise<void>): void }) => {
  const world = await useCaseWorld({ clock: 'organizations' });
  t.teardown(world.close);
  return { world, organizations: await world.resolve(TENANCY.Organizations), clocks: await world.resolve(TENANCY.TestClocks) };
};

const organizationOn = async (world: UseCaseWorld, frozenTime: string) => {
  const organization = await (await world.resolve(TENANCY.Organizations)).create(MACHINE, { name: `Clocked ${frozenTime}` });
  await (await world.resolve(TENANCY.TestClocks)).start(MACHINE, organization.id, new Date(frozenTime));
  return organization.id;
};

test('an organization on a test clock makes its records at its frozen time; an advance to a date keeps the time of day, to an instant goes there', async (t) => {
  const { world, clocks } = await onItsClock(t);
  const orgId = await organizationOn(world, '2027-01-10T09:00:00Z');
  t.like(await clocks.read(orgId), { frozenTime: '2027-01-10T09:00:00.000Z', advancing: false, advancingTo: null });
  const { policy } = await aBoundPolicy(world, orgId, { risk: aRisk({ effectiveDate: '2027-01-10' }) });
  t.deepEqual(policy.createdAt, new Date('2027-01-10T09:00:00Z'), 'made on its date: inside the new-business window');
  const advanced = await clocks.advance(MACHINE, orgId, { date: '2027-01-20' });
  t.like(advanced, { done: true, clock: { frozenTime: '2027-01-20T09:00:00.000Z', advancing: false } });
  t.is(typeof advanced.clock.ran['invoices-past-due'], 'number');
  t.like((await clocks.advance(MACHINE, orgId, { instant: new Date('2027-01-21T17:30:00Z') })).clock, { frozenTime: '2027-01-21T17:30:00.000Z' });
});

test('a clock moves forward only, at most two years a call', async (t) => {
  const { world, clocks } = await onItsClock(t);
  const orgId = await organizationOn(world, '2027-03-01T00:00:00Z');
  const refusal = (to: Parameters<typeof clocks.advance>[2]) => rejectionOf(clocks.advance(MACHINE, orgId, to));
  t.like(await refusal({ date: '2027-02-28' }), { code: 'validation_failed', details: { field: 'to', rule: 'after_frozen_time' } });
  t.like(await refusal({ instant: new Date('2027-03-01T00:00:00Z') }), { details: { rule: 'after_frozen_time' } });
  t.like(await refusal({ date: '2029-03-02' }), { details: { rule: 'at_most_two_years' } });
  t.like((await clocks.advance(MACHINE, orgId, { date: '2027-04-01' })).clock, { frozenTime: '2027-04-01T00:00:00.000Z' });
});

test('an organization without policies can be put on a clock, once; one with policies cannot', async (t) => {
  const { world, organizations, clocks } = await onItsClock(t);
  const empty = await organizations.create(MACHINE, { name: 'Empty MGA' });
  t.like(await clocks.start(MACHINE, empty.id, new Date('2027-05-01T12:00:00Z')), { frozenTime: '2027-05-01T12:00:00.000Z' });
  t.is(await rejectionCodeOf(clocks.start(MACHINE, empty.id, new Date('2027-05-01T12:00:00Z'))), 'duplicate', 'a second clock');
  const busy = await organizations.create(MACHINE, { name: 'Busy MGA' });
  await aBoundPolicy(world, busy.id);
  t.is(await rejectionCodeOf(clocks.start(MACHINE, busy.id, new Date('2027-05-01T12:00:00Z'))), 'organization_has_policies');
});
