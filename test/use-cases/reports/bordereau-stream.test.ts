import test from 'ava';
import { POLICY } from '../../../bootstrap/policy.tokens.ts';
import { REPORTS } from '../../../bootstrap/reports.tokens.ts';
import { LINE_BATCH } from '../../../ports/reports/bordereau-lines.ts';
import { aNewPolicy } from '../../support/mothers.ts';
import { useCaseWorld } from '../../support/use-cases.ts';
import type { SqliteStore } from '../../../adapters/persistence/sqlite/sqlite-store.engine.ts';

const keysOf = async (lines: AsyncIterable<{ key: string }>): Promise<string[]> => {
  const keys: string[] = [];
  for await (const line of lines) keys.push(line.key);
  return keys;
};

test('an open month’s bordereau streams every policy in number order across batches, resumes after a key, and narrows to a program', async (t) => {
  const world = await useCaseWorld();
  t.teardown(world.close);
  const policies = await world.resolve(POLICY.PolicyRepository);
  const count = LINE_BATCH * 2 + 7;
  const numbers: string[] = [];
  for (let n = 1; n <= count; n += 1) {
    const policy = aNewPolicy({ id: `pol_${String(n).padStart(4, '0')}`, sequence: n });
    numbers.push(policy.policyNumber);
    await policies.insert(policy, []);
  }
  numbers.sort();
  const bordereaux = await world.resolve(REPORTS.Bordereaux);
  const report = await bordereaux.premium('org_1', '2027-01');
  t.is(report.closedAt, null);
  t.deepEqual(await keysOf(report.lines(null)), numbers, 'every policy once, in number order');
  const middle = numbers[LINE_BATCH + 3] as string;
  t.deepEqual(await keysOf(report.lines(middle)), numbers.slice(LINE_BATCH + 4), 'after a key, the rest');
  t.deepEqual(await keysOf((await bordereaux.premium('org_1', '2027-01', 'default')).lines(null)), numbers);
  t.deepEqual(await keysOf((await bordereaux.premium('org_1', '2027-01', 'prg_other')).lines(null)), []);
  t.deepEqual(await keysOf((await bordereaux.premium('org_1', '2029-01')).lines(null)), [], 'a month no term reaches');
});

test('a month or program with no lines answers at once: the rows read do not grow with the book', async (t) => {
  const world = await useCaseWorld();
  t.teardown(world.close);
  const store = world.store as SqliteStore;
  const policies = await world.resolve(POLICY.PolicyRepository);
  const bordereaux = await world.resolve(REPORTS.Bordereaux);
  let written = 0;
  const write = async (count: number) => {
    for (; written < count; written += 1) await policies.insert(aNewPolicy({ id: `pol_${String(written).padStart(4, '0')}`, sequence: written + 1 }), []);
  };
  // Terms of 2027 (the clock is in December 2026): months before them, months long after, and another program have no line.
  const empty: Array<[string, () => Promise<{ lines(after: string | null): AsyncIterable<{ key: string }> }>]> = [
    ['premium of a month before the book', () => bordereaux.premium('org_1', '2026-06')],
    ['premium of a month after the book', () => bordereaux.premium('org_1', '2999-12')],
    ['premium of a program with no policy', () => bordereaux.premium('org_1', '2027-06', 'prg_other')],
    ['claims of a month before the book', () => bordereaux.claims('org_1', '2026-06')],
    ['claims of a program with no policy', () => bordereaux.claims('org_1', '2027-06', 'prg_other')],
  ];
  const rowsOf = async () => {
    const counts: number[] = [];
    for (const [what, report] of empty) {
      const before = store.inspection.rowsRead();
      t.deepEqual(await keysOf((await report()).lines(null)), [], what);
      counts.push(store.inspection.rowsRead() - before);
    }
    return counts;
  };
  await write(100);
  const small = await rowsOf();
  await write(300);
  t.deepEqual(await rowsOf(), small, 'the same rows for three times the policies');
  t.true(
    small.every((rows) => rows <= 10),
    `rows read: ${small.join(', ')}`,
  );
  t.is((await keysOf((await bordereaux.premium('org_1', '2027-06')).lines(null))).length, 300, 'a month of the book has its lines');
});
