import test from 'ava';
import { CLAIMS } from '../../../bootstrap/claims.tokens.ts';
import { queryWords } from '../../../core/shared/search-words.ts';
import { aRisk } from '../../support/mothers.ts';
import { SettableClock } from '../../support/settable-clock.ts';
import { aBoundPolicy, MACHINE, USE_CASE_START, useCaseWorld, type UseCaseWorld } from '../../support/use-cases.ts';

/** What `q` finds among claims, within the organization. */
const ORG = 'org_search';
const OTHER = 'org_search_other';

const filed = async (world: UseCaseWorld, orgId: string, insuredName: string) => {
  const { policy } = await aBoundPolicy(world, orgId, { risk: aRisk({ insuredName }), plan: 'PIF' });
  const claim = await (await world.resolve(CLAIMS.Claims)).file(MACHINE, orgId, { policyId: policy.id, lossDate: '2027-01-20', description: 'Burst pipe' });
  return { policy, claim };
};

test('q finds claims by the beginnings of the words of the claim number, the policy number or the insured’s name', async (t) => {
  const clock = new SettableClock(USE_CASE_START);
  const world = await useCaseWorld({ clock });
  t.teardown(world.close);
  clock.set('2027-02-01T12:00:00Z');
  const pipe = await filed(world, ORG, 'Blue Pipe Plumbing, Inc.');
  const bakery = await filed(world, ORG, 'Bluebird Bakery');
  await filed(world, OTHER, 'Blue Pipe Plumbing, Inc.');
  t.is(pipe.claim.insuredName, 'Blue Pipe Plumbing, Inc.', 'the claim keeps the insured’s name');
  const claims = await world.resolve(CLAIMS.Claims);
  const search = async (q: string, status?: 'closed') =>
    (await claims.list(ORG, { words: queryWords(q), ...(status ? { status } : {}) }, { limit: 50 })).data.map((claim) => claim.id).sort();
  t.deepEqual(await search('blue'), [pipe.claim.id, bakery.claim.id].sort(), 'the insured’s name, within the organization');
  t.deepEqual(await search('blue plumb'), [pipe.claim.id]);
  t.deepEqual(await search(pipe.claim.claimNumber), [pipe.claim.id], 'the claim number');
  t.deepEqual(await search(bakery.policy.policyNumber), [bakery.claim.id], 'the policy number');
  t.deepEqual(await search('blue', 'closed'), [], 'with the other filters');
  t.deepEqual(await search('bakery pipe'), []);
});
