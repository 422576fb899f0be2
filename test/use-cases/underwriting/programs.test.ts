import test from 'ava';
import { UNDERWRITING } from '../../../bootstrap/underwriting.tokens.ts';
import { cents } from '../../../core/shared/money.ts';
import type { ProgramTerms } from '../../../core/underwriting/program-terms.ts';
import { aBoundPolicy, aQuotedSubmission, MACHINE, useCaseWorld } from '../../support/use-cases.ts';
import { POLICY } from '../../../bootstrap/policy.tokens.ts';
import type { CompleteRisk } from '../../../core/underwriting/risk.ts';
import { rejectionOf } from '../../support/error-codes.ts';
import { aProgramTerms, aRisk } from '../../support/mothers.ts';

const ORG = 'org_programs';
const terms = (overrides: Partial<ProgramTerms> = {}): ProgramTerms => aProgramTerms({ allowedStates: ['OH', 'OH', 'KY'], ...overrides });

test('two changes of the same version: one lands, the other is 409 and changes nothing', async (t) => {
  const world = await useCaseWorld();
  t.teardown(world.close);
  const programs = await world.resolve(UNDERWRITING.Programs);
  const program = await programs.create(MACHINE, ORG, terms());
  t.deepEqual(program.allowedStates, ['OH', 'KY'], 'repeats dropped');
  const outcomes = await Promise.allSettled([
    programs.update(MACHINE, ORG, program.id, { minimumEarnedPremiumPercent: 40 }),
    programs.update(MACHINE, ORG, program.id, { minimumEarnedPremiumPercent: 50 }),
  ]);
  const landed = outcomes.filter((outcome) => outcome.status === 'fulfilled');
  const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
  t.is(landed.length, 1);
  t.like(refused[0], { reason: { code: 'conflict' } });
  const now = await programs.get(ORG, program.id);
  t.is(now.version, 2);
  t.is(now.minimumEarnedPremiumPercent, (landed[0] as PromiseFulfilledResult<{ minimumEarnedPremiumPercent: number }>).value.minimumEarnedPremiumPercent);
});

test('every earlier version reads back as it was; another organization cannot reach the program', async (t) => {
  const world = await useCaseWorld();
  t.teardown(world.close);
  const programs = await world.resolve(UNDERWRITING.Programs);
  const program = await programs.create(MACHINE, ORG, terms());
  await programs.update(MACHINE, ORG, program.id, { minimumEarnedPremiumPercent: 40 });
  await programs.update(MACHINE, ORG, program.id, { insurer: { name: 'Other', naic: '11111' } });
  t.like(await programs.program(ORG, program.id, 1), { version: 1, minimumEarnedPremiumPercent: 25, insurer: { name: 'Buckeye Mutual' } });
  t.like(await programs.program(ORG, program.id, 2), { version: 2, minimumEarnedPremiumPercent: 40, insurer: { name: 'Buckeye Mutual' } });
  t.like(await programs.program(ORG, program.id, 3), { version: 3, minimumEarnedPremiumPercent: 40, insurer: { name: 'Other' } });
  t.like(await programs.program(ORG, program.id), { version: 3 });
  await t.throwsAsync(programs.get('org_other', program.id), { message: 'Program not found.' });
  await t.throwsAsync(programs.program('org_other', program.id, 1));
  t.is((await programs.forRisk('org_other', { state: 'OH', lineOfBusiness: 'GL' })).id, 'default');
  t.is((await programs.forRisk(ORG, { state: 'KY', lineOfBusiness: 'GL' })).id, program.id);
});

const flagsOf = (quote: { daFlags: readonly { code: string }[] }) => quote.daFlags.map((flag) => flag.code);

test('quotes take the organization’s program for the risk; an organization without programs writes under the default; suspended programs answer last', async (t) => {
  const world = await useCaseWorld();
  t.teardown(world.close);
  const programs = await world.resolve(UNDERWRITING.Programs);
  const ohio = await programs.create(MACHINE, ORG, terms({ allowedStates: ['OH'], excludedNaics: ['2381'] }));
  const texas = await programs.create(MACHINE, ORG, terms({ name: 'Texas property', allowedStates: ['TX'], allowedLines: ['PROPERTY'] }));
  const quoted = async (overrides: Partial<CompleteRisk> = {}, orgId = ORG) => (await aQuotedSubmission(world, orgId, aRisk(overrides))).quote;

  t.like(await quoted(), { programId: ohio.id, programVersion: 1, bindable: true });
  t.like(await quoted({ state: 'TX', lineOfBusiness: 'PROPERTY' }), { programId: texas.id, bindable: true });
  t.deepEqual(flagsOf(await quoted({ requestedLimit: cents(300_000_000) })), ['limit_exceeded']);
  // No program of the organization covers Arizona: the first one answers, and says why.
  const arizona = await quoted({ state: 'AZ' });
  t.like(arizona, { programId: ohio.id, bindable: false });
  t.deepEqual(flagsOf(arizona), ['state_not_allowed']);
  t.deepEqual(flagsOf(await quoted({ naicsCode: '238160' })), ['naics_excluded']);
  t.like(await quoted({ state: 'AZ' }, 'org_without_programs'), { programId: 'default', programVersion: null, bindable: true });

  await programs.update(MACHINE, ORG, ohio.id, { status: 'suspended' });
  const afterOhio = await quoted();
  t.is(afterOhio.programId, texas.id);
  t.deepEqual(flagsOf(afterOhio), ['state_not_allowed', 'line_not_allowed']);
  await programs.update(MACHINE, ORG, texas.id, { status: 'suspended' });
  const none = await quoted();
  t.like(none, { programId: ohio.id, bindable: false });
  t.deepEqual(flagsOf(none), ['program_suspended']);
});

test('a policy keeps the terms of the version it was bound under; a suspension stops new business at once', async (t) => {
  const world = await useCaseWorld();
  t.teardown(world.close);
  const programs = await world.resolve(UNDERWRITING.Programs);
  const program = await programs.create(MACHINE, ORG, terms({ minimumEarnedPremiumPercent: 30 }));
  const { policy } = await aBoundPolicy(world, ORG, { plan: 'PIF' });
  t.like(policy, { programId: program.id, programVersion: 1 });
  t.like(await programs.update(MACHINE, ORG, program.id, { minimumEarnedPremiumPercent: 60, insurer: { name: 'Other Carrier', naic: '11111' } }), {
    version: 2,
  });
  // Cancelled by the insured on the term's second day: 30 % kept (version 1), not 60 % (the first day would be flat).
  const cancelled = await (
    await world.resolve(POLICY.PolicyLifecycle)
  ).cancel(MACHINE, ORG, policy.id, {
    effectiveDate: '2027-01-02',
    reason: 'insured_request',
  });
  t.is(cancelled.cancellation?.returnPremium, cents(Math.round(policy.grossPremium * 0.7)));

  const { submission } = await aQuotedSubmission(world, ORG, aRisk({ insuredName: 'Late Co' }));
  await programs.update(MACHINE, ORG, program.id, { status: 'suspended' });
  const refused = await rejectionOf((await world.resolve(POLICY.Binding)).bind(MACHINE, ORG, submission.id, 'PIF'));
  t.like(refused, { code: 'not_bindable', details: { programId: program.id } });
});
