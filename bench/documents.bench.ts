// Documents under load on the real server: certificates of insurance per second (target >= 100),
// HTML rendered to PDF per second with the warm browser (>= 10), and what another organization's
// reads see during a burst of renders (p99 < 50 ms). `npm run bench:documents`.
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { BENCH_JWT_SECRET, BENCH_SECRET, bindFlow, daysFromToday, demoToken } from './flow-client.ts';
import { startProcess, stopProcess } from './support.ts';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const here = import.meta.dirname;

const api = await startProcess<{ apiPort: number }>(join(here, 'api.server.ts'), {
  API_SECRET: BENCH_SECRET,
  JWT_SECRET: BENCH_JWT_SECRET,
  LOG_LEVEL: 'warn',
  RATE_LIMIT_PER_MINUTE: '1000000',
  PDF_WORKERS: process.env.PDF_WORKERS ?? '2',
  PDF_QUEUE: '64',
  RENDER_QUEUE: '64',
  RENDER_WARM_START: 'true',
  ...(process.env.RENDER_PAGES ? { RENDER_PAGES: process.env.RENDER_PAGES } : {}),
});

const organization = async (base: string, name: string): Promise<string> => {
  const response = await fetch(`${base}/v1/organizations`, {
    method: 'POST',
    headers: { authorization: `Bearer ${BENCH_SECRET}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name, allowedDomains: [] }),
  });
  return demoToken(base, ((await response.json()) as { id: string }).id);
};

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

const burst = (base: string, token: string, path: string, body: unknown, connections: number): Promise<autocannon.Result> =>
  autocannon({
    url: `${base}${path}`,
    method: 'POST',
    connections,
    duration: DURATION_S,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }) as Promise<autocannon.Result>;

const RECEIPT = {
  template: 'receipt',
  data: { receiptNumber: 'R-1', receivedOn: '2026-11-02', receivedFrom: 'Bench Co', amount: 1250.5, method: 'check', reference: 'CHK 1' },
};

try {
  const base = `http://127.0.0.1:${api.ready.apiPort}`;
  const issuer = await organization(base, 'Issuer');
  const bystander = await organization(base, 'Bystander');
  const policyId = await bindFlow(base, issuer, 1, daysFromToday(-5));
  await bindFlow(base, bystander, 2);
  const coi = { policyId, certificateHolder: { name: 'Holder Inc', address: { line1: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701' } } };

  await burst(base, issuer, '/v1/coi/generate', coi, 4).then(() => undefined);
  const certificates = await burst(base, issuer, '/v1/coi/generate', coi, 8);
  console.log(
    `certificates: ${certificates.requests.average.toFixed(1)}/s (target >= 100), p99 ${certificates.latency.p99} ms, ${certificates['2xx']} stored, non-2xx ${certificates.non2xx}, errors ${certificates.errors}`,
  );

  const renderConnections = Number(process.env.RENDER_CONNECTIONS ?? 6);
  const rendered = await burst(base, issuer, '/v1/documents/render-pdf', RECEIPT, renderConnections);
  console.log(
    `render-pdf: ${rendered.requests.average.toFixed(1)}/s (target >= 10), p99 ${rendered.latency.p99} ms, ${rendered['2xx']} stored, non-2xx ${rendered.non2xx}, errors ${rendered.errors}`,
  );

  // The same burst again, while another organization reads its policies one request after another.
  let rendering = true;
  const during = Promise.resolve(burst(base, issuer, '/v1/documents/render-pdf', RECEIPT, renderConnections)).finally(() => (rendering = false));
  const reads: number[] = [];
  while (rendering) {
    const started = performance.now();
    await (await fetch(`${base}/v1/policies`, { headers: { authorization: `Bearer ${bystander}` } })).arrayBuffer();
    reads.push(performance.now() - started);
  }
  const meanwhile = await during;
  reads.sort((a, b) => a - b);
  console.log(
    `another organization's reads during a render burst (${meanwhile.requests.average.toFixed(1)} renders/s): ${reads.length}, p50 ${percentile(reads, 0.5).toFixed(1)} ms, p99 ${percentile(reads, 0.99).toFixed(1)} ms (target < 50)`,
  );
} finally {
  await stopProcess(api.child);
}
