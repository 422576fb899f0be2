import test from 'ava';
import { BILLING } from '../../../bootstrap/billing.tokens.ts';
import { POLICY } from '../../../bootstrap/policy.tokens.ts';
import { cashHeld } from '../../../core/billing/credit.ts';
import { policyPayments } from '../../../ports/billing/invoice.repository.ts';
import { cents } from '../../../core/shared/money.ts';
import { rejectionCodeOf } from '../../support/error-codes.ts';
import { aRisk } from '../../support/mothers.ts';
import { aBoundPolicy, MACHINE, useCaseWorld, type UseCaseWorld } from '../../support/use-cases.ts';

/**
 * Refunds of payments and payouts of credits draw on one figure, the cash the policy holds
 * (CONTRACT 18.20): whatever the order, together they never give back more than was paid.
 */
const ORG = 'org_money_out';

/** A policy paid in full by check, then endorsed down: a credit owed back stands beside the payment. */
const paidThenLowered = async (world: UseCaseWorld, name: string) => {
  const { policy } = await aBoundPolicy(world, ORG, { risk: aRisk({ insuredName: name, annualRevenue: cents(5_000_000_00) }), plan: 'PIF' });
  const invoices = await world.resolve(BILLING.InvoiceRepository);
  const [invoice] = await invoices.forPolicy(ORG, policy.id);
  const payment = await (
    await world.resolve(BILLING.InvoicePayments)
  ).pay(MACHINE, ORG, invoice!.id, {
    amount: invoice!.amount,
    method: 'check',
    reference: `chk-${name}`,
  });
  await (
    await world.resolve(POLICY.PolicyLifecycle)
  ).endorse(MACHINE, ORG, policy.id, {
    effectiveDate: policy.effectiveDate,
    changes: { annualRevenue: cents(500_000_00) },
  });
  const credit = (await invoices.forPolicy(ORG, policy.id)).find((candidate) => candidate.kind === 'credit');
  return { policy, invoice: invoice!, payment, credit: credit! };
};

const held = async (world: UseCaseWorld, policyId: string) => {
  const deps = { invoices: await world.resolve(BILLING.InvoiceRepository), payments: await world.resolve(BILLING.PaymentRepository) };
  return cashHeld((await policyPayments(deps, ORG, policyId)).payments);
};

test('a refund after a credit payout is bounded by the cash left: refused whole, nothing changes', async (t) => {
  const world = await useCaseWorld();
  t.teardown(world.close);
  const { policy, invoice, payment, credit } = await paidThenLowered(world, 'Payout First Co');
  t.truthy(credit, 'the endorsement leaves a credit');
  await (await world.resolve(BILLING.CreditSettlement)).settle(MACHINE, ORG, credit.id, { method: 'refund', payoutMethod: 'check' });
  const left = await held(world, policy.id);
  t.true(left > 0 && left < payment.amount, `the payout took part of the cash (${left} of ${payment.amount})`);
  const cards = await world.resolve(BILLING.PaymentRefunds);
  const refused = cards.refund(MACHINE, ORG, invoice.id, { amount: cents(payment.amount - 100), paymentId: payment.id });
  t.is(await rejectionCodeOf(refused), 'refund_exceeds_payments');
  t.is(await held(world, policy.id), left, 'nothing was given back');
  // What the policy still holds can go back, and then nothing more.
  await cards.refund(MACHINE, ORG, invoice.id, { amount: left, paymentId: payment.id });
  t.is(await held(world, policy.id), cents(0));
  t.is(await rejectionCodeOf(cards.refund(MACHINE, ORG, invoice.id, { amount: cents(1), paymentId: payment.id })), 'refund_exceeds_payments');
});

test('a refund that reopens the invoice lets the credit pay it: nothing is paid out beyond the cash left', async (t) => {
  const world = await useCaseWorld();
  t.teardown(world.close);
  const { policy, invoice, payment, credit } = await paidThenLowered(world, 'Refund First Co');
  await (await world.resolve(BILLING.PaymentRefunds)).refund(MACHINE, ORG, invoice.id, { amount: cents(payment.amount - 100), paymentId: payment.id });
  t.is(await held(world, policy.id), cents(100));
  // Owed back and owed at once: the credit went to the reopened invoice, so there is nothing to pay out.
  const settled = (await world.resolve(BILLING.CreditSettlement)).settle(MACHINE, ORG, credit.id, { method: 'refund', payoutMethod: 'check' });
  t.is(await rejectionCodeOf(settled), 'invalid_transition');
  t.is(await held(world, policy.id), cents(100));
});

test('refunds racing on one policy give back at most what it holds: the store settles it', async (t) => {
  const world = await useCaseWorld();
  t.teardown(world.close);
  const { policy } = await aBoundPolicy(world, ORG, { risk: aRisk({ insuredName: 'Racing Refunds Co' }), plan: 'PIF' });
  const [invoice] = await (await world.resolve(BILLING.InvoiceRepository)).forPolicy(ORG, policy.id);
  const payment = await (
    await world.resolve(BILLING.InvoicePayments)
  ).pay(MACHINE, ORG, invoice!.id, { amount: invoice!.amount, method: 'check', reference: 'chk-race' });
  const cards = await world.resolve(BILLING.PaymentRefunds);
  const share = cents(Math.floor(payment.amount * 0.4));
  const outcomes = await Promise.allSettled(
    Array.from({ length: 4 }, (_, n) => cards.refund(MACHINE, ORG, invoice!.id, { amount: share, paymentId: payment.id, reference: `race-${n}` })),
  );
  t.is(outcomes.filter((outcome) => outcome.status === 'fulfilled').length, 2);
  t.true(outcomes.every((outcome) => outcome.status === 'fulfilled' || (outcome.reason as { code?: string }).code === 'refund_exceeds_payments'));
  t.is(await held(world, policy.id), cents(payment.amount - 2 * share));
  const ledger = await world.resolve(BILLING.LedgerRepository);
  t.is((await ledger.latestForPolicy(ORG, policy.id))?.position.to.cashHeld, cents(payment.amount - 2 * share), 'the books follow the cash');
});

test('a refund and a credit payout racing on one policy never give back more than it holds', async (t) => {
  const world = await useCaseWorld();
  t.teardown(world.close);
  const refunds = await world.resolve(BILLING.PaymentRefunds);
  const credits = await world.resolve(BILLING.CreditSettlement);
  for (let round = 0; round < 4; round += 1) {
    const { policy, invoice, payment, credit } = await paidThenLowered(world, `Racing Money ${round}`);
    const owedBack = cents(credit.paidAmount - credit.amount);
    // Each fits alone; together they would give back more than was paid.
    const refund = cents(payment.amount - Math.floor(owedBack / 2));
    const outcomes = await Promise.allSettled([
      refunds.refund(MACHINE, ORG, invoice.id, { amount: refund, paymentId: payment.id, reference: `race-refund-${round}` }),
      credits.settle(MACHINE, ORG, credit.id, { method: 'refund', payoutMethod: 'check', reference: `race-payout-${round}` }),
    ]);
    const left = await held(world, policy.id);
    t.true(left >= 0, `round ${round}: cash held ${left}`);
    t.true(
      outcomes.some((outcome) => outcome.status === 'rejected'),
      `round ${round}: ${outcomes.map((outcome) => (outcome.status === 'fulfilled' ? 'ok' : String(outcome.reason))).join(', ')}`,
    );
    const ledger = await world.resolve(BILLING.LedgerRepository);
    t.is((await ledger.latestForPolicy(ORG, policy.id))?.position.to.cashHeld, left, 'the books follow the cash');
  }
});
