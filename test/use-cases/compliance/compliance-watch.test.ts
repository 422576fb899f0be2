import test from 'ava';
import { PLATFORM } from '../../../bootstrap/platform.tokens.ts';
import { POLICY } from '../../../bootstrap/policy.tokens.ts';
import { PRODUCERS } from '../../../bootstrap/producers.tokens.ts';
import { TENANCY } from '../../../bootstrap/tenancy.tokens.ts';
import { UNDERWRITING } from '../../../bootstrap/underwriting.tokens.ts';
import { aRisk } from '../../support/mothers.ts';
import { SettableClock } from '../../support/settable-clock.ts';
import { MACHINE, useCaseWorld, aRegisteredProducer, SurplusLinesReference } from '../../support/use-cases.ts';

test('deadlines are alerted 30 days before and 7 days before, once each, however many runs: birth-month renewals, period and policy filings of the home state', async (t) => {
  const clock = new SettableClock('2024-12-20T09:00:00Z');
  const world = await useCaseWorld({ clock, reference: new SurplusLinesReference() });
  t.teardown(world.close);
  const org = await (await world.resolve(TENANCY.Organizations)).create(MACHINE, { name: 'Gulf MGA' });
  const producers = await world.resolve(PRODUCERS.Producers);
  const producer = await aRegisteredProducer(world, org.id, { id: 'usr_flo', name: 'Flo Producer', email: 'flo@example.com' });
  await producers.update(org.id, producer.id, { birthMonth: 1 });
  // Florida renews in the birth month every 24 months: January 2025, then 2027-01-31.
  const florida = await producers.appoint(org.id, producer.id, { state: 'FL', lineOfBusiness: 'GL' });
  await producers.moveAppointment(org.id, producer.id, florida.id, 'active');
  // Texas appointments are perpetual: no renewal to alert.
  const texas = await producers.appoint(org.id, producer.id, { state: 'TX', lineOfBusiness: 'GL' });
  await producers.moveAppointment(org.id, producer.id, texas.id, 'active');

  clock.set('2027-01-01T09:00:00Z');
  const bind = async (risk: Parameters<typeof aRisk>[0]) => {
    const submission = await (await world.resolve(UNDERWRITING.Submissions)).create(MACHINE, org.id, aRisk({ effectiveDate: '2027-01-01', ...risk }), 'json');
    await (await world.resolve(UNDERWRITING.Quoting)).quote(org.id, submission.id);
    return (await world.resolve(POLICY.Binding)).bind(MACHINE, org.id, submission.id, 'PIF');
  };
  await bind({ state: 'IL' });
  // A risk in Ohio whose insured's home is Florida: filed in Florida, within 30 days (2027-01-31).
  const gulf = await bind({ state: 'OH', homeState: 'FL', insuredName: 'Gulf Home Co' });

  const jobs = await world.resolve(PLATFORM.ScheduledJobs);
  const sentEvents = async () =>
    (await world.store.collection('daily_notices').find({ orgId: org.id }))
      .flatMap((notice) => (notice.pendingEvents as { data: Record<string, unknown> }[]) ?? [])
      .map((event) => event.data)
      .map(({ kind, itemId, state, dueDate, daysRemaining, alert }) => ({ kind, itemId, state, dueDate, daysRemaining, alert }))
      .sort((a, b) => Number(b.daysRemaining) - Number(a.daysRemaining) || String(a.itemId).localeCompare(String(b.itemId)));

  clock.set('2027-01-05T06:00:00Z');
  await Promise.all([jobs.execute('compliance-deadlines'), jobs.execute('compliance-deadlines')]);
  clock.set('2027-01-06T06:00:00Z');
  await jobs.execute('compliance-deadlines');
  const thirty = [
    { kind: 'state_filing', itemId: 'il-fire-marshal-annual:IL', state: 'IL', dueDate: '2027-02-01', daysRemaining: 27, alert: 30 },
    { kind: 'state_filing', itemId: 'il-surplus-lines-semi-annual:IL', state: 'IL', dueDate: '2027-02-01', daysRemaining: 27, alert: 30 },
    { kind: 'appointment_renewal', itemId: florida.id, state: 'FL', dueDate: '2027-01-31', daysRemaining: 26, alert: 30 },
    { kind: 'policy_filing', itemId: `fl-transaction-filing:${gulf.id}`, state: 'FL', dueDate: '2027-01-31', daysRemaining: 26, alert: 30 },
  ];
  t.deepEqual(await sentEvents(), thirty, 'one alert each, the next day too');
  const [run] = (await jobs.list()).filter((job) => job.name === 'compliance-deadlines');
  t.like(run?.lastRun, { outcome: 'succeeded' });
  t.regex(run?.lastRun?.summary ?? '', /^0 compliance deadlines sent, 4 already sent/);

  // A week before: the second alert of each, once.
  clock.set('2027-01-25T06:00:00Z');
  await Promise.all([jobs.execute('compliance-deadlines'), jobs.execute('compliance-deadlines')]);
  const later = await sentEvents();
  const seven = later.filter((event) => event.alert === 7);
  t.deepEqual(
    seven.map((event) => [event.itemId, event.daysRemaining]),
    [
      ['il-fire-marshal-annual:IL', 7],
      ['il-surplus-lines-semi-annual:IL', 7],
      [florida.id, 6],
      [`fl-transaction-filing:${gulf.id}`, 6],
    ],
  );
  // The first alerts stay one each; the Florida quarterly filing (2027-02-14) has come within 30 days.
  t.deepEqual(
    later.filter((event) => event.alert === 30),
    [...thirty, { kind: 'state_filing', itemId: 'fl-surplus-lines-quarterly:FL', state: 'FL', dueDate: '2027-02-14', daysRemaining: 20, alert: 30 }],
  );
});
