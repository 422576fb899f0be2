// `npm run store:rebuild-totals -- [DATA_DIR]` (or with MONGODB_URI set): counts every ledger
// posting again and replaces the commission totals the analytics read, then checks each month
// against a recount of the commission records (and of the postings of direct business). Then it
// counts every policy and claim again into the portfolio's kept days, and names each month whose
// kept figures differed from that count, and counts the receivables again from the invoices and
// their rows. It exits with 1 when anything differed. The totals are kept with each posting; this is for a store restored
// from a journal or migrated to MongoDB, or an audit. Stop the service first: on the embedded
// store it refuses a second process, and on MongoDB a posting made during the count could be
// counted twice or not at all. Safe to run again.
import { CommissionStoreRepository, LedgerStoreRepository } from '../adapters/persistence/billing/commission.store-repositories.ts';
import { monthRange } from '../core/analytics/portfolio.ts';
import { totalsByMonth } from '../core/billing/commission-totals.ts';
import { CommissionChanges } from '../ports/billing/commission-changes.use-case.ts';
import { openCommandStore } from './open-store.ts';
import { PortfolioDaysStore } from '../adapters/persistence/analytics/portfolio-days.store.ts';
import { portfolioDifferences } from './portfolio-differences.ts';
import { portfolioSources } from './portfolio-sources.ts';
import { ReceivableDaysStore } from '../adapters/persistence/billing/receivable-days.store.ts';
import { receivableSources } from './receivable-sources.ts';

const dataDir = process.argv[2] ?? process.env.DATA_DIR ?? './data';
const store = await openCommandStore(dataDir);
try {
  const ledger = await LedgerStoreRepository.create(store);
  const started = performance.now();
  const { postings, months } = await ledger.totals.rebuild();
  console.log(`Commission totals rebuilt from ${postings} postings: ${months} organization-months, in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  // A month at a time, so the check holds one month of one organization's records.
  const changes = new CommissionChanges({ commissions: await CommissionStoreRepository.create(store), ledger });
  let differing = 0;
  for (const { orgId, ...kept } of await ledger.totals.all()) {
    const { start, end } = monthRange(kept.month, kept.month);
    const [recount] = totalsByMonth(await changes.between(orgId, start, end));
    const fields = ['grossPremium', 'agentCommission', 'mgaCommission', 'carrierNet'] as const;
    if (recount && fields.every((field) => recount[field] === kept[field])) continue;
    differing += 1;
    console.log(`${orgId} ${kept.month}: kept ${JSON.stringify(kept)}, the commission records give ${JSON.stringify(recount ?? null)}`);
  }
  console.log(differing === 0 ? `Every month equals the recount of its commission records.` : `${differing} months differ from their commission records.`);
  const days = await PortfolioDaysStore.open(store, portfolioSources(store));
  const kept = await days.all();
  const portfolioStarted = performance.now();
  const counted = await days.rebuild();
  console.log(
    `Portfolio days rebuilt from ${counted.policies} policies and ${counted.claims} claims: ${counted.months} organization-months, in ${((performance.now() - portfolioStarted) / 1000).toFixed(1)} s.`,
  );
  const moved = portfolioDifferences(kept, await days.all());
  for (const line of moved) console.log(line);
  console.log(
    moved.length === 0
      ? 'Every kept portfolio month equals the recount of its policies and claims.'
      : `${moved.length} portfolio months differed from the recount (now replaced by it).`,
  );
  const receivables = await ReceivableDaysStore.open(store, receivableSources(store));
  const receivablesStarted = performance.now();
  const recounted = await receivables.rebuild();
  console.log(
    `Receivables rebuilt from ${recounted.invoices} invoices and ${recounted.rows} rows, in ${((performance.now() - receivablesStarted) / 1000).toFixed(1)} s.`,
  );
  process.exitCode = differing === 0 && moved.length === 0 ? 0 : 1;
} finally {
  await store.close();
}
