import test from 'ava';
import { PolicyStoreRepository } from '../../adapters/persistence/policy/policy.store-repository.ts';
import { StoreSearchIndex } from '../../adapters/persistence/shared/search-index.store.ts';
import { SqliteStore } from '../../adapters/persistence/sqlite/sqlite-store.engine.ts';
import { POLICY_LIFECYCLE } from '../../core/policy/policy.ts';
import { transition } from '../../core/shared/lifecycle.ts';
import { aNewPolicy } from '../support/mothers.ts';
import { MAX_NAME_TERMS, nameTerms } from '../../core/shared/search-words.ts';
import { NO_KEPT_FIGURES } from '../../ports/shared/persistence/kept-figures.port.ts';

const at = new Date('2027-01-01T00:00:00Z');

test('a record is found when every word begins one of its terms; a word matching too many records leaves the choice to the others', async (t) => {
  const store = await SqliteStore.open({});
  t.teardown(() => store.close());
  const index = await StoreSearchIndex.create(store);
  await index.put('org_1', 'policy', 'pol_1', ['blue', 'pipe', 'plumbing']);
  await index.put('org_1', 'policy', 'pol_2', ['bluebird', 'bakery']);
  await index.put('org_1', 'policy', 'pol_3', ['blue', 'bakery']);
  await index.put('org_2', 'policy', 'pol_9', ['blue', 'pipe']);
  const found = async (words: string[], cap = 10) => {
    const ids = await index.matching('org_1', 'policy', words, cap);
    return ids === 'too_broad' ? ids : ids.sort();
  };
  t.deepEqual(await found(['blue']), ['pol_1', 'pol_2', 'pol_3']);
  t.deepEqual(await found(['blue', 'bak']), ['pol_2', 'pol_3']);
  t.deepEqual(await found(['pi', 'blue']), ['pol_1'], 'the other organization’s record is never found');
  t.is(await found(['blue'], 2), 'too_broad');
  t.deepEqual(await found(['blue', 'plum'], 2), ['pol_1'], 'the narrower word picks the candidates');
  t.is(await found(['b', 'bl'], 1), 'too_broad');

  await index.put('org_1', 'policy', 'pol_1', ['blue', 'sky']);
  t.deepEqual(await found(['pipe']), [], 'terms put again replace the old ones');
  t.deepEqual(await found(['sky']), ['pol_1']);
});

test('policies stored before search are found once reindexed; an insured renamed by an endorsement is found by the new name', async (t) => {
  const store = await SqliteStore.open({});
  t.teardown(() => store.close());
  const policies = await PolicyStoreRepository.create(store, NO_KEPT_FIGURES);
  for (const [id, name] of [
    ['pol_1', 'Harbor Freight Lines'],
    ['pol_2', 'Harbor View Dental'],
  ] as const) {
    const policy = aNewPolicy({ id, risk: { insuredName: name }, sequence: id === 'pol_1' ? 1 : 2 });
    await policies.insert(policy, []);
  }
  const list = async (words: string[]) => (await policies.list('org_1', { words }, { limit: 50 })).data.map((policy) => policy.id).sort();
  t.deepEqual(await list(['harbor']), ['pol_1', 'pol_2']);
  t.deepEqual(await list(['harbor', 'den']), ['pol_2']);

  // A store from before search: no terms at all, until reindexed in batches.
  await store.collection('search_terms').deleteMany({});
  t.deepEqual(await list(['harbor']), []);
  let after: string | null = null;
  let batches = 0;
  do {
    after = await policies.reindexSearch(after, 1);
    batches += 1;
  } while (after !== null);
  t.true(batches >= 2);
  t.deepEqual(await list(['harbor']), ['pol_1', 'pol_2']);
  t.deepEqual(await list(['harbor', 'fr']), ['pol_1']);

  const endorsed = (await policies.findById('org_1', 'pol_1'))!;
  await policies.change(endorsed, transition(POLICY_LIFECYCLE, 'endorse'), { risk: { ...endorsed.risk, insuredName: 'Seaway Freight Lines' } }, [], at);
  t.deepEqual(await list(['harbor']), ['pol_2']);
  t.deepEqual(await list(['seaway', 'freight']), ['pol_1']);
});

test('a rare word picks the candidates without reading every record the common words match', async (t) => {
  const store = await SqliteStore.open({});
  t.teardown(() => store.close());
  const index = await StoreSearchIndex.create(store);
  for (let n = 0; n < 500; n += 1) await index.put('org_1', 'policy', `pol_${n}`, ['clock', 'insured', String(n)]);
  const before = store.inspection.rowsRead();
  t.deepEqual(await index.matching('org_1', 'policy', ['insured', 'clock', '250'], 2_000), ['pol_250']);
  const read = store.inspection.rowsRead() - before;
  // A first pass of 65 rows for each of the two common words, then the rare word's one and its record's terms.
  t.true(read < 200, `${read} rows read for one insured among 500 sharing two of its words`);
  t.deepEqual(
    ((await index.matching('org_1', 'policy', ['insured', 'clock'], 2_000)) as string[]).sort(),
    Array.from({ length: 500 }, (_, n) => `pol_${n}`).sort(),
  );
  t.is(await index.matching('org_1', 'policy', ['insured', 'clock'], 100), 'too_broad', 'common words alone are still refused past the cap');
});

