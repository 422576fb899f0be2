import test from 'ava';
import { MONGODB_URI, onMongoDb } from '../support/on-mongodb.ts';
import { randomUUID } from 'node:crypto';
import { SqliteStore } from '../../adapters/persistence/sqlite/sqlite-store.engine.ts';
import { MongoStore } from '../../adapters/persistence/mongo/mongo-store.engine.ts';
import { jobRunnerScenarios } from './job-runner.contract.ts';

for (const [title, scenario] of Object.entries(jobRunnerScenarios(() => SqliteStore.open()))) {
  test(`embedded backend: ${title}`, scenario);
}

const onMongo = onMongoDb(test);
const stores: MongoStore[] = [];
for (const [title, scenario] of Object.entries(
  jobRunnerScenarios(async () => {
    const store = await MongoStore.connect(MONGODB_URI, `jobs_${randomUUID().slice(0, 8)}`);
    stores.push(store);
    return store;
  }),
)) {
  onMongo.serial(`mongodb backend: ${title}`, scenario);
}
onMongo.after.always(async () => {
  for (const store of stores) await store.dropDatabase().then(() => store.close());
});
