// `npm run store:rebuild-totals -- [DATA_DIR]` (or with MONGODB_URI set): counts every ledger
// posting again and replaces the commission totals the analytics read. The totals are kept with
// each posting; this is for a store restored from a journal or migrated to MongoDB, or to check
// them. Stop the service first: on the embedded store it refuses a second process, and on MongoDB a
// posting made during the count could be counted twice or not at all. Safe to run again.
import { LedgerStoreRepository } from '../adapters/persistence/billing/commission.store-repositories.ts';
import { SqliteStore } from '../adapters/persistence/sqlite/sqlite-store.engine.ts';

const dataDir = process.argv[2] ?? process.env.DATA_DIR ?? './data';
const store = process.env.MONGODB_URI
  ? await (
      await import('../adapters/persistence/mongo/mongo-store.engine.ts')
    ).MongoStore.connect(process.env.MONGODB_URI, process.env.MONGODB_DB || 'insurance')
  : await SqliteStore.open({ dir: dataDir });
try {
  const ledger = await LedgerStoreRepository.create(store);
  const started = performance.now();
  const { postings, months } = await ledger.totals.rebuild();
  console.log(`Commission totals rebuilt from ${postings} postings: ${months} organization-months, in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
} finally {
  await store.close();
}
