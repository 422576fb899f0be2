import test from 'ava';
import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import { applyUpdate, updated } from '../../adapters/persistence/sqlite/update-applier.ts';
import type { StoredDocument } from '../../ports/shared/persistence/collection-store.port.ts';

const frozen = <T>(value: T): T => {
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    for (const child of Object.values(value)) frozen(child);
    Object.freeze(value);
  }
  return value;
};

// A document frozen: an update that touched what it read would throw.
const read = (): StoredDocument =>
  frozen({
    _id: 'pol_1',
    status: 'active',
    premium: { written: 1200, earned: { total: 100, byMonth: { '2026-01': 100 } } },
    tags: ['a'],
    insured: { name: 'Acme', address: { state: 'OH' } },
  });

test('an update writes a copy and leaves the document it read untouched', (t) => {
  const before = read();
  const snapshot = structuredClone(before);
  const after = applyUpdate(
    before,
    {
      $set: { 'premium.earned.byMonth.2026-02': 50, status: 'cancelled' },
      $inc: { 'premium.earned.total': 50 },
      $push: { tags: 'b' },
      $unset: { 'insured.address.state': '' },
    },
    false,
  );
  t.deepEqual(before, snapshot);
  t.deepEqual(after, {
    _id: 'pol_1',
    status: 'cancelled',
    premium: { written: 1200, earned: { total: 150, byMonth: { '2026-01': 100, '2026-02': 50 } } },
    tags: ['a', 'b'],
    insured: { name: 'Acme', address: {} },
  });
});

test('any operator, $rename and $push with $position too, updates the copy, never the document read', (t) => {
  const before = read();
  const after = applyUpdate(before, { $rename: { status: 'state' }, $push: { tags: { $each: ['z'], $position: 0 } } }, false);
  t.like(after, { state: 'active', tags: ['z', 'a'] });
  t.is(before.status, 'active');
  t.deepEqual(before.tags, ['a']);
});

test('an upsert sets its $setOnInsert fields, and an _id cannot change', (t) => {
  t.deepEqual(applyUpdate({ _id: 'x' }, { $inc: { n: 1 }, $setOnInsert: { owner: 'first' } }, true), { _id: 'x', n: 1, owner: 'first' });
  t.throws(() => applyUpdate(read(), { $set: { _id: 'other' } }, false), { message: /_id/ });
});

/** Two documents the store would keep alike (as JSON): a prototype or a NaN makes no difference there. */
const alike = (a: unknown, b: unknown): boolean => isDeepStrictEqual(JSON.parse(JSON.stringify(a)), JSON.parse(JSON.stringify(b)));

test('an update that changes nothing is told apart from one that changes something, as a comparison of the documents tells them', (t) => {
  const scalar = fc.oneof(
    fc.integer({ min: -2, max: 2 }),
    // No NaN nor -0: a stored document is JSON, which keeps neither apart from null and 0.
    fc.constantFrom('a', 'b', null, true, 0),
    fc.date({ min: new Date(0), max: new Date(2), noInvalidDate: true }),
  );
  const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.dictionary(fc.constantFrom('x', 'y'), scalar, { maxKeys: 2, noNullPrototype: true }));
  const field = fc.constantFrom('a', 'b', 'c', 'list', 'n', 'a.x', 'b.y');
  const document = fc.record(
    {
      a: value,
      b: fc.dictionary(fc.constantFrom('x', 'y'), scalar, { noNullPrototype: true }),
      list: fc.array(scalar, { maxLength: 3 }),
      n: fc.integer({ min: -2, max: 2 }),
    },
    { requiredKeys: [] },
  );
  const operation = fc.oneof(
    fc.record({ $set: fc.dictionary(field, value, { minKeys: 1, maxKeys: 2, noNullPrototype: true }) }),
    fc.record({ $unset: fc.dictionary(field, fc.constant(''), { minKeys: 1, maxKeys: 2 }) }),
    fc.record({ $inc: fc.dictionary(fc.constantFrom('n', 'm'), fc.integer({ min: -1, max: 1 }), { minKeys: 1 }) }),
    fc.record({ $min: fc.dictionary(fc.constantFrom('n', 'm'), fc.integer({ min: -2, max: 2 }), { minKeys: 1 }) }),
    fc.record({ $max: fc.dictionary(fc.constantFrom('n', 'm'), fc.integer({ min: -2, max: 2 }), { minKeys: 1 }) }),
    fc.record({ $push: fc.dictionary(fc.constant('list'), fc.oneof(scalar, fc.record({ $each: fc.array(scalar, { maxLength: 2 }) })), { minKeys: 1 }) }),
    fc.record({ $addToSet: fc.dictionary(fc.constant('list'), scalar, { minKeys: 1 }) }),
    fc.record({ $pull: fc.dictionary(fc.constant('list'), scalar, { minKeys: 1 }) }),
  );
  const update = fc
    .array(operation, { minLength: 1, maxLength: 2 })
    .map((operations) => Object.assign({}, ...operations) as Record<string, Record<string, unknown>>);
  fc.assert(
    fc.property(document, update, (fields, changes) => {
      const before = frozen({ _id: 'doc', ...structuredClone(fields) }) as StoredDocument;
      let expected: StoredDocument | null;
      try {
        const after = applyUpdate(before, changes, false);
        expected = alike(after, before) ? null : after;
      } catch {
        return t.throws(() => updated(before, changes)) !== undefined;
      }
      const actual = updated(before, changes);
      return expected === null ? actual === null : actual !== null && alike(actual, expected);
    }),
    { numRuns: 5_000 },
  );
});

test('MongoDB’s refusals hold: $inc of a non-number field or by a non-number, $push to a non-array', (t) => {
  t.throws(() => applyUpdate(read(), { $inc: { status: 1 } }, false), { message: /\$inc 'status'/ });
  t.throws(() => applyUpdate(read(), { $inc: { 'premium.written': 'x' } } as never, false), { message: /\$inc 'premium.written'/ });
  t.throws(() => applyUpdate(read(), { $push: { status: 'x' } }, false), { message: /non-array 'status'/ });
  t.like(applyUpdate(read(), { $inc: { 'premium.written': 10 } }, false), { premium: { written: 1210 } });
});
