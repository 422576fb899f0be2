import type { ExecutionContext } from 'ava';
import { AgendaJobRunner } from '../../adapters/jobs/agenda-job-runner.ts';
import { agendaBackendFor } from '../../bootstrap/job-backend.ts';
import { createLogger } from '../../bootstrap/logger.ts';
import type { CollectionStore } from '../../ports/shared/persistence/collection-store.port.ts';

const until = async (condition: () => boolean, timeoutMs = 8_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
};

const runner = async (store: CollectionStore) => new AgendaJobRunner(await agendaBackendFor(store), createLogger('silent'));

/** The same job scenarios on every Agenda backend. */
export const jobRunnerScenarios = (store: () => Promise<CollectionStore>) => ({
  'a queued job runs once with its data': async (t: ExecutionContext) => {
    const jobs = await runner(await store());
    const seen: Array<Record<string, string>> = [];
    jobs.register([{ name: 'record', run: async (data) => void seen.push(data) }]);
    await jobs.start();
    try {
      await jobs.enqueue('record', { orgId: 'o1', eventId: 'e1' });
      await until(() => seen.length >= 1);
      await new Promise((resolve) => setTimeout(resolve, 700));
      t.deepEqual(seen, [{ orgId: 'o1', eventId: 'e1' }]);
    } finally {
      await jobs.stop();
    }
  },
  'the same unique key queued twice runs once': async (t: ExecutionContext) => {
    const jobs = await runner(await store());
    let runs = 0;
    jobs.register([{ name: 'unique-work', run: async () => void (runs += 1) }]);
    const key = { orgId: 'o1', subscriptionId: 's1', eventId: `e-${Date.now()}` };
    await jobs.enqueue('unique-work', key, key);
    await jobs.enqueue('unique-work', key, key);
    await jobs.start();
    try {
      await until(() => runs >= 1);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      t.is(runs, 1);
    } finally {
      await jobs.stop();
    }
  },
  'a recurring job keeps running': async (t: ExecutionContext) => {
    const jobs = await runner(await store());
    let runs = 0;
    jobs.register([{ name: 'tick', every: '1 second', run: async () => void (runs += 1) }]);
    await jobs.start();
    try {
      await until(() => runs >= 3, 6_000);
      t.true(runs >= 3);
    } finally {
      await jobs.stop();
    }
  },
  'two runners on one store never run the same job twice': async (t: ExecutionContext) => {
    const shared = await store();
    const [first, second] = [await runner(shared), await runner(shared)];
    const runs = new Map<string, number>();
    for (const jobs of [first, second]) {
      jobs.register([{ name: 'contended', concurrency: 5, run: async (data) => void runs.set(data.n ?? '', (runs.get(data.n ?? '') ?? 0) + 1) }]);
    }
    for (let n = 0; n < 30; n += 1) await first.enqueue('contended', { n: String(n) });
    await Promise.all([first.start(), second.start()]);
    try {
      await until(() => runs.size >= 30);
      await new Promise((resolve) => setTimeout(resolve, 700));
      t.is(runs.size, 30);
      t.true([...runs.values()].every((count) => count === 1));
    } finally {
      await Promise.all([first.stop(), second.stop()]);
    }
  },
});
