import test from 'ava';
import { EmbeddedStore } from '../../adapters/persistence/embedded/embedded-store.engine.ts';
import { InvoiceStoreRepository } from '../../adapters/persistence/billing/invoice.store-repository.ts';
import type { Invoice } from '../../core/billing/invoice.ts';
import { cents } from '../../core/shared/money.ts';

test('a write that adds no events never clears the outbox flag of events still waiting for the relay', async (t) => {
  const store = await EmbeddedStore.open({});
  t.teardown(() => store.close());
  const invoices = await InvoiceStoreRepository.create(store);
  const now = new Date('2027-01-01T00:00:00Z');
  const invoice: Invoice = { id: 'inv_1', orgId: 'org_1', policyId: 'pol_1', invoiceNumber: 'GL-2027-000001-01', kind: 'installment', amount: cents(10_000), paidAmount: cents(0), dueDate: '2027-01-01', status: 'open', createdAt: now };
  await invoices.insertAll([invoice]);
  const received = { id: 'evt_1', type: 'payment.received' as const, orgId: 'org_1', timestamp: now, data: {} };
  await invoices.applyPayment('org_1', 'inv_1', 'pi_1', cents(10_000), [received]);
  // A refund recorded before the relay ran: it carries no events of its own.
  await invoices.applyPayment('org_1', 'inv_1', 're_1', cents(-2_500), []);
  const stored = await store.collection<{ _id: string; hasPendingEvents: boolean; pendingEvents: unknown[] }>('invoices').findOne({ _id: 'inv_1' });
  t.true(stored?.hasPendingEvents);
  t.is(stored?.pendingEvents.length, 1);
});
