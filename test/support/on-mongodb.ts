import type { TestFn } from 'ava';

/** The MongoDB the suites run against; unset, every test written for it is reported as skipped. */
export const MONGODB_URI = process.env.MONGODB_URI ?? '';

const NOOP_HOOK = Object.assign(() => {}, { always: () => {} });

/**
 * `test` when MONGODB_URI is set; otherwise a `test` whose every test is registered as skipped
 * (ava counts and lists them as skipped, never as passed) and whose hooks do nothing, so a suite
 * is written once for every engine and says plainly what it did not run.
 */
export const onMongoDb = <Context>(test: TestFn<Context>): TestFn<Context> => {
  if (MONGODB_URI) return test;
  const skipping = (register: (...args: never[]) => void) =>
    new Proxy(register, {
      apply: (target, self, args: unknown[]) => Reflect.apply(target, self, args),
      get: (target, property) => {
        if (property === 'serial') return skipping(test.serial.skip as never);
        if (['before', 'after', 'beforeEach', 'afterEach'].includes(String(property))) return NOOP_HOOK;
        if (property === 'skip') return test.skip;
        return Reflect.get(target, property);
      },
    });
  return skipping(test.skip as never) as unknown as TestFn<Context>;
};
