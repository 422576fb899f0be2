import test from 'ava';
import { BILLING } from '../../../bootstrap/billing.tokens.ts';
import { POLICY } from '../../../bootstrap/policy.tokens.ts';
import { cents } from '../../../core/shared/money.ts';
import type { CollectionStore } from '../../../ports/shared/persistence/collection-store.port.ts';
import { withFaults, type Fault } from '../../support/faulty-store.ts';
import { aRisk } from '../../support/mothers.ts';
import { aBoundPolicy, MACHINE, useCaseWorld, type UseCaseWorld } from '../../support/use-cases.ts';

const ORG = 'org_credit_application';

/** The policy's invoices by kind and what they received, and the credit rows. */
const state = async (world: UseCaseWorld, policyId: string) => {
  const invoices = await (await world.resolve(BILLING.InvoiceRepository)).forPolicy(ORG, policyId);
  const rows = await (
    await world.resolve(BILLING.PaymentRepository)
  ).forInvoices(
    ORG,
    invoices.map((invoice) => invoice.id),
  );
  return {
    invoices: invoices.map((invoice) => `${invoice.kind}:${invoice.status}:${invoice.paidAmount}:${invoice.creditSteps?.length ?? 0}`).sort(),
    creditRows: rows.filter((row) => row.method === 'credit').length,
  };
};

// A credit applied to an open charge is one write: the credit's part, the charge, both rows and the audit entry.
for (const [step, fault] of [
  ['taking the part from the credit', ['updateOne:invoices', 1]],
  ['paying the charge', ['updateOne:invoices', { skip: 1, fail: 1 }]],
  ['storing a row', ['payments', 1]],
  ['writing the audit entry', ['audit_log', 1]],
] as const satisfies readonly (readonly [string, readonly [string, number | Fault]])[]) {
  test(`a failure ${step} keeps nothing of the application; applying again settles it once`, async (t) => {
    const faults = new Map<string, number | Fault>();
    const world = await useCaseWorld({ store: (store: CollectionStore) => withFaults(store, faults) });
    t.teardown(world.close);
    const lifecycle = await world.resolve(POLICY.PolicyLifecycle);
    const { policy } = await aBoundPolicy(world, ORG, { risk: aRisk({ insuredName: 'Credit Co', annualRevenue: cents(5_000_000_00) }), plan: 'PIF' });
    const invoices = await world.resolve(BILLING.InvoiceRepository);
    const [bill] = await invoices.forPolicy(ORG, policy.id);
    await (await world.resolve(BILLING.InvoicePayments)).pay(MACHINE, ORG, bill!.id, { amount: bill!.amount, method: 'check', reference: 'chk-credit' });
    // Endorsed down from inception: a credit owed back; then up from mid-term: a charge it can pay.
    await lifecycle.endorse(MACHINE, ORG, policy.id, { effectiveDate: policy.effectiveDate, changes: { annualRevenue: cents(2_000_000_00) } });
    const credit = (await invoices.forPolicy(ORG, policy.id)).find((invoice) => invoice.kind === 'credit');
    t.truthy(credit);
    faults.set(fault[0], fault[1]);
    await lifecycle.endorse(MACHINE, ORG, policy.id, { effectiveDate: '2027-06-01', changes: { annualRevenue: cents(3_000_000_00) } }).catch(() => undefined);
    faults.clear();
    const before = await state(world, policy.id);
    t.is(before.creditRows, 0, 'no row of a failed application');
    t.true(before.invoices.includes('credit:open:0:0'), `nothing taken from the credit: ${before.invoices.join(' ')}`);
    t.true(
      before.invoices.some((line) => line.startsWith('adjustment:open:0:')),
      before.invoices.join(' '),
    );
    const settled = await (await world.resolve(BILLING.CreditSettlement)).settle(MACHINE, ORG, credit!.id, { method: 'apply', reference: 'apply-again' });
    t.is(settled.payments.length, 1);
    const after = await state(world, policy.id);
    t.is(after.creditRows, 2, 'the credit gave, the charge received');
    t.false(
      after.invoices.some((line) => line.startsWith('adjustment:open:0:')),
      after.invoices.join(' '),
    );
  });
}
