import test from 'ava';
import { BILLING } from '../../../bootstrap/billing.tokens.ts';
import { cents } from '../../../core/shared/money.ts';
import { rejectionCodeOf } from '../../support/error-codes.ts';
import { aRisk } from '../../support/mothers.ts';
import { aBoundPolicy, installmentsOf, MACHINE, useCaseWorld, type UseCaseWorld } from '../../support/use-cases.ts';

/**
 * Card payments over the in-memory engine with the local processor: one intent per invoice and
 * amount, never more than is outstanding, a failure counted once and retried on the same intent.
 */
const ORG = 'org_cards';

const installment = async (world: UseCaseWorld) => {
  const { policy } = await aBoundPolicy(world, ORG, { risk: aRisk({ insuredName: 'Card Co' }) });
  const [first] = await installmentsOf(world, ORG, policy.id);
  if (!first) throw new Error('no installment');
  return first;
};

test('an intent is made once per attempt, for no more than is outstanding', async (t) => {
  const world = await useCaseWorld();
  t.teardown(world.close);
  const cards = await world.resolve(BILLING.CardPayments);
  const invoice = await installment(world);
  const first = await cards.createIntent(MACHINE, ORG, invoice.id, null, 'attempt-1');
  const again = await cards.createIntent(MACHINE, ORG, invoice.id, null, 'attempt-1');
  t.is(again.attempt.id, first.attempt.id, 'a retry of the attempt returns the same intent');
  const another = await cards.createIntent(MACHINE, ORG, invoice.id, null);
  t.not(another.attempt.id, first.attempt.id, 'a new attempt is a new intent');
  t.is(first.attempt.amount, invoice.amount);
  t.is(await rejectionCodeOf(cards.createIntent(MACHINE, ORG, invoice.id, cents(invoice.amount + 1))), 'amount_exceeds_balance');
  t.is(await rejectionCodeOf(cards.createIntent(MACHINE, ORG, 'inv_missing', null)), 'not_found');
  const part = await cards.createIntent(MACHINE, ORG, invoice.id, cents(100_00));
  t.not(part.attempt.id, first.attempt.id, 'another amount is another intent');
});

test('a failed payment is counted once however often it is reported, and retried on the same intent', async (t) => {
  const world = await useCaseWorld();
  t.teardown(world.close);
  const cards = await world.resolve(BILLING.CardPayments);
  const invoice = await installment(world);
  const { attempt } = await cards.createIntent(MACHINE, ORG, invoice.id, null);
  const failure = { orgId: ORG, invoiceId: invoice.id, intentId: attempt.id, failureKey: 'ch_1', amount: attempt.amount, message: 'Your card was declined.' };
  t.true(await cards.paymentFailed(failure));
  t.true(await cards.paymentFailed(failure));
  t.is(await world.store.collection('financial_alerts').countDocuments({ orgId: ORG }), 1, 'one alert for one failure');
  t.like(await cards.attempt(ORG, attempt.id), { status: 'failed', failureMessage: 'Your card was declined.' });
  const retried = await cards.retry(MACHINE, ORG, invoice.id);
  t.is(retried.id, attempt.id);
  t.is(retried.retries, 1);
  t.false(await cards.paymentFailed({ ...failure, invoiceId: 'inv_missing' }), 'a failure of an unknown invoice is not counted');
});

test('a paid invoice takes no intent', async (t) => {
  const world = await useCaseWorld();
  t.teardown(world.close);
  const cards = await world.resolve(BILLING.CardPayments);
  const invoice = await installment(world);
  const events = await world.resolve(BILLING.ProcessorPaymentEvents);
  await events.handle({ kind: 'payment_succeeded', orgId: ORG, invoiceId: invoice.id, intentId: 'pi_paid', amount: invoice.amount });
  t.is(await rejectionCodeOf(cards.createIntent(MACHINE, ORG, invoice.id, null)), 'invalid_transition');
});
