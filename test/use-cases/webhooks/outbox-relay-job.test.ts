import test from 'ava';
import { outboxRelayJob } from '../../../jobs/webhooks/outbox-relay.job.ts';
import { RELAY_BATCH, type Webhooks } from '../../../ports/webhooks/webhooks.use-case.ts';

const relaying = (batches: number[]) => {
  const calls: number[] = [];
  const webhooks = {
    relay: async () => {
      const size = batches[calls.length] ?? 0;
      calls.push(size);
      return size;
    },
  } as unknown as Webhooks;
  return { webhooks, calls };
};

test('a run of the relay goes on while it finds full batches, and stops at the first that is not', async (t) => {
  const { webhooks, calls } = relaying([RELAY_BATCH, RELAY_BATCH, 37, RELAY_BATCH]);
  await outboxRelayJob(webhooks).run({});
  t.deepEqual(calls, [RELAY_BATCH, RELAY_BATCH, 37]);
});

test('a run with nothing waiting relays once', async (t) => {
  const { webhooks, calls } = relaying([]);
  await outboxRelayJob(webhooks).run({});
  t.deepEqual(calls, [0]);
});
