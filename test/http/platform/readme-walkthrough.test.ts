import test from 'ava';
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '../../..');

/** The README's walk-through shell blocks, in order. */
const walkThroughBlocks = async (): Promise<string[]> => {
  const readme = await readFile(join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Walk-through with curl'), readme.indexOf('## Command line'));
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1] as string);
};

const freePort = async (): Promise<number> => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
};

const run = (command: string, args: string[], env: Record<string, string>) => {
  // Its own process group, so that whatever a block leaves running in the background is stopped with it.
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    exited,
    output: () => ({ stdout, stderr }),
    /**
     * Asks the group to stop (the service stops gracefully, closing the Chromium it started in a
     * process group of its own), then ends whatever is left after 10 seconds.
     */
    stop: async () => {
      const signal = (name: NodeJS.Signals) => {
        try {
          process.kill(-(child.pid as number), name);
        } catch {
          /* gone */
        }
      };
      signal('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
      signal('SIGKILL');
    },
  };
};

test('the README walk-through runs as written against a started service', async (t) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'readme-'));
  t.teardown(() => rm(dataDir, { recursive: true, force: true }));
  const env = { DATA_DIR: dataDir, PORT: String(await freePort()), AUTH_PORT: String(await freePort()), PASSWORD_HASH_COST: '1024' };
  const service = run(process.execPath, [join(ROOT, 'bootstrap/main.ts')], env);
  t.teardown(service.stop);
  for (let waited = 0; !service.output().stdout.includes('"apiUrl"'); waited += 50) {
    if (waited > 20_000 || service.child.exitCode !== null) throw new Error(`the service did not start: ${service.output().stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  const blocks = await walkThroughBlocks();
  t.true(blocks.length >= 10);
  const statusLog = join(dataDir, 'statuses.log');
  // curl writes each answer's status to a log on the side, leaving what the blocks read untouched.
  const script = ['set -euo pipefail', `curl() { command curl -w '%{stderr}%{http_code}\\n' "$@" 2>>"${statusLog}"; }`, ...blocks].join('\n');
  const walk = run('bash', ['-c', script], env);
  t.teardown(walk.stop);
  const code = await walk.exited;
  const { stdout, stderr } = walk.output();
  t.is(code, 0, `${stderr}\n${stdout.slice(-2_000)}`);

  const statuses = (await readFile(statusLog, 'utf8')).trim().split('\n');
  t.true(statuses.length >= 25, `${statuses.length} calls`);
  // Exactly the errors the README shows on purpose: a missing credential, a renewal before its
  // window, a bind outside delegated authority before its referral is approved, and the
  // administrator deciding its own referral.
  t.deepEqual(
    statuses.filter((status) => !/^2\d\d$/.test(status)),
    ['401', '422', '422', '403'],
    statuses.join(' '),
  );
  t.regex(stdout, /callback policy\.bound \{/);
  // The sandbox organization's clock: a skipped payment runs its course, and a paid term is offered its renewal.
  for (const event of ['invoice.past_due', 'policy.cancellation_notice_sent', 'policy.cancelled', 'policy.renewal_offered', 'policy.renewed']) {
    t.regex(stdout, new RegExp(`callback ${event.replace('.', '\\.')} \\{`), event);
  }
  t.regex(stdout, /"status":"succeeded"/);
  t.regex(stdout, /\{"type":"message","message":\{[^}]*"body":"Hello from the socket"/, 'the socket hears its own message');
});
