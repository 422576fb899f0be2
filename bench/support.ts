import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

export interface Measured {
  readonly requestsPerSecond: number;
  readonly p99Ms: number;
  readonly p50Ms: number;
  readonly non2xx: number;
  readonly errors: number;
  /** Requests answered with a 2xx status. */
  readonly ok: number;
}

const startScript = (): string[] =>
  (JSON.parse(readFileSync(join(import.meta.dirname, '../package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start.split(' ');

/**
 * The flags `npm start` gives Node (package.json's start script), then BENCH_NODE_OPTIONS: a bench
 * runs the service with the memory settings it runs with in production.
 */
export const serviceNodeFlags = (): string[] => {
  const started = startScript().filter((word) => word.startsWith('--'));
  return [...started, ...(process.env.BENCH_NODE_OPTIONS?.split(' ').filter(Boolean) ?? [])];
};

/** The environment `npm start` sets before Node (`MALLOC_ARENA_MAX=1`), then the bench's own, which may change it. */
export const serviceEnv = (): Record<string, string | undefined> => ({
  ...Object.fromEntries(
    startScript()
      .filter((word) => /^[A-Z_]+=/.test(word))
      .map((word) => [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)]),
  ),
  ...process.env,
});

/** Starts a TypeScript entry point under this Node, with the service's flags, and waits for the JSON line it prints when ready. */
export const startProcess = async <T>(entry: string, env: Record<string, string> = {}): Promise<{ child: ChildProcess; ready: T }> => {
  const child = spawn(process.execPath, [...serviceNodeFlags(), entry], {
    env: { ...serviceEnv(), ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const ready = await new Promise<T>((resolve, reject) => {
    lines.once('line', (line) => resolve(JSON.parse(line) as T));
    child.once('exit', (code) => reject(new Error(`${entry} exited with ${code}`)));
  });
  return { child, ready };
};

/** Stops a process `startProcess` started and waits until it has exited (and written any CPU profile it was asked for). */
export const stopProcess = async (child: ChildProcess): Promise<void> => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
};

export const measure = async (options: autocannon.Options): Promise<Measured> => {
  const result = await autocannon({ connections: 50, duration: 10, ...options });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    p50Ms: result.latency.p50,
    non2xx: result.non2xx,
    errors: result.errors,
    ok: result['2xx'],
  };
};

export const warmUp = (options: autocannon.Options) => autocannon({ connections: 10, duration: 2, ...options });

/**
 * The CPU time a process has used so far, in ms (user and system, all its threads, from /proc):
 * what a run costs the service itself, whatever share of the time its clients kept it busy.
 */
export const cpuMsOf = (pid: number): number => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
};
/** Linux's USER_HZ, the unit of /proc's CPU times, 100 on every architecture Node runs on. */
const CLOCK_TICKS_PER_SECOND = 100;