test('terms stored under ids of the form before are found, replaced by the next put, and rewritten by a reindex', async (t) => {
  const store = await SqliteStore.open({});
  t.teardown(() => store.close());
  const rows = store.collection('search_terms');
  // `<kind>:<recordId>:<term>`, as rows were stored before.
  for (const [recordId, term] of [
    ['pol_1', 'harbor'],
    ['pol_1', 'freight'],
    ['pol_2', 'harbor'],
  ])
    await rows.insertOne({ _id: `policy:${recordId}:${term}`, orgId: 'org_1', t: `policy:${term}` });
  const index = await StoreSearchIndex.create(store);
  await index.put('org_1', 'policy', 'pol_3', ['harbor', 'view']);
  const found = async (words: string[]) => ((await index.matching('org_1', 'policy', words, 10)) as string[]).sort();
  t.deepEqual(await found(['harbor']), ['pol_1', 'pol_2', 'pol_3']);
  t.deepEqual(await found(['harbor', 'fr']), ['pol_1'], 'a record’s own terms are read in both forms');
  t.deepEqual(await found(['harbor', 'vi']), ['pol_3']);

  await index.put('org_1', 'policy', 'pol_1', ['harbor', 'seaway']);
  t.deepEqual(await found(['freight']), [], 'the rows of the form before are replaced');
  t.deepEqual(await found(['seaway', 'harb']), ['pol_1']);
  const ids = (await rows.find({}, { sort: { _id: 1 } })).map((row) => row._id);
  t.deepEqual(ids, ['pol_1:harbor', 'pol_1:seaway', 'pol_3:harbor', 'pol_3:view', 'policy:pol_2:harbor']);

  const policies = await PolicyStoreRepository.create(store, NO_KEPT_FIGURES);
  await policies.insert(aNewPolicy({ id: 'pol_2', risk: { insuredName: 'Harbor View Dental' }, sequence: 2 }), []);
  for (let after: string | null = null; ;) if ((after = await policies.reindexSearch(after, 10)) === null) break;
  t.false(
    (await rows.find({})).some((row) => row._id.startsWith('policy:')),
    'a reindex rewrites every row of the form before',
  );
  t.deepEqual(await found(['harbor', 'dental']), ['pol_2']);
});

test('a search’s work is bounded whatever a tenant stores: 32 words indexed a name, candidates examined a page at a time', async (t) => {
  const store = await SqliteStore.open({});
  t.teardown(() => store.close());
  const index = await StoreSearchIndex.create(store);
  // 2,000 records whose name is 100 two-letter words: only the first 32 of a name are indexed.
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const words = Array.from({ length: 100 }, (_, n) => `${letters[Math.floor(n / 26)]}${letters[n % 26]}`);
  const name = words.join(' ');
  t.is(nameTerms(name).length, MAX_NAME_TERMS);
  const ids = Array.from({ length: 2_000 }, (_, n) => `sub_${String(n).padStart(5, '0')}`);
  for (let at = 0; at < ids.length; at += 100) {
    await store.writeTogether(ids.slice(at, at + 100).flatMap((id) => StoreSearchIndex.freshWrites('org_1', 'submission', id, nameTerms(name))));
  }
  const searched = words.slice(0, 8);
  const read = async (found: readonly string[]) => found.map((id) => ({ id }));
  const before = store.inspection.rowsRead();
  const first = await index.page('org_1', 'submission', searched, { limit: 50 }, undefined, 'submissions', read);
  const rows = store.inspection.rowsRead() - before;
  t.is(first.data.length, 50);
  t.deepEqual(first.data[0], { id: 'sub_01999' }, 'newest first');
  // Eight words' first passes, the picking word's rows, and one seek a word for the candidates a page takes.
  t.true(rows < 8 * 65 + 2_001 + 250 * 7 + 100, `${rows} rows read for a page of a search of eight common words (200,000 before)`);

  const seen = new Set<string>();
  let cursor: string | null = null;
  do {
    const page: Awaited<ReturnType<typeof index.page>> = await index.page(
      'org_1',
      'submission',
      searched,
      { limit: 200, ...(cursor ? { cursor } : {}) },
      undefined,
      'submissions',
      read,
    );
    for (const record of page.data) seen.add(record.id);
    cursor = page.nextCursor;
  } while (cursor);
  t.is(seen.size, 2_000, 'every record once, page after page');
  const odd = await index.page('org_1', 'submission', searched, { limit: 10 }, undefined, 'submissions', async (found) =>
    found.filter((id) => Number(id.slice(4)) % 2 === 1).map((id) => ({ id })),
  );
  t.deepEqual(odd.data.at(-1), { id: 'sub_01981' }, 'the list’s other filters narrow the page');
  t.deepEqual((await index.page('org_1', 'submission', [words[40]!], { limit: 10 }, undefined, 'submissions', read)).data, [], 'a 41st word is not indexed');
});
