import test from 'ava';
import { POLICY } from '../../../bootstrap/policy.tokens.ts';
import { UNDERWRITING } from '../../../bootstrap/underwriting.tokens.ts';
import { queryWords } from '../../../core/shared/search-words.ts';
import type { PolicyFilters } from '../../../ports/policy/policy.repositories.ts';
import { aRisk } from '../../support/mothers.ts';
import { aBoundPolicy, useCaseWorld, type UseCaseWorld } from '../../support/use-cases.ts';

/** The policy and submission lists: filters combined with AND, and `q`'s words, within the organization. */
const ORG = 'org_lists';
const OTHER = 'org_lists_other';

const bound = (world: UseCaseWorld, insuredName: string, more: Parameters<typeof aRisk>[0] = {}, orgId = ORG) =>
  aBoundPolicy(world, orgId, { risk: aRisk({ insuredName, ...more }) });

const listed = async (world: UseCaseWorld, filters: PolicyFilters) =>
  (await (await world.resolve(POLICY.PolicyLifecycle)).list(ORG, filters, { limit: 200 })).data.map((policy) => policy.id).sort();

test('the policy list filters by insured name, number, state, line, status and effective dates, with AND, within the organization', async (t) => {
  const world = await useCaseWorld();
  t.teardown(world.close);
  const ohio = await bound(world, 'Café Lumière LLC', { state: 'OH', effectiveDate: '2027-01-01' });
  const texas = await bound(world, 'Lone Star Roofing', { state: 'TX', effectiveDate: '2027-03-01' });
  const other = await bound(world, 'Café Lumière LLC', { state: 'OH' }, OTHER);
  t.deepEqual(await listed(world, { insuredName: 'café lumière llc' }), [ohio.policy.id], 'the whole name, case ignored, the organization’s own');
  t.deepEqual(await listed(world, { insuredName: 'Caf' }), [], 'a part of the name is no match');
  t.deepEqual(await listed(world, { insuredName: '.*' }), [], 'the name is matched as written');
  t.deepEqual(await listed(world, { policyNumber: texas.policy.policyNumber }), [texas.policy.id]);
  t.deepEqual(await listed(world, { state: 'TX', lineOfBusiness: 'GL', status: 'active' }), [texas.policy.id]);
  t.deepEqual(await listed(world, { state: 'TX', status: 'cancelled' }), []);
  t.deepEqual(await listed(world, { effectiveFrom: '2027-02-01', effectiveTo: '2027-03-01' }), [texas.policy.id]);
  t.deepEqual(await listed(world, { effectiveTo: '2027-01-01' }), [ohio.policy.id]);
  t.false((await listed(world, {})).includes(other.policy.id));
});

test('q finds policies by the beginnings of the words of the insured’s name or of the number, with the other filters, within the organization', async (t) => {
  const world = await useCaseWorld();
  t.teardown(world.close);
  const cafe = await bound(world, 'Café Lumière LLC', { state: 'OH' });
  const pipe = await bound(world, 'Blue Pipe Plumbing, Inc.', { state: 'TX' });
  const bluebird = await bound(world, 'Bluebird Bakery', { state: 'TX' });
  const elsewhere = await bound(world, 'Blue Pipe Plumbing, Inc.', {}, OTHER);
  const search = (q: string, more: PolicyFilters = {}) => listed(world, { ...more, words: queryWords(q) });
  t.deepEqual(await search('blue'), [pipe.policy.id, bluebird.policy.id].sort(), 'a prefix of a word, case ignored');
  t.deepEqual(await search('blue pi'), [pipe.policy.id], 'every word must match');
  t.deepEqual(await search('plumb blue'), [pipe.policy.id], 'in any order');
  t.deepEqual(await search('cafe lumi'), [cafe.policy.id], 'accents ignored');
  t.deepEqual(await search('LLC Café'), [cafe.policy.id]);
  t.deepEqual(await search('pipe bakery'), []);
  t.deepEqual(await search('ipe'), [], 'only the beginnings of words');
  t.deepEqual(await search('blue', { state: 'OH' }), [], 'with the other filters');
  const number = pipe.policy.policyNumber;
  t.deepEqual(await search(number), [pipe.policy.id], 'the whole number');
  t.true((await search(number.slice(0, -2))).includes(pipe.policy.id), 'a number’s beginning');
  t.true((await search(number.replace(/[^A-Za-z0-9]/g, ''))).includes(pipe.policy.id), 'the number without its separators');
  t.false((await search('blue pipe')).includes(elsewhere.policy.id), 'another organization’s policy is never found');
});

test('q finds submissions by the beginnings of the words of the insured’s name', async (t) => {
  const world = await useCaseWorld();
  t.teardown(world.close);
  const plumbing = await bound(world, 'Blue Pipe Plumbing, Inc.');
  const bakery = await bound(world, 'Bluebird Bakery');
  const submissions = await world.resolve(UNDERWRITING.Submissions);
  const search = async (q: string) => (await submissions.list(ORG, { words: queryWords(q) }, { limit: 50 })).data.map((submission) => submission.id).sort();
  t.deepEqual(await search('blue'), [plumbing.submission.id, bakery.submission.id].sort());
  t.deepEqual(await search('bluebird bak'), [bakery.submission.id]);
  t.deepEqual(await search('pipe plumb'), [plumbing.submission.id]);
});
