// `npm run store:reindex-search -- [DATA_DIR]` (or with MONGODB_URI set): makes every stored policy
// submission and claim findable by `q`. Records written since search exists are indexed as they are written; this is
// for a store from before, or one restored from a journal or migrated. Stop the service first on the
// embedded store (it refuses a second process); on MongoDB it may run beside it. Safe to run again.
import { ClaimStoreRepository } from '../adapters/persistence/claims/claim.store-repository.ts';
import { PortfolioDaysStore } from '../adapters/persistence/analytics/portfolio-days.store.ts';
import { PolicyStoreRepository } from '../adapters/persistence/policy/policy.store-repository.ts';
import { SubmissionStoreRepository } from '../adapters/persistence/underwriting/submission.store-repository.ts';
import { openCommandStore } from './open-store.ts';

const BATCH = 500;
const dataDir = process.argv[2] ?? process.env.DATA_DIR ?? './data';
const store = await openCommandStore(dataDir);
try {
  const repositories = {
    policies: await PolicyStoreRepository.create(store, PortfolioDaysStore.policyFigures),
    submissions: await SubmissionStoreRepository.create(store),
    claims: await ClaimStoreRepository.create(store, PortfolioDaysStore.claimFigures),
  };
  for (const [name, repository] of Object.entries(repositories)) {
    let after: string | null = null;
    let batches = 0;
    do {
      after = await repository.reindexSearch(after, BATCH);
      batches += 1;
      if (batches % 20 === 0) console.log(`${batches * BATCH} ${name} reindexed`);
    } while (after !== null);
    console.log(`Every one of the ${name} is indexed for search (${batches} batch${batches === 1 ? '' : 'es'} of up to ${BATCH}).`);
  }
} finally {
  await store.close();
}
