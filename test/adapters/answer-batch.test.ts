import test from 'ava';
import { AnswerBatch } from '../../adapters/http/shared/answer-batch.ts';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

test('answers ready in one turn are released together once the turn has run, in the order they came', async (t) => {
  const batch = new AnswerBatch(10);
  const order: string[] = [];
  const answers = ['a', 'b', 'c'].map((name) => batch.ready().then(() => order.push(name)));
  await Promise.resolve();
  order.push('rest of the turn');
  await Promise.all(answers);
  t.deepEqual(order, ['rest of the turn', 'a', 'b', 'c']);
});

test('a lone answer is released in the same turn, before work scheduled after it', async (t) => {
  const batch = new AnswerBatch(10);
  const order: string[] = [];
  const answer = batch.ready().then(() => order.push('answer'));
  const later = nextTurn().then(() => order.push('later'));
  await Promise.all([answer, later]);
  t.deepEqual(order, ['answer', 'later']);
});

test('a full batch is released at once, and the answers after it start a new one', async (t) => {
  const batch = new AnswerBatch(3);
  const released: number[] = [];
  const first = [0, 1, 2].map((index) => batch.ready().then(() => released.push(index)));
  const fourth = batch.ready().then(() => released.push(3));
  // Microtasks only: the turn has not ended, yet the full batch is out and the fourth waits.
  for (let tick = 0; tick < 5; tick += 1) await Promise.resolve();
  t.deepEqual(released, [0, 1, 2]);
  await Promise.all([...first, fourth]);
  t.deepEqual(released, [0, 1, 2, 3]);
});

test('answers of a later turn form a batch of their own', async (t) => {
  const batch = new AnswerBatch(10);
  await batch.ready();
  let released = false;
  const next = batch.ready().then(() => (released = true));
  t.false(released);
  await next;
  t.true(released);
});
