import test from 'ava';
import { NO_RECEIVABLE_FIGURES } from '../../../ports/billing/kept-receivables.port.ts';
import { InvoiceStoreRepository } from '../../../adapters/persistence/billing/invoice.store-repository.ts';
import { PaymentStoreRepository } from '../../../adapters/persistence/billing/payment.store-repository.ts';
import { SqliteStore } from '../../../adapters/persistence/sqlite/sqlite-store.engine.ts';
import { PolicyStoreRepository } from '../../../adapters/persistence/policy/policy.store-repository.ts';
import { domainEvent } from '../../../core/shared/events/domain-event.ts';
import { issuedEvent, POLICY_LIFECYCLE } from '../../../core/policy/policy.ts';
import { transition } from '../../../core/shared/lifecycle.ts';
import { cents } from '../../../core/shared/money.ts';
import { aNewPolicy, anInvoice } from '../../support/mothers.ts';
import { NO_KEPT_FIGURES } from '../../../ports/shared/persistence/kept-figures.port.ts';

const at = new Date('2027-01-01T00:00:00Z');
const origin = (id: string) => ({ id, orgId: 'org_1', at });

test('what a repository keeps beside a record for its own writes never comes back in the record', async (t) => {
  const store = await SqliteStore.open({});
  t.teardown(() => store.close());
  const invoices = await InvoiceStoreRepository.create(store, NO_KEPT_FIGURES);
  const invoice = anInvoice({ createdAt: at });
  await invoices.insertAll([invoice]);
  const received = domainEvent('payment.received', { invoiceId: 'inv_1', reference: 'pi_1', amount: cents(10_000), method: 'card' }, origin('evt_1'));
  const applied = await invoices.applyPayment('org_1', 'inv_1', 'pi_1', cents(10_000), [received]);
  await invoices.appendEventsOnce('org_1', 'inv_1', 'failure:ch_1', [received]);
  const stored = await store.collection('invoices').findOne({ _id: 'inv_1' });
  t.truthy(stored?.paymentReferences && stored.pendingEvents && stored.eventKeys, 'the store keeps its guard keys and outbox');
  const read = await invoices.findById('org_1', 'inv_1');
  t.deepEqual(read, { ...invoice, paidAmount: cents(10_000) });
  t.deepEqual(applied, read);
  t.deepEqual((await invoices.list('org_1', {}, { limit: 10 })).data, [read]);

  const payments = await PaymentStoreRepository.create(store, NO_RECEIVABLE_FIGURES);
  await payments.insert(
    {
      id: 'pay_1',
      orgId: 'org_1',
      invoiceId: 'inv_1',
      amount: cents(10_000),
      method: 'card',
      reference: 'pi_1',
      source: 'processor',
      receivedAt: at,
    },
    read!,
  );
  t.true(await payments.holdRefund('org_1', 'pay_1', 'refund-key', cents(100), cents(10_000)));
  t.false('refundHoldKeys' in ((await payments.findByReference('org_1', 'pi_1')) ?? {}));
});

test('a policy read back carries no outbox, whatever its events', async (t) => {
  const store = await SqliteStore.open({});
  t.teardown(() => store.close());
  const policies = await PolicyStoreRepository.create(store, NO_KEPT_FIGURES);
  const policy = aNewPolicy({ risk: { insuredName: 'Acme', annualRevenue: cents(365_000_000) }, at });
  await policies.insert(policy, [issuedEvent(policy, origin('evt_1'))]);
  t.deepEqual(await policies.findById('org_1', 'pol_1'), policy);
  const changed = await policies.change(policy, transition(POLICY_LIFECYCLE, 'renew'), { renewedBy: 'pol_2' }, [], at);
  t.deepEqual(changed, { ...policy, renewedBy: 'pol_2', version: 1 });
  t.is(await policies.change(policy, transition(POLICY_LIFECYCLE, 'renew'), { renewedBy: 'pol_3' }, [], at), null, 'a stale version changes nothing');
});
