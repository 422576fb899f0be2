import test from 'ava';
import { NO_KEPT_FIGURES } from '../../../ports/shared/persistence/kept-figures.port.ts';
import { SqliteStore } from '../../../adapters/persistence/sqlite/sqlite-store.engine.ts';
import { InvoiceStoreRepository } from '../../../adapters/persistence/billing/invoice.store-repository.ts';
import type { DomainEvent } from '../../../core/shared/events/domain-event.ts';
import { newOutbox, withEvents } from '../../../adapters/persistence/shared/outbox.ts';
import { AggregateOutbox } from '../../../adapters/persistence/webhooks/webhook.stores.ts';
import { cents } from '../../../core/shared/money.ts';
import { anInvoice } from '../../support/mothers.ts';

test('a write that adds no events never clears the outbox flag of events still waiting for the relay', async (t) => {
  const store = await SqliteStore.open({});
  t.teardown(() => store.close());
  const invoices = await InvoiceStoreRepository.create(store, NO_KEPT_FIGURES);
  const now = new Date('2027-01-01T00:00:00Z');
  const invoice = anInvoice({ createdAt: now });
  await invoices.insertAll([invoice]);
  const received = { id: 'evt_1', type: 'payment.received' as const, orgId: 'org_1', timestamp: now, data: {} };
  await invoices.applyPayment('org_1', 'inv_1', 'pi_1', cents(10_000), [received]);
  // A refund recorded before the relay ran: it carries no events of its own.
  await invoices.applyPayment('org_1', 'inv_1', 're_1', cents(-2_500), []);
  const stored = await store.collection<{ _id: string; hasPendingEvents: boolean; pendingEvents: unknown[] }>('invoices').findOne({ _id: 'inv_1' });
  t.true(stored?.hasPendingEvents);
  t.is(stored?.pendingEvents.length, 1);
  // The relay reads the invoices' outbox with nothing registered first, however the service started.
  t.deepEqual(
    (await new AggregateOutbox(store).pending(10)).map((event) => event.id),
    ['evt_1'],
  );
});

test('the relay reads the collections that carry events and lowers the flag only once every event is out', async (t) => {
  const store = await SqliteStore.open({});
  t.teardown(() => store.close());
  const at = new Date('2027-01-01T00:00:00Z');
  const event = (id: string) => ({ id, type: 'webhook.test' as const, orgId: 'org_1', timestamp: at, data: {} });
  const things = store.collection<{ _id: string; orgId: string; n: number }>('things');
  await things.insertOne({ _id: 'thing_1', orgId: 'org_1', n: 0, ...newOutbox([event('evt_a')]) });
  await things.updateOne({ _id: 'thing_1' }, withEvents({ $inc: { n: 1 } }, [event('evt_b')]));
  await things.updateOne({ _id: 'thing_1' }, withEvents({ $inc: { n: 1 } }, []));
  const outbox = new AggregateOutbox(store, ['things']);
  const pending = await outbox.pending(10);
  t.deepEqual(
    pending.map((e) => e.id),
    ['evt_a', 'evt_b'],
  );
  await outbox.markPublished([pending[0] as DomainEvent]);
  t.true((await store.collection<{ _id: string; hasPendingEvents: boolean }>('things').findOne({ _id: 'thing_1' }))?.hasPendingEvents);
  await outbox.markPublished([pending[1] as DomainEvent]);
  const done = await store.collection<{ _id: string; hasPendingEvents: boolean; pendingEvents: unknown[]; n: number }>('things').findOne({ _id: 'thing_1' });
  t.like(done, { hasPendingEvents: false, pendingEvents: [], n: 2 });
});

test('every event of one aggregate published side by side still lowers the flag once all are out', async (t) => {
  const store = await SqliteStore.open({});
  t.teardown(() => store.close());
  const at = new Date('2027-01-01T00:00:00Z');
  const events = Array.from({ length: 5 }, (_, n) => ({ id: `evt_${n}`, type: 'webhook.test' as const, orgId: 'org_1', timestamp: at, data: {} }));
  const things = store.collection<{ _id: string; orgId: string }>('things');
  await things.insertOne({ _id: 'thing_1', orgId: 'org_1', ...newOutbox(events) });
  const outbox = new AggregateOutbox(store, ['things']);
  await outbox.markPublished(await outbox.pending(10));
  const done = await store.collection<{ _id: string; hasPendingEvents: boolean; pendingEvents: unknown[] }>('things').findOne({ _id: 'thing_1' });
  t.like(done, { hasPendingEvents: false, pendingEvents: [] });
  t.deepEqual(await outbox.pending(10), []);
});

test('an event appended after the relay read its aggregate stays in the outbox, flagged', async (t) => {
  const store = await SqliteStore.open({});
  t.teardown(() => store.close());
  const at = new Date('2027-01-01T00:00:00Z');
  const event = (id: string) => ({ id, type: 'webhook.test' as const, orgId: 'org_1', timestamp: at, data: {} });
  const things = store.collection<{ _id: string; orgId: string }>('things');
  await things.insertOne({ _id: 'thing_1', orgId: 'org_1', ...newOutbox([event('evt_a'), event('evt_b')]) });
  const outbox = new AggregateOutbox(store, ['things']);
  const read = await outbox.pending(10);
  await things.updateOne({ _id: 'thing_1' }, withEvents({}, [event('evt_c')]));
  await outbox.markPublished(read);
  t.deepEqual(
    (await outbox.pending(10)).map((e) => e.id),
    ['evt_c'],
  );
  t.true((await things.findOne({ _id: 'thing_1' }))?.['hasPendingEvents' as never]);
});
