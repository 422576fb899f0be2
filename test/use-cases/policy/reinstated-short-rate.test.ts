import test from 'ava';
import { FixtureReferenceData } from '../../../adapters/reference-data/fixture-reference-data.ts';
import type { DaProgram } from '../../../core/underwriting/delegated-authority.ts';
import { POLICY } from '../../../bootstrap/policy.tokens.ts';
import { cents } from '../../../core/shared/money.ts';
import { aRisk } from '../../support/mothers.ts';
import { aBoundPolicy, MACHINE, useCaseWorld, type UseCaseWorld } from '../../support/use-cases.ts';

/**
 * The short-rate penalty and the minimum earned premium are on the premium in force on the
 * cancellation date, whatever the policy's history: a cancellation reversed by a reinstatement
 * leaves no trace in them, and an endorsement dated later never took effect.
 */
const ORG = 'org_reinstated_short_rate';

/** The fixtures, with the excess and surplus lines program ($250 policy fee) for every new quote. */
class SurplusLinesReference extends FixtureReferenceData {
  override defaultProgram(): DaProgram {
    return this.platformProgram('excess-and-surplus') as DaProgram;
  }
}

const endorsedLater = async (world: UseCaseWorld, name: string) => {
  const { policy } = await aBoundPolicy(world, ORG, { risk: aRisk({ insuredName: name, state: 'TX', effectiveDate: '2027-01-01' }), plan: 'PIF' });
  const lifecycle = await world.resolve(POLICY.PolicyLifecycle);
  await lifecycle.endorse(MACHINE, ORG, policy.id, { effectiveDate: '2027-06-20', changes: { annualRevenue: cents(9_000_000_00) } });
  return { policy, lifecycle };
};

test('after cancel → reinstate, an insured’s short-rate cancellation returns what it would have without them', async (t) => {
  const world = await useCaseWorld();
  t.teardown(world.close);
  const plain = await endorsedLater(world, 'Straight Co');
  const cancelled = await plain.lifecycle.cancel(MACHINE, ORG, plain.policy.id, {
    effectiveDate: '2027-02-01',
    reason: 'insured_request',
    method: 'short_rate',
  });

  const twice = await endorsedLater(world, 'Round Trip Co');
  await twice.lifecycle.cancel(MACHINE, ORG, twice.policy.id, { effectiveDate: '2027-01-10', reason: 'underwriting' });
  await twice.lifecycle.reinstate(MACHINE, ORG, twice.policy.id);
  const after = await twice.lifecycle.cancel(MACHINE, ORG, twice.policy.id, { effectiveDate: '2027-02-01', reason: 'insured_request', method: 'short_rate' });

  t.true(cancelled.cancellation!.returnPremium > 0);
  t.is(after.cancellation!.returnPremium, cancelled.cancellation!.returnPremium);
  t.is(after.premium.at(-1)!.penalty, cancelled.premium.at(-1)!.penalty);
});

test('the policy fee comes back in proportion to the premium in force on the cancellation date: a later endorsement moves none of it', async (t) => {
  const world = await useCaseWorld({ reference: new SurplusLinesReference() });
  t.teardown(world.close);
  const lifecycle = await world.resolve(POLICY.PolicyLifecycle);
  const feeBack = async (name: string, endorse: boolean) => {
    const { policy } = await aBoundPolicy(world, ORG, { risk: aRisk({ insuredName: name, state: 'NY', effectiveDate: '2027-01-01' }), plan: 'PIF' });
    if (endorse) await lifecycle.endorse(MACHINE, ORG, policy.id, { effectiveDate: '2027-06-20', changes: { annualRevenue: cents(9_000_000_00) } });
    const cancelled = await lifecycle.cancel(MACHINE, ORG, policy.id, { effectiveDate: '2027-04-01', reason: 'underwriting' });
    return { fee: cancelled.premium.at(-1)!.charges?.policyFee ?? 0, charged: cancelled.premium[0]!.charges?.policyFee ?? 0 };
  };
  const plain = await feeBack('Fee Plain Co', false);
  const endorsed = await feeBack('Fee Endorsed Co', true);
  t.true(plain.charged > 0 && plain.fee < 0, 'a fee was charged and part of it returned');
  t.is(endorsed.fee, plain.fee);
});

test('a cancellation from the term’s first day is flat whatever the method: everything comes back, no minimum is kept', async (t) => {
  const world = await useCaseWorld();
  t.teardown(world.close);
  const lifecycle = await world.resolve(POLICY.PolicyLifecycle);
  const { policy } = await aBoundPolicy(world, ORG, { risk: aRisk({ insuredName: 'First Day Co', effectiveDate: '2027-01-01' }), plan: 'PIF' });
  const cancelled = await lifecycle.cancel(MACHINE, ORG, policy.id, { effectiveDate: '2027-01-01', reason: 'insured_request', method: 'short_rate' });
  t.like(cancelled.cancellation, { method: 'flat', returnPremium: policy.grossPremium });
  t.is(cancelled.premium.at(-1)!.penalty, cents(0));
});
