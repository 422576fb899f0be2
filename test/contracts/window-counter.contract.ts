import type { TestFn } from 'ava';
import { randomUUID } from 'node:crypto';
import type { WindowCounter } from '../../ports/rate-limit/window-counter.port.ts';

/** One suite for every WindowCounter adapter. */
export const windowCounterContract = (test: TestFn<{ counter: WindowCounter }>, title: string): void => {
  test(`${title}: parallel hits each get a distinct count`, async (t) => {
    const key = randomUUID();
    const now = new Date();
    const counts = await Promise.all(Array.from({ length: 200 }, () => t.context.counter.hit(key, 60_000, now)));
    t.deepEqual(
      counts.map((c) => c.count).sort((a, b) => a - b),
      Array.from({ length: 200 }, (_, i) => i + 1),
    );
    t.true(counts.every((c) => c.windowEndsAt.getTime() === now.getTime() + 60_000));
  });

  test(`${title}: a window opens at the first hit and a new one after it ends`, async (t) => {
    const key = randomUUID();
    const start = new Date('2030-01-01T00:00:00Z');
    await t.context.counter.hit(key, 1_000, start);
    const second = await t.context.counter.hit(key, 1_000, new Date(start.getTime() + 999));
    t.is(second.count, 2);
    t.is(second.windowEndsAt.getTime(), start.getTime() + 1_000);
    const next = await t.context.counter.hit(key, 1_000, new Date(start.getTime() + 1_000));
    t.is(next.count, 1);
    t.is(next.windowEndsAt.getTime(), start.getTime() + 2_000);
    t.is((await t.context.counter.peek(key, new Date(start.getTime() + 1_500)))?.count, 1);
    t.is(await t.context.counter.peek(key, new Date(start.getTime() + 2_500)), null);
  });

  test(`${title}: reset forgets a key`, async (t) => {
    const key = randomUUID();
    const now = new Date();
    await t.context.counter.hit(key, 60_000, now);
    await t.context.counter.reset(key);
    t.is(await t.context.counter.peek(key, now), null);
    t.is((await t.context.counter.hit(key, 60_000, now)).count, 1);
  });
};
