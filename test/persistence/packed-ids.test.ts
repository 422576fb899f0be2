import test from 'ava';
import fc from 'fast-check';
import { packedId, packedIdsBelow, packedIdsFrom, unpackedId } from '../../adapters/persistence/sqlite/packed-ids.ts';
import { TimeOrderedIds } from '../../adapters/system/time-ordered-ids.ts';

const prefix = fc.stringMatching(/^[a-z]{1,12}$/);
const digits = fc.stringMatching(/^[0-9a-f]{28}$/);
const platformId = fc.tuple(prefix, digits).map(([p, d]) => `${p}_${d}`);

const compareBytes = (a: Uint8Array, b: Uint8Array) => Buffer.compare(Buffer.from(a), Buffer.from(b));
const compareStrings = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

test('an id of the platform’s form packs into its prefix and 14 bytes, and unpacks to itself', (t) => {
  const ids = new TimeOrderedIds();
  for (const kind of ['pol', 'inv', 'aud', 'sub', 'q', 'abcdefghijkl']) {
    const id = ids.next(kind);
    const key = packedId(id);
    t.truthy(key, id);
    t.is(key?.length, kind.length + 16);
    t.is(unpackedId(key as Uint8Array), id);
  }
  fc.assert(fc.property(platformId, (id) => unpackedId(packedId(id) as Uint8Array) === id));
});

test('packed ids compare byte by byte as their strings do', (t) => {
  fc.assert(
    fc.property(platformId, platformId, (a, b) => Math.sign(compareBytes(packedId(a) as Uint8Array, packedId(b) as Uint8Array)) === compareStrings(a, b)),
    { numRuns: 2_000 },
  );
  // Prefixes that begin alike: the shorter one's end sorts as `_` does, below every letter.
  const ordered = ['po_' + '0'.repeat(28), 'pol_' + '0'.repeat(28), 'pol_' + 'f'.repeat(28), 'pola_' + '0'.repeat(28)];
  const keys = ordered.map((id) => packedId(id) as Uint8Array);
  t.deepEqual([...keys].sort(compareBytes), keys);
});

test('any other string is kept as it is', (t) => {
  const others = [
    '',
    'pol_',
    'pol_01a21a5735d8',
    'pol_01a21a5735d800000000000000001',
    'pol_01a21a5735d80000000000000',
    'POL_01a21a5735d80000000000000001',
    'pol_01A21A5735D80000000000000001',
    'p0l_01a21a5735d80000000000000001',
    'abcdefghijklm_01a21a5735d80000000000000001',
    '_01a21a5735d80000000000000001',
    'pol-01a21a5735d80000000000000001',
    'pol_01a21a5735d8000000000000000g',
    'pol_01a21a5735d8 000000000000001',
    'policy:pol_01a21a5735d80000000000000001',
  ];
  for (const value of others) t.is(packedId(value), null, value);
  t.throws(() => unpackedId(new Uint8Array([0x01, 0x61])), { message: /Not a packed id/ });
});

test('the bounds of an operand of any form hold every id on its side: ids below it lie below packedIdsBelow, ids above it from packedIdsFrom', (t) => {
  // Operands near ids: letters, an underscore, hex digits, and other characters in between.
  const near = fc.stringMatching(/^[a-z_:0-9A-Z~-]{0,40}$/);
  const operand = fc.oneof(
    near,
    platformId.map((id) => id.slice(0, 20)),
    platformId.map((id) => `${id}~`),
    fc.string(),
  );
  fc.assert(
    fc.property(platformId, operand, (id, value) => {
      const key = packedId(id) as Uint8Array;
      if (id < value && compareBytes(key, packedIdsBelow(value)) >= 0) return false;
      if (id > value && compareBytes(key, packedIdsFrom(value)) < 0) return false;
      return true;
    }),
    { numRuns: 5_000 },
  );
  t.true(
    compareBytes(packedId('inv_' + '0'.repeat(28)) as Uint8Array, packedIdsBelow('aaa')) > 0,
    'a forged cursor below every prefix bounds the walk to nothing',
  );
  t.true(compareBytes(packedId('inv_' + 'f'.repeat(28)) as Uint8Array, packedIdsFrom('zzz')) < 0);
});
