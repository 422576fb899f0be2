// Full create -> quote -> bind flows per second over HTTP on the embedded store, with 1,000 and
// then 50,000 policies already stored. Targets: >= 200 flows/s, and the 50k/1k ratio >= 0.8.
import { join } from 'node:path';
import { BENCH_JWT_SECRET, BENCH_SECRET, bindFlow, demoToken } from './flow-client.ts';
import { BENCH_ORG } from './seed.ts';
import { startProcess, stopProcess } from './support.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const workers = Number(process.env.BENCH_WORKERS ?? 16);

const measure = async (seeded: number) => {
  const api = await startProcess<{ apiPort: number }>(join(import.meta.dirname, 'api.server.ts'), {
    API_SECRET: BENCH_SECRET,
    JWT_SECRET: BENCH_JWT_SECRET,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    BENCH_SEED_POLICIES: String(seeded),
  });
  try {
    const base = `http://127.0.0.1:${api.ready.apiPort}`;
    const token = await demoToken(base, BENCH_ORG);
    const flow = (n: number) => bindFlow(base, token, n);
    let done = 0;
    const warmUntil = Date.now() + 2_000;
    const deadline = warmUntil + seconds * 1000;
    let counting = false;
    await Promise.all(
      Array.from({ length: workers }, async (_, worker) => {
        for (let n = 0; Date.now() < deadline; n += 1) {
          await flow(worker * 1_000_000 + n);
          if (counting) done += 1;
          if (!counting && Date.now() >= warmUntil) counting = true;
        }
      }),
    );
    return done / seconds;
  } finally {
    await stopProcess(api.child);
  }
};

const small = await measure(1_000);
const large = await measure(50_000);
console.log(`${workers} concurrent clients, ${seconds} s each, node ${process.version}`);
console.log(`with  1,000 policies stored: ${small.toFixed(0)} flows/s (create + quote + bind, 3 requests each)`);
console.log(`with 50,000 policies stored: ${large.toFixed(0)} flows/s`);
console.log(`ratio 50k/1k ${(large / small).toFixed(2)} (target >= 0.80); target >= 200 flows/s`);
