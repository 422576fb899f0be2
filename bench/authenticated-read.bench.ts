// Authenticated single-record read (API key, rate limit, tenant scope, embedded store) against a
// bare restify hello-world, in one run on this machine. Targets: ratio >= 0.6, p99 <= 20 ms at 50 connections.
import { join } from 'node:path';
import { measure, startProcess, stopProcess, warmUp } from './support.ts';

const SECRET = 'bench-machine-secret-0123456789abcdef';
const here = import.meta.dirname;
const duration = Number(process.env.BENCH_SECONDS ?? 10);

const json = async (url: string, init: RequestInit & { body?: string } = {}) => {
  const response = await fetch(url, { ...init, headers: { 'content-type': 'application/json', authorization: `Bearer ${SECRET}`, ...(init.headers ?? {}) } });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<Record<string, any>>;
};

const hello = await startProcess<{ port: number }>(join(here, 'hello-world.server.ts'));
const api = await startProcess<{ apiPort: number; authPort: number }>(join(here, 'api.server.ts'), {
  API_SECRET: SECRET,
  JWT_SECRET: 'bench-jwt-secret-0123456789abcdef0123456789',
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
});
try {
  const base = `http://127.0.0.1:${api.ready.apiPort}`;
  const org = await json(`${base}/v1/organizations`, { method: 'POST', body: JSON.stringify({ name: 'Bench MGA', allowedDomains: ['bench.test'] }) });
  // A contract limit high enough that the run measures the limiter's work, not its refusals.
  await json(`${base}/v1/organizations/${org.id}`, { method: 'PATCH', body: JSON.stringify({ rateLimitPerMinute: 1_000_000 }) });
  const user = await json(`${base}/v1/users`, {
    method: 'POST',
    body: JSON.stringify({ email: 'admin@bench.test', password: 'bench password 123', role: 'org_admin', name: 'Bench', orgId: org.id }),
  });
  const demo = await json(`${base}/auth/demo`, { method: 'POST', body: JSON.stringify({ secret: SECRET, orgId: org.id }) });
  const key = await json(`${base}/v1/api-keys`, {
    method: 'POST',
    headers: { authorization: `Bearer ${demo.token}` },
    body: JSON.stringify({ name: 'bench', scopes: ['users:read'], expiresAt: null }),
  });
  const read = { url: `${base}/v1/users/${user.id}`, headers: { 'x-api-key': key.key } };
  const check = await fetch(read.url, { headers: read.headers });
  if (check.status !== 200) throw new Error(`read check: ${check.status}`);

  const bare = { url: `http://127.0.0.1:${hello.ready.port}/hello` };
  await warmUp(bare);
  await warmUp(read);
  const health = { url: `${base}/health` };
  await warmUp(health);
  const baseline = await measure({ ...bare, duration });
  const pipeline = await measure({ ...health, duration });
  const platform = await measure({ ...read, duration });
  const ratio = platform.requestsPerSecond / baseline.requestsPerSecond;
  const row = (name: string, m: typeof baseline) =>
    `${name.padEnd(34)} ${m.requestsPerSecond.toFixed(0).padStart(8)} req/s   p50 ${String(m.p50Ms).padStart(3)} ms   p99 ${String(m.p99Ms).padStart(3)} ms   non-2xx ${m.non2xx}   errors ${m.errors}`;
  console.log(`50 connections, ${duration} s each, node ${process.version}`);
  console.log(row('bare restify hello-world', baseline));
  console.log(row('platform /health (pipeline only)', pipeline));
  console.log(row('authenticated read (API key)', platform));
  console.log(`pipeline-only ratio ${(pipeline.requestsPerSecond / baseline.requestsPerSecond).toFixed(2)}`);
  console.log(`ratio ${ratio.toFixed(2)} (target >= 0.60); p99 ${platform.p99Ms} ms (target <= 20 ms)`);
  if (platform.non2xx > 0 || platform.errors > 0) process.exitCode = 1;
} finally {
  await Promise.all([stopProcess(hello.child), stopProcess(api.child)]);
}
