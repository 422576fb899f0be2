import test from 'ava';
import { BILLING } from '../../../bootstrap/billing.tokens.ts';
import { cents } from '../../../core/shared/money.ts';
import type { CollectionStore } from '../../../ports/shared/persistence/collection-store.port.ts';
import { rejectionCodeOf } from '../../support/error-codes.ts';
import { withFaults, type Fault } from '../../support/faulty-store.ts';
import { aRisk } from '../../support/mothers.ts';
import { aBoundPolicy, installmentsOf, useCaseWorld, type UseCaseWorld } from '../../support/use-cases.ts';

/**
 * What the payment processor's events do, over the in-memory engine: each payment counts once
 * however often it is reported, money beyond what is owed is flagged for a person, an unknown
 * invoice is acknowledged and ignored, and a failed step is recorded and answered with a failure
 * so the processor's retry completes it.
 */
const ORG = 'org_pay';

const firstInstallment = async (world: UseCaseWorld) => {
  const { policy } = await aBoundPolicy(world, ORG, { risk: aRisk({ insuredName: 'Paying Co' }) });
  const [first] = await installmentsOf(world, ORG, policy.id);
  if (!first) throw new Error('no installment');
  return { policy, invoice: first };
};

const succeeded = (invoiceId: string, intentId: string, amount: number) => ({
  kind: 'payment_succeeded' as const,
  orgId: ORG,
  invoiceId,
  intentId,
  amount: cents(amount),
});

test('a payment reported twice counts once; the invoice is paid and its receipt stored', async (t) => {
  const world = await useCaseWorld();
  t.teardown(world.close);
  const events = await world.resolve(BILLING.ProcessorPaymentEvents);
  const { invoice } = await firstInstallment(world);
  const first = await events.handle(succeeded(invoice.id, 'pi_1', invoice.amount));
  const again = await events.handle(succeeded(invoice.id, 'pi_1', invoice.amount));
  t.is(first.status, 200);
  t.truthy((first.body as { receiptDocumentId?: string }).receiptDocumentId);
  t.is(again.status, 200);
  const payments = await (await world.resolve(BILLING.PaymentRepository)).forInvoice(ORG, invoice.id);
  t.is(payments.length, 1);
  t.like(await (await world.resolve(BILLING.InvoiceRepository)).findById(ORG, invoice.id), { status: 'paid', paidAmount: invoice.amount });
});

test('money beyond the invoice is kept and flagged for review; an unknown invoice is acknowledged and ignored', async (t) => {
  const world = await useCaseWorld();
  t.teardown(world.close);
  const events = await world.resolve(BILLING.ProcessorPaymentEvents);
  const { invoice } = await firstInstallment(world);
  await events.handle(succeeded(invoice.id, 'pi_over', invoice.amount + 5_000));
  t.like(await (await world.resolve(BILLING.InvoiceRepository)).findById(ORG, invoice.id), { paidAmount: invoice.amount + 5_000 });
  const flagged = await world.store.collection('manual_reviews').find({ orgId: ORG });
  t.like(flagged[0], { kind: 'overpayment', amount: 5_000 });
  const unknown = await events.handle(succeeded('inv_missing', 'pi_x', 100));
  t.is(unknown.status, 200);
  t.like(unknown.body, { received: true, ignored: 'unknown invoice' });
});

test('a step that fails is recorded as an incident and fails the event, and the processor’s retry completes it once', async (t) => {
  const faults = new Map<string, number | Fault>();
  const world = await useCaseWorld({ store: (store: CollectionStore) => withFaults(store, faults) });
  t.teardown(world.close);
  const events = await world.resolve(BILLING.ProcessorPaymentEvents);
  const { invoice } = await firstInstallment(world);
  faults.set('payments', 1);
  t.not(await rejectionCodeOf(events.handle(succeeded(invoice.id, 'pi_retry', invoice.amount))), null);
  const incidents = await (await world.resolve(BILLING.FinancialIncidents)).list(ORG, 10);
  t.like(incidents[0], { operation: 'payment_processing', reference: 'pi_retry' });
  const retried = await events.handle(succeeded(invoice.id, 'pi_retry', invoice.amount));
  t.is(retried.status, 200);
  t.is((await (await world.resolve(BILLING.PaymentRepository)).forInvoice(ORG, invoice.id)).length, 1);
  t.like(await (await world.resolve(BILLING.InvoiceRepository)).findById(ORG, invoice.id), { status: 'paid', paidAmount: invoice.amount });
});
