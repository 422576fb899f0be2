// What one create -> quote -> bind flow costs the store: BENCH_SECONDS (10) of flows over HTTP from
// BENCH_WORKERS (16) clients on the embedded store with 1,000 policies already stored, then the
// service's CPU time per flow, the store operations per flow by collection (from the service's own
// /metrics) and the bytes the data directory grew by per flow. Run it under a profiler with
// BENCH_NODE_OPTIONS="--cpu-prof --cpu-prof-dir=/tmp/bind-profile" to see where the service spends
// its time; BENCH_KEEP_DATA=1 keeps the data directory (for `npm run store:stats`).
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BENCH_JWT_SECRET, BENCH_SECRET, bindFlow, demoToken } from './flow-client.ts';
import { BENCH_ORG } from './seed.ts';
import { cpuMsOf, startProcess, stopProcess } from './support.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const workers = Number(process.env.BENCH_WORKERS ?? 16);
const dataDir = mkdtempSync(join(tmpdir(), 'bind-writes-'));

const bytesUnder = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce((sum, entry) => {
    const path = join(dir, entry.name);
    return sum + (entry.isDirectory() ? bytesUnder(path) : statSync(path).size);
  }, 0);

const service = (seed: number) =>
  startProcess<{ apiPort: number }>(join(import.meta.dirname, 'api.server.ts'), {
    API_SECRET: BENCH_SECRET,
    JWT_SECRET: BENCH_JWT_SECRET,
    LOG_LEVEL: 'info',
    BENCH_SEED_POLICIES: String(seed),
    DATA_DIR: dataDir,
  });
// Seeded, then stopped (which checkpoints the WAL into the store file) and started again, so the
// growth measured is the flows' alone.
await stopProcess((await service(1_000)).child);
const bytesBefore = bytesUnder(dataDir);
const api = await service(0);
const base = `http://127.0.0.1:${api.ready.apiPort}`;
const token = await demoToken(base, BENCH_ORG);
let done = 0;
const cpuBefore = cpuMsOf(api.child.pid!);
const started = performance.now();
const deadline = Date.now() + seconds * 1000;
await Promise.all(
  Array.from({ length: workers }, async (_, worker) => {
    for (let n = 0; Date.now() < deadline; n += 1) {
      await bindFlow(base, token, worker * 1_000_000 + n);
      done += 1;
    }
  }),
);
const elapsed = (performance.now() - started) / 1000;
const cpuPerFlow = (cpuMsOf(api.child.pid!) - cpuBefore) / done;
const metrics = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${BENCH_SECRET}` } })).text();
await stopProcess(api.child);
const bytesAfter = bytesUnder(dataDir);
if (process.env.BENCH_KEEP_DATA) console.log(`data kept in ${dataDir}`);
else rmSync(dataDir, { recursive: true, force: true });

// store_operation_duration_seconds_count{operation="insertOne",collection="invoices"} 12000
const perFlow = new Map<string, number>();
for (const match of metrics.matchAll(/^store_operation_duration_seconds_count\{operation="(\w+)",collection="([\w:+-]+)"\} (\d+)/gm)) {
  perFlow.set(`${match[1]} ${match[2]}`, Number(match[3]) / done);
}
const rows = [...perFlow].filter(([, count]) => count >= 0.05).sort(([, a], [, b]) => b - a);
const writes = rows.filter(([key]) => !/^(find|findOne|countDocuments) /.test(key)).reduce((sum, [, count]) => sum + count, 0);
console.log(`${done} flows in ${elapsed.toFixed(1)} s: ${(done / elapsed).toFixed(0)} flows/s, ${workers} clients, node ${process.version}`);
console.log(`service CPU per flow: ${cpuPerFlow.toFixed(2)} ms (user and system, all its threads)`);
console.log(`store operations per flow: ${rows.reduce((sum, [, count]) => sum + count, 0).toFixed(1)} (${writes.toFixed(1)} writes)`);
const gauge = (name: string): number => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(metrics)?.[1] ?? Number.NaN) / 1024 / 1024;
console.log(
  `service memory at the end: resident ${gauge('process_resident_memory_bytes').toFixed(0)} MiB, JavaScript heap ${gauge('nodejs_heap_size_used_bytes').toFixed(0)} used of ${gauge('nodejs_heap_size_total_bytes').toFixed(0)} MiB`,
);
console.log(`data directory growth per flow: ${((bytesAfter - bytesBefore) / done / 1024).toFixed(1)} KiB (after a clean stop)`);
console.log(
  ['| operation | collection | per flow |', '|---|---|---|', ...rows.map(([key, count]) => `| ${key.replace(' ', ' | ')} | ${count.toFixed(2)} |`)].join('\n'),
);
