// One tenant's searches against another tenant's reads, on the real server: the tenant stores
// BENCH_SUBMISSIONS (2,000) submissions whose insured name is 100 two-letter words, then searches
// eight of those words from eight clients at once while another tenant reads one record over 10
// connections for BENCH_SECONDS (10). Targets (CONTRACT 18.19): the other tenant's read p99 stays
// <= 50 ms; each search answers a page (a short one with `nextCursor` past 5,000 candidates).
// `npm run bench:hostile-search`.
import { join } from 'node:path';
import { BENCH_JWT_SECRET, BENCH_SECRET, demoToken, json } from './flow-client.ts';
import { measure, startProcess, stopProcess } from './support.ts';

const duration = Number(process.env.BENCH_SECONDS ?? 10);
const submissions = Number(process.env.BENCH_SUBMISSIONS ?? 2_000);

const letters = 'abcdefghijklmnopqrstuvwxyz';
const words = Array.from({ length: 100 }, (_, n) => `${letters[Math.floor(n / 26)]}${letters[n % 26]}`);

const api = await startProcess<{ apiPort: number }>(join(import.meta.dirname, 'api.server.ts'), {
  API_SECRET: BENCH_SECRET,
  JWT_SECRET: BENCH_JWT_SECRET,
  RATE_LIMIT_PER_MINUTE: '1000000',
  LOG_LEVEL: 'warn',
});
try {
  const base = `http://127.0.0.1:${api.ready.apiPort}`;
  const tenant = async (name: string) => {
    const org = await json(`${base}/v1/organizations`, BENCH_SECRET, 'POST', { name, allowedDomains: [`${name.toLowerCase()}.test`] });
    return { orgId: org.id as string, token: await demoToken(base, org.id) };
  };
  const searcher = await tenant('Searcher');
  const bystander = await tenant('Bystander');
  const reader = await json(`${base}/v1/users`, bystander.token, 'POST', {
    email: 'reader@bystander.test',
    password: 'bench password 123',
    role: 'auditor',
    name: 'Reader',
  });
  const submission = (n: number) => ({
    insuredName: words.join(' '),
    naicsCode: '238220',
    state: 'CA',
    lineOfBusiness: 'GL',
    annualRevenue: 1_000_000 + n,
    requestedLimit: 1_000_000,
    effectiveDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    contactEmail: 'owner@searcher.test',
  });
  for (let n = 0; n < submissions; n += 20) {
    await Promise.all(
      Array.from({ length: Math.min(20, submissions - n) }, (_, k) => json(`${base}/v1/submissions`, searcher.token, 'POST', submission(n + k))),
    );
  }
  const q = words.slice(0, 8).join('+');
  let searching = true;
  const pages: number[] = [];
  const searches = Array.from({ length: 8 }, async () => {
    while (searching) {
      const started = performance.now();
      const page = await json(`${base}/v1/submissions?q=${q}&limit=50`, searcher.token);
      pages.push(performance.now() - started);
      if (!Array.isArray(page.data)) throw new Error('a search answered no page');
    }
  });
  const read = await measure({ url: `${base}/v1/users/${reader.id}`, headers: { authorization: `Bearer ${bystander.token}` }, connections: 10, duration });
  searching = false;
  await Promise.all(searches);
  pages.sort((a, b) => a - b);
  const at = (share: number) => (pages[Math.min(pages.length - 1, Math.floor(pages.length * share))] ?? 0).toFixed(1);
  console.log(
    `${submissions} submissions of 100 two-letter words; ${pages.length} searches of eight of them in ${duration} s: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms`,
  );
  console.log(
    `another tenant's read: ${read.requestsPerSecond.toFixed(0)} req/s, p50 ${read.p50Ms} ms, p99 ${read.p99Ms} ms (target <= 50 ms), non-2xx ${read.non2xx}`,
  );
  if (read.p99Ms > 50 || read.non2xx > 0) process.exitCode = 1;
} finally {
  await stopProcess(api.child);
}
