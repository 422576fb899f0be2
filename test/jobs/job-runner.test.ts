import test from 'ava';
import { randomUUID } from 'node:crypto';
import { SqliteStore } from '../../adapters/persistence/sqlite/sqlite-store.engine.ts';
import { MongoStore } from '../../adapters/persistence/mongo/mongo-store.engine.ts';
import { jobRunnerScenarios } from './job-runner.contract.ts';

for (const [title, scenario] of Object.entries(jobRunnerScenarios(() => SqliteStore.open()))) {
  test(`embedded backend: ${title}`, scenario);
}

const uri = process.env.MONGODB_URI;
if (uri) {
  const stores: MongoStore[] = [];
  for (const [title, scenario] of Object.entries(
    jobRunnerScenarios(async () => {
      const store = await MongoStore.connect(uri, `jobs_${randomUUID().slice(0, 8)}`);
      stores.push(store);
      return store;
    }),
  )) {
    test.serial(`mongodb backend: ${title}`, scenario);
  }
  test.after.always(async () => {
    for (const store of stores) await store.dropDatabase().then(() => store.close());
  });
} else {
  test('mongodb backend: job scenarios NOT RUN (MONGODB_URI is not set)', (t) => t.pass());
}
