import test from 'ava';
import { POLICY } from '../../../bootstrap/policy.tokens.ts';
import { cents } from '../../../core/shared/money.ts';
import type { AdditionalInsured, LiabilityLimits } from '../../../core/underwriting/coverage-options.ts';
import { rejectionOf } from '../../support/error-codes.ts';
import { aRisk } from '../../support/mothers.ts';
import { aBoundPolicy, MACHINE, useCaseWorld } from '../../support/use-cases.ts';

const ORG = 'org_forms';
const contractor: AdditionalInsured = {
  name: 'Lone Star General Contractors LLC',
  address: { line1: '100 Congress Ave', city: 'Austin', state: 'TX', postalCode: '78701' },
  relationship: 'general contractor',
  operations: 'ongoing',
};
const limits: LiabilityLimits = {
  eachOccurrence: cents(100_000_000),
  damageToRentedPremises: cents(10_000_000),
  medicalExpense: cents(500_000),
  personalAdvertisingInjury: cents(100_000_000),
  generalAggregate: cents(200_000_000),
  productsCompletedOperationsAggregate: cents(200_000_000),
};
const roofer = (state: string) =>
  aRisk({ insuredName: `Roofs of ${state}`, naicsCode: '238160', state, coverage: { limits, additionalInsureds: [contractor] } });
const numbers = (forms: readonly { formNumber: string; edition: string }[] | undefined) => (forms ?? []).map((form) => `${form.formNumber} ${form.edition}`);

test('a bound Texas GL policy with one additional insured carries exactly its coverage form, the Texas amendatory endorsement and the additional insured form; in Oklahoma no Texas form', async (t) => {
  const world = await useCaseWorld();
  t.teardown(world.close);
  const { policy: texas, quote } = await aBoundPolicy(world, ORG, { risk: roofer('TX') });
  t.deepEqual(quote.risk.coverage?.additionalInsureds, [contractor], 'the quote keeps the coverage options');
  t.deepEqual(numbers(texas.forms), ['CG 00 01 2013-04', 'PLT TX 01 2025-01', 'CG 20 10 2019-12']);
  const stored = await (await world.resolve(POLICY.PolicyRepository)).findById(ORG, texas.id);
  t.deepEqual(numbers(stored?.forms), numbers(texas.forms), 'kept with the policy');
  t.deepEqual(stored?.risk.coverage?.limits, limits);
  const { policy: oklahoma } = await aBoundPolicy(world, ORG, { risk: roofer('OK') });
  t.deepEqual(numbers(oklahoma.forms), ['CG 00 01 2013-04', 'CG 20 10 2019-12']);
});

test('an endorsement that asks for a waiver and completed operations cover adds their forms, says so on the timeline, and keeps the term’s editions', async (t) => {
  const world = await useCaseWorld();
  t.teardown(world.close);
  const lifecycle = await world.resolve(POLICY.PolicyLifecycle);
  const { policy } = await aBoundPolicy(world, ORG, { risk: roofer('OK') });
  const coverage = { limits, additionalInsureds: [{ ...contractor, operations: 'both' as const }], waiverOfSubrogation: { blanket: true, parties: [] } };
  const endorsement = await lifecycle.endorse(MACHINE, ORG, policy.id, { effectiveDate: '2027-03-01', changes: { coverage } });
  t.deepEqual(endorsement.details.forms, {
    added: [
      { formNumber: 'CG 20 37', edition: '2019-12' },
      { formNumber: 'CG 24 04', edition: '2019-12' },
    ],
    removed: [],
  });
  const endorsed = await lifecycle.get(ORG, policy.id);
  t.deepEqual(numbers(endorsed.forms), ['CG 00 01 2013-04', 'CG 20 10 2019-12', 'CG 20 37 2019-12', 'CG 24 04 2019-12']);
  t.deepEqual(endorsed.risk.coverage, coverage);
});

test('coverage options that do not hang together are refused and change nothing', async (t) => {
  const world = await useCaseWorld();
  t.teardown(world.close);
  const lifecycle = await world.resolve(POLICY.PolicyLifecycle);
  const { policy } = await aBoundPolicy(world, ORG, { risk: roofer('OK') });
  const refused = async (changes: Parameters<typeof lifecycle.endorse>[3]['changes']) =>
    rejectionOf(lifecycle.endorse(MACHINE, ORG, policy.id, { effectiveDate: '2027-03-01', changes }));
  t.like(await refused({ requestedLimit: cents(200_000_000) }), {
    code: 'validation_failed',
    details: { field: 'changes.coverage.limits.eachOccurrence', rule: 'requestedLimit' },
  });
  t.like(await refused({ coverage: { retroactiveDate: '2025-01-01' } }), { code: 'validation_failed', details: { rule: 'claims_made' } });
  t.like(await refused({ coverage: { trigger: 'claims_made', retroactiveDate: '2027-06-01' } }), { code: 'validation_failed', details: { rule: 'maximum' } });
  t.like(await refused({ coverage: { limits: { ...limits, medicalExpense: cents(200_000_000) } } }), {
    details: { field: 'changes.coverage.limits.medicalExpense', rule: 'maximum' },
  });
  t.like(await refused({ coverage: { additionalInsureds: [contractor, { ...contractor, name: 'lone star general contractors llc ' }] } }), {
    details: { rule: 'unique' },
  });
  const unchanged = await lifecycle.get(ORG, policy.id);
  t.is(unchanged.version, policy.version);
  t.deepEqual(numbers(unchanged.forms), numbers(policy.forms));
});
