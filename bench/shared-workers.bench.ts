// One organization loading the shared renderer and PDF workers, another using them at the same
// time, against the real server. Renderer: the first sends 18 slow pages at once, the second five
// small renders one after another. PDF workers: the first sends ten 10 MiB junk PDFs at once, the
// second five certificates one after another. Printed: the second's answers and their times.
// `npm run bench:shared-workers`
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { BENCH_JWT_SECRET, BENCH_SECRET, bindFlow, demoToken } from './flow-client.ts';
import { startProcess, stopProcess } from './support.ts';

const api = await startProcess<{ apiPort: number }>(join(import.meta.dirname, 'api.server.ts'), {
  API_SECRET: BENCH_SECRET,
  JWT_SECRET: BENCH_JWT_SECRET,
  LOG_LEVEL: 'warn',
  RATE_LIMIT_PER_MINUTE: '1000000',
});
const base = `http://127.0.0.1:${api.ready.apiPort}`;

const tenant = async (name: string) => {
  const response = await fetch(`${base}/v1/organizations`, {
    method: 'POST',
    headers: { authorization: `Bearer ${BENCH_SECRET}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name, allowedDomains: [] }),
  });
  return demoToken(base, ((await response.json()) as { id: string }).id);
};

const post = async (token: string, path: string, body: string | Buffer, contentType = 'application/json') => {
  const started = performance.now();
  const response = await fetch(`${base}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': contentType }, body });
  await response.arrayBuffer();
  return { status: response.status, ms: Math.round(performance.now() - started) };
};

const report = (what: string, answers: { status: number; ms: number }[]) =>
  console.log(`${what}: ${answers.map((answer) => `${answer.status} in ${(answer.ms / 1000).toFixed(1)} s`).join(', ')}`);

const tally = (answers: { status: number }[]) =>
  Object.entries(answers.reduce<Record<number, number>>((counts, { status }) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {}))
    .map(([status, count]) => `${count} x ${status}`)
    .join(', ');

try {
  const [loader, other] = [await tenant('Loader'), await tenant('Other')];
  // A long table: each page takes the browser seconds to lay out and print.
  const slow = JSON.stringify({ html: `<table>${'<tr><td>row</td><td>of a long statement</td><td>1,234.56</td></tr>'.repeat(25_000)}</table>` });
  const load = Array.from({ length: 18 }, () => post(loader, '/v1/documents/render-pdf', slow));
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const renders = [];
  for (let n = 0; n < 5; n += 1) renders.push(await post(other, '/v1/documents/render-pdf', JSON.stringify({ html: `<p>Statement ${n}</p>` })));
  report("renderer: the other organization's five renders", renders);
  console.log(`renderer: the loading organization's 18 pages: ${tally(await Promise.all(load))}`);

  const policyId = await bindFlow(base, other, 1);
  const junk = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(10 * 1024 * 1024 - 16, 'A')]);
  const parsing = Array.from({ length: 10 }, () => post(loader, '/v1/submissions', junk, 'application/pdf'));
  await Promise.race(parsing);
  const certificates = [];
  for (let n = 0; n < 5; n += 1) {
    const holder = { name: `Holder ${n}`, address: { line1: '1 Main St', city: 'Columbus', state: 'OH', postalCode: '43215' } };
    certificates.push(await post(other, '/v1/coi/generate', JSON.stringify({ policyId, certificateHolder: holder })));
  }
  report("PDF workers: the other organization's five certificates", certificates);
  console.log(`PDF workers: the loading organization's ten junk PDFs: ${tally(await Promise.all(parsing))}`);
} finally {
  await stopProcess(api.child);
}
