// Hostile uploads against the real server: how long each takes to be refused, and what another
// organization's reads see meanwhile (one read at a time, back to back). Target: every hostile
// upload answered with a 4xx, the bystander's p99 under 50 ms.
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startProcess } from './support.ts';

const SECRET = 'bench-machine-secret-0123456789abcdef';
const here = import.meta.dirname;

const json = async (url: string, init: RequestInit & { body?: string } = {}) => {
  const response = await fetch(url, { ...init, headers: { 'content-type': 'application/json', authorization: `Bearer ${SECRET}`, ...(init.headers ?? {}) } });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<Record<string, any>>;
};

const api = await startProcess<{ apiPort: number; authPort: number }>(join(here, 'api.server.ts'), {
  API_SECRET: SECRET,
  JWT_SECRET: 'bench-jwt-secret-0123456789abcdef0123456789',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_PER_MINUTE: '1000000',
});

const tenantToken = async (base: string, name: string): Promise<string> => {
  const org = await json(`${base}/v1/organizations`, { method: 'POST', body: JSON.stringify({ name, allowedDomains: [] }) });
  return (await json(`${base}/auth/demo`, { method: 'POST', body: JSON.stringify({ secret: SECRET, orgId: org.id }) })).token as string;
};

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

try {
  const base = `http://127.0.0.1:${api.ready.apiPort}`;
  const attacker = await tenantToken(base, 'Attacker');
  const bystander = await tenantToken(base, 'Bystander');
  const boundary = '----bench';
  const cases: { name: string; body: Buffer; contentType: string }[] = [
    { name: 'junk PDF, 1 MiB', body: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(1024 * 1024, 'A')]), contentType: 'application/pdf' },
    { name: 'junk PDF, 10 MiB', body: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(10 * 1024 * 1024 - 16, 'A')]), contentType: 'application/pdf' },
    {
      name: 'multipart, a 1 MiB part header line repeating content-disposition:',
      body: Buffer.from(`--${boundary}\r\nx-filler: ${'content-disposition:'.repeat((1024 * 1024) / 20)}\r\n\r\nx\r\n--${boundary}--\r\n`),
      contentType: `multipart/form-data; boundary=${boundary}`,
    },
  ];
  for (const { name, body, contentType } of cases) {
    const started = performance.now();
    let finished = false;
    const upload = fetch(`${base}/v1/submissions`, { method: 'POST', body, headers: { authorization: `Bearer ${attacker}`, 'content-type': contentType } })
      .then(async (response) => ({ status: response.status, body: await response.text() }))
      .catch((error: Error) => ({ status: 0, body: JSON.stringify({ error: `connection: ${(error.cause as Error | undefined)?.message ?? error.message}` }) }))
      .finally(() => (finished = true));
    const reads: number[] = [];
    let failedReads = 0;
    while (!finished) {
      const readStarted = performance.now();
      try {
        await (await fetch(`${base}/v1/policies`, { headers: { authorization: `Bearer ${bystander}` } })).arrayBuffer();
      } catch {
        failedReads += 1;
      }
      reads.push(performance.now() - readStarted);
    }
    const answer = await upload;
    reads.sort((a, b) => a - b);
    console.log(
      JSON.stringify({
        case: name,
        status: answer.status,
        error: (JSON.parse(answer.body) as { error?: string }).error,
        answeredInMs: Math.round(performance.now() - started),
        bystanderReads: reads.length,
        bystanderFailedReads: failedReads,
        bystanderP50Ms: Number(percentile(reads, 0.5).toFixed(1)),
        bystanderP99Ms: Number(percentile(reads, 0.99).toFixed(1)),
        bystanderMaxMs: Number((reads.at(-1) ?? 0).toFixed(1)),
      }),
    );
  }
} finally {
  api.child.kill('SIGTERM');
}
