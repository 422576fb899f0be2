import test from 'ava';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApp } from '../../../bootstrap/app.ts';
import { loadConfig } from '../../../bootstrap/config.ts';
import { createLogger } from '../../../bootstrap/logger.ts';

const MAIN = join(import.meta.dirname, '../../../bootstrap/main.ts');

interface Started {
  readonly child: ChildProcess;
  readonly lines: string[];
  readonly errors: string[];
  readonly exited: Promise<number | null>;
}

/** `npm start` as a newcomer runs it, on a data directory of the test's own. */
const startService = (dataDir: string, env: Record<string, string> = {}): Started => {
  const child = spawn(process.execPath, [MAIN], {
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, PORT: '0', AUTH_PORT: '0', PASSWORD_HASH_COST: '1024', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const errors: string[] = [];
  const collect = (into: string[]) => {
    let rest = '';
    return (chunk: Buffer) => {
      const parts = (rest + chunk.toString()).split('\n');
      rest = parts.pop() ?? '';
      into.push(...parts);
    };
  };
  child.stdout?.on('data', collect(lines));
  child.stderr?.on('data', collect(errors));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, lines, errors, exited };
};

const startLineOf = async (started: Started): Promise<{ msg: string; apiUrl: string; authUrl: string }> => {
  for (let waited = 0; waited < 20_000; waited += 50) {
    const line = started.lines.map((text) => JSON.parse(text)).find((entry) => typeof entry.apiUrl === 'string');
    if (line) return line;
    if (started.child.exitCode !== null) throw new Error(`the service exited: ${started.errors.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('no start line');
};

test('npm start prints one start line at once, naming where it answers and what it runs on, never a secret', async (t) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'service-'));
  t.teardown(() => rm(dataDir, { recursive: true, force: true }));
  const service = startService(dataDir);
  t.teardown(() => service.child.kill('SIGKILL'));
  // Read while the process runs: a buffered log would hold the line back.
  const start = await startLineOf(service);
  const secretsFile = join(dataDir, 'secrets.json');
  t.regex(
    start.msg,
    /^API http:\/\/127\.0\.0\.1:\d+ · auth http:\/\/127\.0\.0\.1:\d+ · environment local · store sqlite in \S+ · secrets file \S+secrets\.json$/,
  );
  t.true(start.msg.includes(secretsFile));
  t.is((await fetch(`${start.apiUrl}/health`)).status, 200);
  t.is((await fetch(`${start.authUrl}/health`)).status, 200);
  const secrets = Object.values(JSON.parse(await readFile(secretsFile, 'utf8')) as Record<string, string>);
  for (const value of secrets) t.false(service.lines.join('\n').includes(value));

  // Killed outright, and started again at once on the same data directory.
  service.child.kill('SIGKILL');
  await service.exited;
  const again = startService(dataDir);
  t.teardown(() => again.child.kill('SIGKILL'));
  t.is((await fetch(`${(await startLineOf(again)).apiUrl}/health`)).status, 200);
  again.child.kill('SIGTERM');
  t.is(await again.exited, 0);
  t.true(
    again.lines.some((line) => JSON.parse(line).msg === 'stopped'),
    'the last line is written before the process ends',
  );
});

test('a busy port: one clear line, exit 1, and nothing left behind', async (t) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'service-'));
  t.teardown(() => rm(dataDir, { recursive: true, force: true }));
  const holder = createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  t.teardown(() => holder.close());
  const busy = (holder.address() as AddressInfo).port;

  const refused = startService(dataDir, { PORT: String(busy) });
  t.is(await refused.exited, 1);
  t.deepEqual(refused.errors.filter(Boolean), [
    `Start failed: The API port ${busy} on 127.0.0.1 is already in use; stop the program using it or set PORT to a free port.`,
  ]);

  // In one process, so that a lock or a timer left behind would show: the same directory starts on the next try.
  const config = (port: number) =>
    loadConfig({ DATA_DIR: dataDir, PORT: String(port), AUTH_PORT: '0', PASSWORD_HASH_COST: '1024', JOB_LOCK_LIFETIME_MS: '2000' });
  await t.throwsAsync(startApp(config(busy), { logger: createLogger('silent') }), { message: /API port \d+ on 127\.0\.0\.1 is already in use/ });
  const app = await startApp(config(0), { logger: createLogger('silent') });
  t.is((await fetch(`http://127.0.0.1:${app.apiPort}/health`)).status, 200);
  await app.stop();
});
