// Full create -> quote -> bind flows per second over HTTP on the embedded store, with 1,000 and
// then 50,000 policies already stored. Targets: >= 200 flows/s, and the 50k/1k ratio >= 0.8.
import { join } from 'node:path';
import { BENCH_ORG } from './seed.ts';
import { startProcess } from './support.ts';

const SECRET = 'bench-machine-secret-0123456789abcdef';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const workers = Number(process.env.BENCH_WORKERS ?? 16);

const post = async (url: string, token: string, body: unknown) => {
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, any>;
  if (response.status !== 201) throw new Error(`${url}: ${response.status} ${JSON.stringify(json)}`);
  return json;
};

const measure = async (seeded: number) => {
  const api = await startProcess<{ apiPort: number }>(join(import.meta.dirname, 'api.server.ts'), {
    API_SECRET: SECRET,
    JWT_SECRET: 'bench-jwt-secret-0123456789abcdef0123456789',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    BENCH_SEED_POLICIES: String(seeded),
  });
  try {
    const base = `http://127.0.0.1:${api.ready.apiPort}`;
    const { token } = (await (
      await fetch(`${base}/auth/demo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ secret: SECRET, orgId: BENCH_ORG }),
      })
    ).json()) as { token: string };
    const flow = async (n: number) => {
      const submission = await post(`${base}/v1/submissions`, token, {
        insuredName: `Flow ${n}`,
        naicsCode: '541511',
        annualRevenue: 1_000_000,
        requestedLimit: 1_000_000,
        effectiveDate: '2027-03-01',
        state: 'OH',
        lineOfBusiness: 'GL',
      });
      await post(`${base}/v1/submissions/${submission.id}/quote`, token, {});
      await post(`${base}/v1/submissions/${submission.id}/bind`, token, { installmentPlan: 'MONTHLY_12' });
    };
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
    api.child.kill();
  }
};

const small = await measure(1_000);
const large = await measure(50_000);
console.log(`${workers} concurrent clients, ${seconds} s each, node ${process.version}`);
console.log(`with  1,000 policies stored: ${small.toFixed(0)} flows/s (create + quote + bind, 3 requests each)`);
console.log(`with 50,000 policies stored: ${large.toFixed(0)} flows/s`);
console.log(`ratio 50k/1k ${(large / small).toFixed(2)} (target >= 0.80); target >= 200 flows/s`);
