import test from 'ava';
import { POLICY } from '../../../bootstrap/policy.tokens.ts';
import { REPORTS } from '../../../bootstrap/reports.tokens.ts';
import { LINE_BATCH } from '../../../ports/reports/bordereau-lines.ts';
import { aNewPolicy } from '../../support/mothers.ts';
import { useCaseWorld } from '../../support/use-cases.ts';

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
