import type { TestFn } from 'ava';
import { randomUUID } from 'node:crypto';
import type { CollectionStore, StoredDocument } from '../../ports/shared/persistence/collection-store.port.ts';
import { NEWEST_FIRST, pageQuery, toPage } from '../../adapters/persistence/shared/cursor-page.ts';

interface Linked extends StoredDocument {
  orgId: string;
  ref?: unknown;
}

/** An id of the platform's form (`<prefix>_<28 hex digits>`), the n-th of a series that grows as ids do. */
const platformId = (prefix: string, n: number) => `${prefix}_01a21a5735d8${n.toString(16).padStart(16, '0')}`;

const byId = (a: { _id: string }, b: { _id: string }) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);
const ids = (rows: Array<{ _id: string }>) => [...rows].sort(byId).map((row) => row._id);

/**
 * Ids of the platform's form, which an engine may keep in a form of its own (the embedded store
 * packs them, packed-ids.ts), beside strings of any other form in the same field: every filter
 * answers as MongoDB does, and pages of such ids come in their string order.
 */
export const platformIdsContract = <C extends { readonly store: CollectionStore }>(test: TestFn<C>, title: string): void => {
  test(`${title}: ids of the platform's form beside other strings: equality, $in, ranges and counts answer as MongoDB`, async (t) => {
    const collection = `platform_ids_${randomUUID().slice(0, 8)}`;
    await t.context.store.ensureIndexes(collection, [{ name: 'org_ref', keys: { orgId: 1, ref: 1 } }]);
    const rows = t.context.store.collection<Linked>(collection);
    const refs: unknown[] = [
      platformId('pol', 1),
      platformId('pol', 2),
      platformId('pol', 3),
      platformId('po', 9),
      platformId('polx', 0),
      'pol_custom',
      'pol_01a21a5735d8',
      'POL_01A21A5735D80000000000000001',
      'a',
      'zzz',
      7,
      true,
      null,
    ];
    const written: Linked[] = refs.map((ref, n) => ({ _id: n % 2 === 0 ? platformId('rec', n) : `rec-${n}`, orgId: 'o', ref }));
    for (const row of written) await rows.insertOne(row);
    await rows.insertOne({ _id: platformId('rec', 99), orgId: 'o' });

    const strings = written.filter((row): row is Linked & { ref: string } => typeof row.ref === 'string');
    const cases: Array<[string, Record<string, unknown>, Linked[]]> = [
      ['equal to an id', { ref: platformId('pol', 2) }, strings.filter((row) => row.ref === platformId('pol', 2))],
      ['equal to another string', { ref: 'pol_custom' }, strings.filter((row) => row.ref === 'pol_custom')],
      [
        'an id and another string',
        { ref: { $in: [platformId('pol', 3), 'a', 7] } },
        written.filter((row) => [platformId('pol', 3), 'a', 7].includes(row.ref as string)),
      ],
      ['below an id', { ref: { $lt: platformId('pol', 2) } }, strings.filter((row) => row.ref < platformId('pol', 2))],
      ['up to an id', { ref: { $lte: platformId('pol', 2) } }, strings.filter((row) => row.ref <= platformId('pol', 2))],
      ['above an id', { ref: { $gt: platformId('pol', 2) } }, strings.filter((row) => row.ref > platformId('pol', 2))],
      ['from an id', { ref: { $gte: platformId('pol', 2) } }, strings.filter((row) => row.ref >= platformId('pol', 2))],
      ['above another string', { ref: { $gt: 'pol_' } }, strings.filter((row) => row.ref > 'pol_')],
      ['below another string', { ref: { $lt: 'pol_1' } }, strings.filter((row) => row.ref < 'pol_1')],
      [
        'between an id and another string',
        { ref: { $gt: platformId('po', 9), $lt: 'pol_custom' } },
        strings.filter((row) => row.ref > platformId('po', 9) && row.ref < 'pol_custom'),
      ],
      [
        'ids between ids',
        { _id: { $gte: platformId('rec', 2), $lt: platformId('rec', 8) } },
        written.filter((row) => row._id >= platformId('rec', 2) && row._id < platformId('rec', 8)),
      ],
      ['ids above another string', { _id: { $gt: 'rec-5' } }, [...written, { _id: platformId('rec', 99), orgId: 'o' }].filter((row) => row._id > 'rec-5')],
    ];
    for (const [label, filter, expected] of cases) {
      const scoped = { orgId: 'o', ...filter };
      t.deepEqual(ids(await rows.find(scoped)), ids(expected), label);
      t.is(await rows.countDocuments(scoped), expected.length, `${label}: counted`);
    }
    t.deepEqual(await rows.findOne({ _id: platformId('rec', 4) }), written[4], 'found by its id');
    t.deepEqual(
      (await rows.find({ orgId: 'o', ref: { $gte: platformId('pol', 0), $lt: 'pol_1' } }, { sort: { ref: -1 } })).map((row) => row.ref),
      [platformId('pol', 3), platformId('pol', 2), platformId('pol', 1)],
      'ids of one form sort in their string order',
    );
  });

  test(`${title}: cursor pages over ids of the platform's form visit each once, newest first`, async (t) => {
    const rows = t.context.store.collection<Linked>(`platform_pages_${randomUUID().slice(0, 8)}`);
    // Within one millisecond and across many: the digits that differ are the last, the first, or both.
    const written = [0, 1, 2, 255, 256, 4_095, 65_536, 2 ** 40, 2 ** 52].map((n) => platformId('inv', n));
    written.push('inv_01a21a5735d9' + '0'.repeat(16), 'inv_ffffffffffff' + 'f'.repeat(16), 'inv_000000000000' + '0'.repeat(16));
    for (const id of [...written].reverse()) await rows.insertOne({ _id: id, orgId: 'o' });
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const query = pageQuery({ orgId: 'o' }, { limit: 4, ...(cursor ? { cursor } : {}) });
      const page = toPage(await rows.find(query.filter, { sort: NEWEST_FIRST, limit: query.fetch }), query.limit, (row) => row._id);
      seen.push(...page.data);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    t.deepEqual(seen, [...written].sort().reverse());
    // Bounds of other forms (a cursor a client made up) over ids of the platform's form only.
    const others: Array<[Record<string, string>, (id: string) => boolean]> = [
      [{ $lt: 'aaa' }, (id) => id < 'aaa'],
      [{ $gt: 'zzz' }, (id) => id > 'zzz'],
      [{ $gt: 'inv_01a21a5735d8' }, (id) => id > 'inv_01a21a5735d8'],
      [{ $lte: 'inv_01a21a5735d9' }, (id) => id <= 'inv_01a21a5735d9'],
      [{ $gte: 'inv', $lt: 'inv~' }, (id) => id >= 'inv' && id < 'inv~'],
      [{ $gt: 'INV_FFFF' }, (id) => id > 'INV_FFFF'],
    ];
    for (const [range, holds] of others) {
      const found = (await rows.find({ orgId: 'o', _id: range }, { sort: NEWEST_FIRST })).map((row) => row._id);
      t.deepEqual(found, written.filter(holds).sort().reverse(), JSON.stringify(range));
    }
  });
};
