// `npm run walkthrough`: runs every shell block of docs/walkthrough.md, in order and as written,
// against a service it starts on a throwaway data directory. The service, its authentication
// service and the walk-through's callback receiver listen on free ports (or PORT, AUTH_PORT and
// HOOK_PORT when set: a port already taken stops the run with one line naming it). Each answer is
// printed on its own line; the last line gives every call's HTTP status. Exits with the blocks'
// status.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
/** How long the service may take to print its start line. */
const START_TIMEOUT_MS = 30_000;

/** The walk-through's shell blocks, in order. */
const walkThroughBlocks = (markdown: string): string[] => [...markdown.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1] as string);

/** A port to listen on: the one asked for if it is free, else a free one the system gives; null when the one asked for is taken. */
const portFor = (asked: string | undefined): Promise<number | null> =>
  new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(null));
    server.listen(asked ? Number(asked) : 0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });

/** Starts a command in a process group of its own, so whatever it leaves running is stopped with it. */
const start = (command: string, args: string[], env: Record<string, string>, onOutput: (text: string) => void): ChildProcess => {
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  child.stdout?.on('data', (chunk: Buffer) => onOutput(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  return child;
};

/** Asks the group to stop (the service stops gracefully), then ends whatever is left after 10 seconds. */
const stop = async (child: ChildProcess): Promise<void> => {
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-(child.pid as number), name);
    } catch {
      /* gone */
    }
  };
  if (child.exitCode !== null) return signal('SIGKILL');
  const exited = new Promise((resolve) => child.once('exit', resolve));
  signal('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
  signal('SIGKILL');
};

const main = async (): Promise<number> => {
  const ports: Record<string, string> = {};
  for (const name of ['PORT', 'AUTH_PORT', 'HOOK_PORT']) {
    const port = await portFor(process.env[name]);
    if (port === null) {
      console.error(`port ${process.env[name]} in use (${name}): free it, or leave ${name} unset to take a free port`);
      return 1;
    }
    ports[name] = String(port);
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'walkthrough-'));
  const env = { ...ports, DATA_DIR: dataDir, APP_ENV: 'local', PASSWORD_HASH_COST: process.env.PASSWORD_HASH_COST ?? '16384' };
  let started = '';
  const service = start(process.execPath, [join(ROOT, 'bootstrap/main.ts')], env, (text) => (started += text));
  try {
    for (let waited = 0; !started.includes('"apiUrl"'); waited += 50) {
      if (waited > START_TIMEOUT_MS || service.exitCode !== null) {
        console.error(`the service did not start on ports ${ports.PORT} and ${ports.AUTH_PORT}`);
        return 1;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const blocks = walkThroughBlocks(await readFile(join(ROOT, 'docs/walkthrough.md'), 'utf8'));
    const statusLog = join(dataDir, 'statuses.log');
    // Each answer ends its own line; its status goes to a log on the side, leaving what the blocks read untouched.
    const script = ['set -euo pipefail', `curl() { command curl -w '\\n%{stderr}%{http_code}\\n' "$@" 2>>"${statusLog}"; }`, ...blocks].join('\n');
    const walk = start('bash', ['-c', script], env, (text) => process.stdout.write(text));
    const code = await new Promise<number>((resolve) => walk.once('exit', (exit) => resolve(exit ?? 1)));
    await stop(walk);
    const statuses = (await readFile(statusLog, 'utf8').catch(() => '')).trim().split('\n').filter(Boolean);
    console.log(`walkthrough: ${JSON.stringify({ blocks: blocks.length, calls: statuses.length, statuses, exitCode: code })}`);
    return code;
  } finally {
    await stop(service);
    await rm(dataDir, { recursive: true, force: true });
  }
};

process.exitCode = await main();
