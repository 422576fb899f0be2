// The service as `npm start` runs it, on a bench's data directory, and the reads users make of a
// book (bench:scale after its restart, bench:year after its year), printed as one table.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { BENCH_JWT_SECRET, BENCH_SECRET } from './flow-client.ts';
import { serviceEnv, serviceNodeFlags } from './support.ts';
import { medianMs, timedRead, type TimedRead } from './timed-read.ts';

const MiB = 1024 * 1024;

export const residentMiB = (pid: number): number => {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
};

/** Starts the service as `npm start` does (bootstrap/start.mjs, its bundle) and resolves with its API URL once its start line is logged. */
export const startService = async (dataDir: string): Promise<{ child: ChildProcess; base: string; startedAt: number }> => {
  const startedAt = performance.now();
  const child = spawn(process.execPath, [...serviceNodeFlags(), join(import.meta.dirname, '../bootstrap/start.mjs')], {
    env: { ...serviceEnv(), DATA_DIR: dataDir, PORT: '0', AUTH_PORT: '0', API_SECRET: BENCH_SECRET, JWT_SECRET: BENCH_JWT_SECRET, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // A failed run must not leave the service behind, writing in the background.
  process.once('exit', () => child.kill('SIGKILL'));
  const lines = createInterface({ input: child.stdout! });
  const base = await new Promise<string>((resolve, reject) => {
    lines.on('line', (line) => {
      if (line.includes('"apiUrl"')) resolve((JSON.parse(line) as { apiUrl: string }).apiUrl);
    });
    child.once('exit', (code) => reject(new Error(`the service exited with ${code}`)));
  });
  return { child, base, startedAt };
};

/** Stops the service gracefully (SIGKILL after a minute); the milliseconds it took. */
export const stopService = async (child: ChildProcess): Promise<number> => {
  const started = performance.now();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timeout = setTimeout(() => child.kill('SIGKILL'), 60_000);
  await exited;
  clearTimeout(timeout);
  return performance.now() - started;
};

/**
 * The reads users make of the book, each five times after one warm-up: the median, and for the
 * month's premium bordereau its first byte, its size and what the service's memory grew by while
 * it streamed, the first time and once more. `insured` is one insured's name, found by `q` and
 * by `insuredName`. Table rows.
 */
export const readsOfTheBook = async (base: string, token: string, orgId: string, insured: string, month: string, pid: number): Promise<string[]> => {
  const auth = { authorization: `Bearer ${token}` };
  const reads: Array<[string, string]> = [
    ['portfolio', `/v1/analytics/${orgId}/portfolio`],
    ['commissions', `/v1/analytics/${orgId}/commissions`],
    ['events, a page of 50', '/v1/events?limit=50'],
    ['policies, a page of 50', '/v1/policies?limit=50'],
    ['policies, q = one insured', `/v1/policies?q=${encodeURIComponent(insured.toLowerCase())}`],
    ['policies, insuredName', `/v1/policies?insuredName=${encodeURIComponent(insured)}`],
    ['DA utilization', `/v1/analytics/${orgId}/da-utilization`],
    ['premium report', '/v1/reports/premium'],
    ['receivables aging, a page of 50', '/v1/reports/receivables-aging?limit=50'],
  ];
  const table: string[] = [];
  for (const [name, path] of reads) {
    await timedRead(`${base}${path}`, auth);
    const timed: TimedRead[] = [];
    for (let n = 0; n < 5; n += 1) timed.push(await timedRead(`${base}${path}`, auth));
    table.push(`| ${name} | ${medianMs(timed).toFixed(1)} ms | ${timed[0]?.status} |`);
  }
  // The first report on a just-started service also grows V8's young generation to its size and
  // the old one by what it first keeps; a second shows what streaming a report itself holds.
  const reported = async () => {
    const before = residentMiB(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, residentMiB(pid))), 20);
    const report = await timedRead(`${base}/v1/reports/bordereaux?type=premium&month=${month}`, auth);
    clearInterval(sampler);
    return { report, grewMiB: peak - before };
  };
  const first = await reported();
  const second = await reported();
  table.push(
    `| premium bordereau of ${month} (CSV, ${(first.report.bytes / MiB).toFixed(1)} MiB) | first byte ${first.report.firstByteMs.toFixed(0)} ms, all ${(first.report.totalMs / 1000).toFixed(1)} s; resident +${first.grewMiB.toFixed(0)} MiB (the same report again: +${second.grewMiB.toFixed(0)} MiB, first byte ${second.report.firstByteMs.toFixed(0)} ms) | ${first.report.status} |`,
  );
  return table;
};
