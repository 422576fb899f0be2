// Authenticated single-record read (rate limit, tenant scope, embedded store) against a bare
// restify hello-world on this machine, with a signed-in person's JWT and with an API key that
// person made (so each use reads the creator's current role, as every real key's does). Targets
// (CONTRACT 18.19): each ratio >= 0.60, p99 <= 10 ms at 50 connections. A shared machine's speed drifts from second to second, so the three are measured
// in turns over several rounds (BENCH_ROUNDS, BENCH_SECONDS each) and the ratio is the median round's.
import { join } from 'node:path';
import { cpuMsOf, measure, startProcess, stopProcess, warmUp, type Measured } from './support.ts';

const SECRET = 'bench-machine-secret-0123456789abcdef';
const here = import.meta.dirname;
const duration = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);

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
  const signIn = await fetch(`http://127.0.0.1:${api.ready.authPort}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@bench.test', password: 'bench password 123' }),
  });
  const { token } = (await signIn.json()) as { token: string };
  const key = await json(`${base}/v1/api-keys`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: JSON.stringify({ name: 'bench', scopes: ['users:read'], expiresAt: null }),
  });
  const byKey = { url: `${base}/v1/users/${user.id}`, headers: { 'x-api-key': key.key } };
  const byJwt = { url: `${base}/v1/users/${user.id}`, headers: { authorization: `Bearer ${token}` } };
  for (const read of [byKey, byJwt]) {
    const check = await fetch(read.url, { headers: read.headers });
    if (check.status !== 200) throw new Error(`read check: ${check.status}`);
  }

  const bare = { url: `http://127.0.0.1:${hello.ready.port}/hello` };
  await warmUp(bare);
  await warmUp(byKey);
  await warmUp(byJwt);
  const health = { url: `${base}/health` };
  await warmUp(health);
  const row = (name: string, m: Measured & { cpuUs: number }) =>
    `${name.padEnd(34)} ${m.requestsPerSecond.toFixed(0).padStart(8)} req/s   p50 ${String(m.p50Ms).padStart(3)} ms   p99 ${String(m.p99Ms).padStart(3)} ms   CPU ${m.cpuUs.toFixed(1).padStart(5)} µs a request   non-2xx ${m.non2xx}   errors ${m.errors}`;
  // The server's own CPU time a request (all its threads): what each answer costs it, beside how many the one client drives.
  const timed = async (pid: number, target: { url: string; headers?: Record<string, string> }) => {
    const before = cpuMsOf(pid);
    const measured = await measure({ ...target, duration });
    return { ...measured, cpuUs: ((cpuMsOf(pid) - before) * 1000) / Math.max(1, measured.ok) };
  };
  console.log(`50 connections, ${rounds} rounds of ${duration} s each, node ${process.version}`);
  type Run = 'baseline' | 'pipeline' | 'key' | 'jwt';
  const results: Array<Record<Run, Measured & { cpuUs: number }>> = [];
  const ratioOf = (result: Record<Run, Measured>, run: Run) => result[run].requestsPerSecond / result.baseline.requestsPerSecond;
  for (let round = 1; round <= rounds; round += 1) {
    const result = {
      baseline: await timed(hello.child.pid!, bare),
      pipeline: await timed(api.child.pid!, health),
      key: await timed(api.child.pid!, byKey),
      jwt: await timed(api.child.pid!, byJwt),
    };
    results.push(result);
    console.log(`round ${round}`);
    console.log(row('  bare restify hello-world', result.baseline));
    console.log(row('  platform /health (pipeline only)', result.pipeline));
    console.log(row('  authenticated read (API key)', result.key));
    console.log(row('  authenticated read (JWT)', result.jwt));
    console.log(
      `  ratio API key ${ratioOf(result, 'key').toFixed(2)}, JWT ${ratioOf(result, 'jwt').toFixed(2)}, pipeline-only ${ratioOf(result, 'pipeline').toFixed(2)}`,
    );
  }
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
  const cpu = (of: Run) => median(results.map((r) => r[of].cpuUs)).toFixed(1);
  console.log(`pipeline-only ratio ${median(results.map((r) => ratioOf(r, 'pipeline'))).toFixed(2)} (median of ${rounds})`);
  console.log(
    `server CPU a request (median): hello ${cpu('baseline')} µs, /health ${cpu('pipeline')} µs, API key read ${cpu('key')} µs, JWT read ${cpu('jwt')} µs`,
  );
  for (const [run, name] of [
    ['key', 'API key'],
    ['jwt', 'JWT'],
  ] as const) {
    const p99 = median(results.map((r) => r[run].p99Ms));
    console.log(
      `${name}: ratio ${median(results.map((r) => ratioOf(r, run))).toFixed(2)} (median of ${rounds}; target >= 0.60); p99 ${p99} ms (median; target <= 10 ms)`,
    );
  }
  if (results.some((r) => r.key.non2xx > 0 || r.key.errors > 0 || r.jwt.non2xx > 0 || r.jwt.errors > 0)) process.exitCode = 1;
} finally {
  await Promise.all([stopProcess(hello.child), stopProcess(api.child)]);
}
