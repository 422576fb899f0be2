import test from 'ava';
import { KeyedTurns } from '../../adapters/shared/keyed-turns.ts';

const later = () => new Promise<void>((resolve) => setImmediate(resolve));

test('tasks of one key run one after another in the order given; other keys run meanwhile', async (t) => {
  const turns = new KeyedTurns();
  const log: string[] = [];
  const task = (name: string) => async () => {
    log.push(`${name} starts`);
    await later();
    log.push(`${name} ends`);
    return name;
  };
  const results = await Promise.all([turns.run('a', task('a1')), turns.run('a', task('a2')), turns.run('b', task('b1'))]);
  t.deepEqual(results, ['a1', 'a2', 'b1']);
  t.true(log.indexOf('a1 ends') < log.indexOf('a2 starts'));
  t.true(log.indexOf('b1 starts') < log.indexOf('a1 ends'), 'another key does not wait');
});

test('a failed task hands its failure to its caller alone, and the next of its key still runs', async (t) => {
  const turns = new KeyedTurns();
  const failed = turns.run('a', async () => {
    throw new Error('boom');
  });
  const next = turns.run('a', async () => 'ran');
  await t.throwsAsync(failed, { message: 'boom' });
  t.is(await next, 'ran');
});
