import test from 'ava';
import { BILLING } from '../../../bootstrap/billing.tokens.ts';
import { POLICY } from '../../../bootstrap/policy.tokens.ts';
import { chargesOwed } from '../../../core/policy/policy-charges.ts';
import { premiumTermOf } from '../../../core/policy/policy.ts';
import { cents } from '../../../core/shared/money.ts';
import { aRisk } from '../../support/mothers.ts';
import { aBoundPolicy, installmentsOf, MACHINE, useCaseWorld, type UseCaseWorld } from '../../support/use-cases.ts';

const ORG = 'org_account';

/** What the insured still owes on open charges, and what is owed back on open credits. */
const openOf = async (world: UseCaseWorld, policyId: string) => {
  const invoices = await (await world.resolve(BILLING.InvoiceRepository)).forPolicy(ORG, policyId);
  const open = invoices.filter((invoice) => invoice.status === 'open');
  return {
    owed: open.filter((invoice) => invoice.amount > 0).reduce((sum, invoice) => sum + invoice.amount - invoice.paidAmount, 0),
    owedBack: open.filter((invoice) => invoice.amount < 0).reduce((sum, invoice) => sum + invoice.paidAmount - invoice.amount, 0),
  };
};

const totalOwed = async (world: UseCaseWorld, policyId: string) => {
  const policy = await (await world.resolve(POLICY.PolicyRepository)).findById(ORG, policyId);
  const owed = chargesOwed(premiumTermOf(policy!));
  return owed.premium + owed.policyFee + owed.surplusLinesTax + owed.stampingFee;
};

test('return premium reduces the open installments instead of standing beside them', async (t) => {
  const world = await useCaseWorld();
  t.teardown(world.close);
  const { policy } = await aBoundPolicy(world, ORG, { risk: aRisk({ insuredName: 'Lowered Co' }), plan: 'QUARTERLY' });
  await (
    await world.resolve(POLICY.PolicyLifecycle)
  ).endorse(MACHINE, ORG, policy.id, { effectiveDate: '2027-02-01', changes: { annualRevenue: cents(1_000_000_00) } });
  const { owed, owedBack } = await openOf(world, policy.id);
  t.is(owedBack, 0, 'nothing is owed back while charges are open');
  t.is(owed, await totalOwed(world, policy.id), 'the open installments ask exactly what the policy owes');
});

test('paid in full, cancelled, reinstated: the credit and the charge meet, nothing stays open', async (t) => {
  const world = await useCaseWorld();
  t.teardown(world.close);
  const lifecycle = await world.resolve(POLICY.PolicyLifecycle);
  const { policy } = await aBoundPolicy(world, ORG, { risk: aRisk({ insuredName: 'Round Trip Co' }), plan: 'PIF' });
  const [bill] = await installmentsOf(world, ORG, policy.id);
  await (await world.resolve(BILLING.InvoicePayments)).pay(MACHINE, ORG, bill!.id, { amount: bill!.amount, method: 'check', reference: 'chk-pif' });
  await lifecycle.cancel(MACHINE, ORG, policy.id, { effectiveDate: '2027-06-01', reason: 'underwriting' });
  const cancelled = await openOf(world, policy.id);
  t.true(cancelled.owedBack > 0, 'after the cancellation the return premium is owed back');
  await lifecycle.reinstate(MACHINE, ORG, policy.id);
  t.deepEqual(await openOf(world, policy.id), { owed: 0, owedBack: 0 });
});

test('cancelled from inception with nothing paid: every installment is cancelled, nothing is owed either way', async (t) => {
  const world = await useCaseWorld();
  t.teardown(world.close);
  const { policy } = await aBoundPolicy(world, ORG, { risk: aRisk({ insuredName: 'Never Started Co' }), plan: 'MONTHLY_10' });
  await (
    await world.resolve(POLICY.PolicyLifecycle)
  ).cancel(MACHINE, ORG, policy.id, { effectiveDate: policy.effectiveDate, reason: 'underwriting', method: 'flat' });
  t.deepEqual(await openOf(world, policy.id), { owed: 0, owedBack: 0 });
});
