import test from 'ava';
import { SqliteStore } from '../../adapters/persistence/sqlite/sqlite-store.engine.ts';
import { StoreFinancialAlertQueue } from '../../adapters/persistence/billing/financial-alerts.store.ts';
import { UserStoreRepository } from '../../adapters/persistence/identity/user.store-repository.ts';
import { FinancialAlertDispatch } from '../../ports/billing/financial-alert-dispatch.use-case.ts';
import type { MailMessage, Mailer } from '../../ports/shared/mailer.port.ts';
import type { Role } from '../../core/shared/access/roles.ts';
import { cents } from '../../core/shared/money.ts';

const setup = async (mailer: Mailer) => {
  const store = await SqliteStore.open();
  const users = await UserStoreRepository.create(store);
  const at = new Date('2026-11-22T00:00:00Z');
  const user = (id: string, orgId: string, role: Role) =>
    store.writeTogether([
      users.insertWrite({ id, orgId, email: `${id}@example.test`, name: id, role, passwordHash: 'x', emailVerifiedAt: at, createdAt: at, updatedAt: at }),
    ]);
  await user('billing', 'org_a', 'billing_admin');
  await user('admin', 'org_a', 'org_admin');
  await user('underwriter', 'org_a', 'underwriter');
  await user('elsewhere', 'org_b', 'billing_admin');
  const alerts = await StoreFinancialAlertQueue.create(store);
  let now = at;
  const dispatch = new FinancialAlertDispatch(alerts, users, mailer, { now: () => now });
  const queue = (key: string) =>
    alerts.queue({
      orgId: 'org_a',
      kind: 'payment_failed',
      key,
      invoiceId: 'inv_1',
      invoiceNumber: 'GL-2027-000001-01',
      reference: 'pi_1',
      amount: cents(12_550),
      message: 'Card declined <b>',
      createdAt: now,
    });
  return { store, dispatch, queue, advance: (ms: number) => (now = new Date(now.getTime() + ms)) };
};

test('an alert queued before amounts were kept in cents (dollars in `amount`) is read back in cents', async (t) => {
  const store = await SqliteStore.open();
  t.teardown(() => store.close());
  const alerts = await StoreFinancialAlertQueue.create(store);
  await store.collection('financial_alerts').insertOne({
    _id: 'org_a:payment_failed:old',
    orgId: 'org_a',
    kind: 'payment_failed',
    key: 'old',
    invoiceId: 'inv_1',
    invoiceNumber: 'GL-2027-000001-01',
    reference: 'pi_old',
    amount: 125.5,
    message: 'Card declined',
    createdAt: new Date('2027-01-01T00:00:00Z'),
    status: 'queued',
    leaseUntil: null,
  });
  t.is((await alerts.takeNext(new Date('2027-01-02T00:00:00Z'), 60_000))?.amount, cents(12_550));
});

test('each queued alert is mailed once to the billing people of its organization', async (t) => {
  const sent: MailMessage[] = [];
  const { store, dispatch, queue } = await setup({ send: async (message) => void sent.push(message) });
  t.teardown(() => store.close());
  await queue('pi_1:ch_1');
  await queue('pi_1:ch_1');
  await queue('pi_1:ch_2');
  t.is(await dispatch.dispatch(), 2);
  t.is(await dispatch.dispatch(), 0);
  t.is(sent.length, 2);
  t.deepEqual([...(sent[0]?.to ?? [])].sort(), ['admin@example.test', 'billing@example.test']);
  t.true(sent[0]?.subject.includes('$125.50'));
  t.true(sent[0]?.html.includes('&lt;b&gt;'));
});

test('an alert that cannot be sent stays queued with the reason, and is sent once the lease has run out', async (t) => {
  let failing = true;
  const sent: MailMessage[] = [];
  const { store, dispatch, queue, advance } = await setup({
    send: async (message) => {
      if (failing) throw new Error('mail relay down');
      sent.push(message);
    },
  });
  t.teardown(() => store.close());
  await queue('pi_1:ch_9');
  t.is(await dispatch.dispatch(), 0);
  t.like(await store.collection('financial_alerts').findOne({}), { status: 'queued', lastError: 'mail relay down' });
  failing = false;
  t.is(await dispatch.dispatch(), 0, 'still leased');
  advance(61_000);
  t.is(await dispatch.dispatch(), 1);
  t.is(sent.length, 1);
});

test('without a mail provider in production nothing is pretended sent', async (t) => {
  const { store, dispatch, queue } = await setup({
    send: async () => {
      throw new Error('No mail provider is configured for this environment.');
    },
  });
  t.teardown(() => store.close());
  await queue('pi_1:ch_3');
  t.is(await dispatch.dispatch(), 0);
  t.like(await store.collection('financial_alerts').findOne({}), { status: 'queued', lastError: 'No mail provider is configured for this environment.' });
});
