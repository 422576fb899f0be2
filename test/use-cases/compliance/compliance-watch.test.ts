import test from 'ava';
import { PLATFORM } from '../../../bootstrap/platform.tokens.ts';
import { POLICY } from '../../../bootstrap/policy.tokens.ts';
import { PRODUCERS } from '../../../bootstrap/producers.tokens.ts';
import { TENANCY } from '../../../bootstrap/tenancy.tokens.ts';
import { UNDERWRITING } from '../../../bootstrap/underwriting.tokens.ts';
import { aRisk } from '../../support/mothers.ts';
import { SettableClock } from '../../support/settable-clock.ts';
import { MACHINE, useCaseWorld } from '../../support/use-cases.ts';

test('appointment renewals and state filings within 30 days: one event per item and day, however many runs', async (t) => {
  const clock = new SettableClock('2025-01-20T09:00:00Z');
  const world = await useCaseWorld({ clock });
  t.teardown(world.close);
  const org = await (await world.resolve(TENANCY.Organizations)).create(MACHINE, { name: 'Lone Star MGA' });
  const producers = await world.resolve(PRODUCERS.Producers);
  const producer = await producers.register(org.id, { id: 'usr_tex', name: 'Tex Producer', email: 'tex@example.com' });
  // Texas appointments renew every 24 months from the day they were made: 2027-01-20.
  const appointment = await producers.appoint(org.id, producer.id, { state: 'TX', lineOfBusiness: 'GL' });
  await producers.moveAppointment(org.id, producer.id, appointment.id, 'active');
  const ended = await producers.appoint(org.id, producer.id, { state: 'TX', lineOfBusiness: 'AUTO' });
  await producers.moveAppointment(org.id, producer.id, ended.id, 'terminated');

  clock.set('2027-01-01T09:00:00Z');
  const submission = await (await world.resolve(UNDERWRITING.Submissions)).create(MACHINE, org.id, aRisk({ state: 'IL', effectiveDate: '2027-01-01' }), 'json');
  await (await world.resolve(UNDERWRITING.Quoting)).quote(org.id, submission.id);
  await (await world.resolve(POLICY.Binding)).bind(MACHINE, org.id, submission.id, 'PIF');

  const jobs = await world.resolve(PLATFORM.ScheduledJobs);
  const sentEvents = async () =>
    (await world.store.collection('daily_notices').find({ orgId: org.id }))
      .flatMap((notice) => (notice.pendingEvents as { data: Record<string, unknown> }[]) ?? [])
      .map((event) => event.data)
      .sort(
        (a, b) =>
          String(a.dueDate).localeCompare(String(b.dueDate)) ||
          String(a.itemId).localeCompare(String(b.itemId)) ||
          Number(b.daysRemaining) - Number(a.daysRemaining),
      );

  clock.set('2027-01-05T06:00:00Z');
  await Promise.all([jobs.execute('compliance-deadlines'), jobs.execute('compliance-deadlines')]);
  await jobs.execute('compliance-deadlines');
  t.deepEqual(await sentEvents(), [
    {
      kind: 'appointment_renewal',
      itemId: appointment.id,
      description: "Tex Producer's TX GL appointment renews",
      state: 'TX',
      producerId: producer.id,
      dueDate: '2027-01-20',
      daysRemaining: 15,
    },
    {
      kind: 'state_filing',
      itemId: 'il-fire-marshal-annual:IL',
      description: 'Surplus line producer fire marshal tax statement and tax for the previous calendar year (IL)',
      state: 'IL',
      producerId: null,
      dueDate: '2027-02-01',
      daysRemaining: 27,
    },
    {
      kind: 'state_filing',
      itemId: 'il-surplus-lines-semi-annual:IL',
      description: 'Surplus line producer semi-annual tax statement and tax (policies filed January–June by August 1, July–December by February 1) (IL)',
      state: 'IL',
      producerId: null,
      dueDate: '2027-02-01',
      daysRemaining: 27,
    },
  ]);
  const [run] = (await jobs.list()).filter((job) => job.name === 'compliance-deadlines');
  t.like(run?.lastRun, { outcome: 'succeeded' });
  t.regex(run?.lastRun?.summary ?? '', /^0 compliance deadlines sent, 3 already sent today/);

  clock.set('2027-01-06T06:00:00Z');
  await jobs.execute('compliance-deadlines');
  t.deepEqual(
    (await sentEvents()).map((event) => event.daysRemaining),
    [15, 14, 27, 26, 27, 26],
    'the next day, each item once more',
  );
});
