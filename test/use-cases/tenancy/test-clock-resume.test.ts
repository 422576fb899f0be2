import test from 'ava';
import { PLATFORM } from '../../../bootstrap/platform.tokens.ts';
import { TENANCY } from '../../../bootstrap/tenancy.tokens.ts';
import { DAY_STEPS } from '../../../ports/shared/daily-work.port.ts';
import { MACHINE, useCaseWorld } from '../../support/use-cases.ts';

test('an advance whose process stopped is resumed from its last finished day, and only once', async (t) => {
  const world = await useCaseWorld({ clock: 'organizations' });
  t.teardown(world.close);
  const organization = await (await world.resolve(TENANCY.Organizations)).create(MACHINE, { name: 'Interrupted MGA' });
  const clocks = await world.resolve(TENANCY.TestClocks);
  await clocks.start(MACHINE, organization.id, new Date('2027-01-01T00:00:00Z'));
  // A process took the advance to 2027-03-01, finished January, and stopped: its lease ran out long ago.
  const repository = await world.resolve(TENANCY.TestClockRepository);
  const stale = { holder: 'adv_gone', leaseUntil: new Date('2000-01-01T00:00:00Z') };
  await (await world.resolve(PLATFORM.AtomicWrite)).commit([repository.beginWrite(organization.id, new Date('2027-03-01T00:00:00Z'), stale, new Date())]);
  t.truthy(await repository.step(organization.id, stale, { frozenTime: new Date('2027-01-31T00:00:00Z'), ran: { 'invoices-past-due': 0 } }, new Date()));
  t.like(await clocks.read(organization.id), { advancing: true, frozenTime: '2027-01-31T00:00:00.000Z' });
  // Another advance is refused meanwhile.
  await t.throwsAsync(clocks.advance(MACHINE, organization.id, { instant: new Date('2027-04-01T00:00:00Z') }), { message: /being advanced/ });

  const [taken, again] = await Promise.all([clocks.resumeStalled(), clocks.resumeStalled()]);
  t.is(taken + again, 1, 'one process takes it over');
  for (let tries = 0; tries < 200 && (await clocks.read(organization.id)).advancing; tries += 1) await new Promise((resolve) => setTimeout(resolve, 25));
  const clock = await clocks.read(organization.id);
  t.like(clock, { advancing: false, frozenTime: '2027-03-01T00:00:00.000Z' });
  // The resumed days ran every step of the day, added to what was recorded before the stop.
  t.deepEqual(Object.keys(clock.ran).sort(), [...DAY_STEPS].sort());
});
