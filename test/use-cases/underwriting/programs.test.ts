import test from 'ava';
import { UNDERWRITING } from '../../../bootstrap/underwriting.tokens.ts';
import { cents } from '../../../core/shared/money.ts';
import type { ProgramTerms } from '../../../core/underwriting/program-terms.ts';
import { MACHINE, useCaseWorld } from '../../support/use-cases.ts';

const ORG = 'org_programs';
const terms = (overrides: Partial<ProgramTerms> = {}): ProgramTerms => ({
  name: 'Ohio contractors',
  status: 'active',
  maxLimitPerRisk: cents(200_000_000),
  maxPremiumPerRisk: cents(10_000_000),
  allowedStates: ['OH', 'OH', 'KY'],
  allowedLines: ['GL'],
  excludedNaics: [],
  aggregateCap: cents(1_000_000_000),
  minimumEarnedPremiumPercent: 25,
  policyFee: cents(0),
  surplusLines: false,
  rateTableVersion: null,
  insurer: { name: 'Buckeye Mutual', naic: '24740' },
  ...overrides,
});

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
