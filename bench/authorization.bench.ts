// Relationship checks at scale. In process: check latency (p50/p99) of the embedded engine over
// 100,000 stored tuples (target p99 <= 1 ms). Through the service: GET /v1/policies for a producer
// with 1,000 of 100,000 policies, narrowed by the graph (target <= 50 ms).
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { EmbeddedAuthorizationGraph } from '../adapters/authorization/embedded-authorization-graph.ts';
import { SqliteStore } from '../adapters/persistence/sqlite/sqlite-store.engine.ts';
import type { RelationshipTuple } from '../core/authorization/relationship-tuple.ts';
import { BENCH_JWT_SECRET, BENCH_SECRET } from './flow-client.ts';
import { BENCH_ORG, seedPolicies } from './seed.ts';

const POLICIES = Number(process.env.BENCH_POLICIES ?? 100_000);
const PRODUCERS = 100;
/** Every hundredth policy is the bench producer's: 1,000 of 100,000. */
const OWN_EVERY = 100;
const PRODUCER = 'prd_bench0';
const PRODUCER_USER = 'demo_benchproducer';
const dataDir = mkdtempSync(join(tmpdir(), 'authz-'));
const policyId = (n: number) => `pol_000000000000${n.toString(16).padStart(16, '0')}`;
const producerOf = (n: number) => (n % OWN_EVERY === 0 ? PRODUCER : `prd_bench${1 + (n % (PRODUCERS - 1))}`);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] as number;

const store = await SqliteStore.open({ dir: dataDir });
const seeding = performance.now();
await seedPolicies(store, POLICIES, producerOf);
const graph = await EmbeddedAuthorizationGraph.create(store);
const tuples: RelationshipTuple[] = [];
for (let p = 0; p < PRODUCERS; p += 1) {
  tuples.push({ object: `producer:prd_bench${p}`, relation: 'organization', user: `organization:${BENCH_ORG}` });
  tuples.push({ object: `producer:prd_bench${p}`, relation: 'agent', user: `user:${p === 0 ? PRODUCER_USER : `demo_other${p}`}` });
}
for (let n = 0; n < POLICIES; n += 1) tuples.push({ object: `policy:${policyId(n)}`, relation: 'producer', user: `producer:${producerOf(n)}` });
for (let start = 0; start < tuples.length; start += 1000) {
  await Promise.all(tuples.slice(start, start + 1000).map((tuple) => graph.write(BENCH_ORG, [tuple])));
}
console.log(
  `seeded ${POLICIES.toLocaleString('en-US')} policies and ${tuples.length.toLocaleString('en-US')} tuples in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
);

// In process: checks of random policies for producers' users, about one in a hundred allowed.
const CHECKS = 20_000;
const timings: number[] = [];
let allowed = 0;
for (let i = 0; i < CHECKS + 1000; i += 1) {
  const n = (i * 7919) % POLICIES;
  const p = i % PRODUCERS;
  const started = performance.now();
  const ok = await graph.check(BENCH_ORG, { object: `policy:${policyId(n)}`, relation: 'viewer', user: `user:${p === 0 ? PRODUCER_USER : `demo_other${p}`}` });
  if (i >= 1000) {
    timings.push(performance.now() - started);
    if (ok) allowed += 1;
  }
}
timings.sort((a, b) => a - b);
console.log(
  `check over ${tuples.length.toLocaleString('en-US')} tuples: p50 ${percentile(timings, 0.5).toFixed(3)} ms, p99 ${percentile(timings, 0.99).toFixed(3)} ms (target p99 <= 1 ms); ${allowed} of ${CHECKS} allowed`,
);
await store.close();

// Through the service: a producer's first page of policies.
const child = spawn(process.execPath, [join(import.meta.dirname, '../bootstrap/main.ts')], {
  env: { ...process.env, DATA_DIR: dataDir, PORT: '0', AUTH_PORT: '0', API_SECRET: BENCH_SECRET, JWT_SECRET: BENCH_JWT_SECRET, LOG_LEVEL: 'info' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
process.once('exit', () => child.kill('SIGKILL'));
const base = await new Promise<string>((resolve, reject) => {
  createInterface({ input: child.stdout! }).on('line', (line) => {
    if (line.includes('"apiUrl"')) resolve((JSON.parse(line) as { apiUrl: string }).apiUrl);
  });
  child.once('exit', (code) => reject(new Error(`the service exited with ${code}`)));
});
const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = Math.floor(Date.now() / 1000);
const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: PRODUCER_USER, org: BENCH_ORG, role: 'producer', iat: now, exp: now + 3600 })}`;
const token = `${unsigned}.${createHmac('sha256', BENCH_JWT_SECRET).update(unsigned).digest('base64url')}`;
const pages: number[] = [];
let seen = 0;
let foreign = 0;
for (let i = 0; i < 25; i += 1) {
  const started = performance.now();
  const response = await fetch(`${base}/v1/policies?limit=50`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await response.json()) as { data: { producerId: string | null }[] };
  if (i >= 5) pages.push(performance.now() - started);
  if (response.status !== 200) throw new Error(`GET /v1/policies: ${response.status} ${JSON.stringify(body)}`);
  seen = body.data.length;
  foreign += body.data.filter((policy) => policy.producerId !== PRODUCER).length;
}
pages.sort((a, b) => a - b);
console.log(
  `GET /v1/policies?limit=50 as a producer with ${POLICIES / OWN_EVERY} of ${POLICIES.toLocaleString('en-US')} policies: p50 ${percentile(pages, 0.5).toFixed(1)} ms, worst ${pages.at(-1)?.toFixed(1)} ms (target <= 50 ms); ${seen} on the page, ${foreign} not theirs`,
);
child.kill('SIGTERM');
await new Promise((resolve) => child.once('exit', resolve));
rmSync(dataDir, { recursive: true, force: true });
