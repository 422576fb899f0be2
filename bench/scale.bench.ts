// A year of business on the embedded store, through the service as `npm start` runs it:
// BENCH_FLOWS (100,000) create -> quote -> bind flows with the monthly plan over HTTP, timed per
// tenth; then a stop and a restart on the same data directory. Targets: all flows in under 15
// minutes, the last tenth at least 0.8 x as fast as the first; after the restart /health within
// 2 s, resident memory under 300 MiB, the first page of GET /v1/policies within 50 ms, and a
// graceful stop within 5 s; then the reads users make of the book (analytics, events, lists,
// search, the month's bordereau), printed as one table.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteStore, STORE_FILE } from '../adapters/persistence/sqlite/sqlite-store.engine.ts';
import { addMonths } from '../core/shared/calendar-date.ts';
import { bindFlow, daysFromToday, demoToken } from './flow-client.ts';
import { BENCH_ORG, seedPolicies } from './seed.ts';
import { readsOfTheBook, residentMiB, startService, stopService } from './book-service.ts';

const flows = Number(process.env.BENCH_FLOWS ?? 100_000);
const clients = Number(process.env.BENCH_WORKERS ?? 24);
const dataDir = process.env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'year-'));
const MiB = 1024 * 1024;
// Terms start in two calendar years (tomorrow, and a year from now: new business binds up to 18
// months ahead): the program's aggregate cap ($50M of written premium per year) holds about
// 63,000 of these policies in one year.
const EFFECTIVE_DATES = [daysFromToday(1), addMonths(daysFromToday(1), 12)];

const seed = await SqliteStore.open({ dir: dataDir });
if (!(await seed.collection('organizations').findOne({ _id: BENCH_ORG }))) await seedPolicies(seed, 0);
await seed.close();

console.log(`${flows} flows, ${clients} clients, data in ${dataDir}, node ${process.version}`);
const first = await startService(dataDir);
let token = await demoToken(first.base, BENCH_ORG);
// A demonstration token lasts 15 minutes; the run takes longer.
const refresh = setInterval(() => void demoToken(first.base, BENCH_ORG).then((fresh) => (token = fresh)), 5 * 60_000);
const tenth = Math.max(1, Math.round(flows / 10));
const rates: number[] = [];
let peakMiB = 0;
let next = 0;
let done = 0;
let tenthStarted = performance.now();
const runStarted = performance.now();
await Promise.all(
  Array.from({ length: clients }, async () => {
    while (next < flows) {
      const n = next++;
      await bindFlow(first.base, token, n, EFFECTIVE_DATES[n % EFFECTIVE_DATES.length]);
      done += 1;
      if (done % tenth === 0) {
        const rate = tenth / ((performance.now() - tenthStarted) / 1000);
        tenthStarted = performance.now();
        rates.push(rate);
        peakMiB = Math.max(peakMiB, residentMiB(first.child.pid!));
        console.log(`  flows ${String(done).padStart(7)}: ${rate.toFixed(0)} flows/s, resident ${residentMiB(first.child.pid!).toFixed(0)} MiB`);
      }
    }
  }),
);
clearInterval(refresh);
const totalSeconds = (performance.now() - runStarted) / 1000;
const firstStop = await stopService(first.child);

const second = await startService(dataDir);
let healthMs = Number.NaN;
for (;;) {
  const response = await fetch(`${second.base}/health`).catch(() => null);
  if (response?.status === 200) {
    healthMs = performance.now() - second.startedAt;
    break;
  }
  await new Promise((resolve) => setTimeout(resolve, 10));
}
const restartedMiB = residentMiB(second.child.pid!);
const secondToken = await demoToken(second.base, BENCH_ORG);
const pageStarted = performance.now();
const page = await fetch(`${second.base}/v1/policies?limit=20`, { headers: { authorization: `Bearer ${secondToken}` } });
const firstPageMs = performance.now() - pageStarted;
const body = (await page.json()) as { data: unknown[] };
const lastPageStarted = performance.now();
await fetch(`${second.base}/v1/policies?limit=20&status=active`, { headers: { authorization: `Bearer ${secondToken}` } });
const filteredPageMs = performance.now() - lastPageStarted;
const month = EFFECTIVE_DATES[0]!.slice(0, 7);
const readTable = await readsOfTheBook(second.base, secondToken, BENCH_ORG, 'Flow 77777', month, second.child.pid!);
const afterReadsMiB = residentMiB(second.child.pid!);
const secondStop = await stopService(second.child);

const ratio = (rates.at(-1) ?? 0) / (rates[0] ?? 1);
console.log(`all ${flows} flows in ${(totalSeconds / 60).toFixed(1)} min (${(flows / totalSeconds).toFixed(0)} flows/s; target < 15 min)`);
console.log(
  `last tenth / first tenth: ${ratio.toFixed(2)} (target >= 0.80); peak resident ${peakMiB.toFixed(0)} MiB; stop after the run ${firstStop.toFixed(0)} ms`,
);
console.log(`restart: /health after ${healthMs.toFixed(0)} ms (target < 2000), resident ${restartedMiB.toFixed(0)} MiB (target < 300)`);
console.log(
  `first page of GET /v1/policies (${body.data.length} policies): ${firstPageMs.toFixed(1)} ms (target < 50); filtered by status ${filteredPageMs.toFixed(1)} ms`,
);
console.log(`resident after the reads ${afterReadsMiB.toFixed(0)} MiB; graceful stop ${secondStop.toFixed(0)} ms (target < 5000)`);
// BENCH_POLICIES: the policies a DATA_DIR kept from an earlier run holds (BENCH_FLOWS=0 measures only the restart and the reads).
const policies = Number(process.env.BENCH_POLICIES ?? flows);
const storeBytes = statSync(join(dataDir, 'store', STORE_FILE)).size;
console.log(`store file ${(storeBytes / MiB).toFixed(0)} MiB${policies > 0 ? ` (${(storeBytes / 1024 / policies).toFixed(1)} KiB a policy; target 32)` : ''}`);
console.log(['| read after the restart | median of 5 | status |', '|---|---|---|', ...readTable].join('\n'));
if (!process.env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
