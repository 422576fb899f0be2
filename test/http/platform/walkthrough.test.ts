import test from 'ava';
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '../../..');
const WALKTHROUGH = join(ROOT, 'cli/walkthrough.ts');

/** `npm run walkthrough` as a user runs it: its output and exit code. */
const walkthrough = (env: Record<string, string> = {}) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [WALKTHROUGH], { cwd: ROOT, env: { ...process.env, PASSWORD_HASH_COST: '1024', ...env } });
    let [stdout, stderr] = ['', ''];
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });

test('npm run walkthrough runs docs/walkthrough.md as written against a service it starts on free ports', async (t) => {
  const { code, stdout, stderr } = await walkthrough();
  t.is(code, 0, `${stderr}\n${stdout.slice(-2_000)}`);
  const summary = JSON.parse(/^walkthrough: (.*)$/m.exec(stdout)?.[1] ?? '{}') as { blocks: number; calls: number; statuses: string[] };
  t.true(summary.blocks >= 10);
  t.true(summary.calls >= 25, `${summary.calls} calls`);
  // Exactly the errors the walk-through shows on purpose: a missing credential, a renewal before its
  // window, a bind outside delegated authority before its referral is approved, and the
  // administrator deciding its own referral.
  t.deepEqual(
    summary.statuses.filter((status) => !/^2\d\d$/.test(status)),
    ['401', '422', '422', '403'],
    summary.statuses.join(' '),
  );
  // Each answer on its own line.
  t.regex(stdout, /^\{"error":"unauthenticated"/m);
  t.regex(stdout, /callback policy\.bound \{/);
  // The sandbox organization's clock: a skipped payment runs its course, and a paid term is offered its renewal.
  for (const event of ['invoice.past_due', 'policy.cancellation_notice_sent', 'policy.cancelled', 'policy.renewal_offered', 'policy.renewed']) {
    t.regex(stdout, new RegExp(`callback ${event.replace('.', '\\.')} \\{`), event);
  }
  t.regex(stdout, /"status":"succeeded"/);
  t.regex(stdout, /\{"type":"message","message":\{[^}]*"body":"Hello from the socket"/, 'the socket hears its own message');
});

test('a port already taken stops the walk-through with one line naming it', async (t) => {
  const taken: Server = createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  t.teardown(() => taken.close());
  const port = (taken.address() as { port: number }).port;
  const { code, stderr } = await walkthrough({ HOOK_PORT: String(port) });
  t.is(code, 1);
  t.is(stderr.trim(), `port ${port} in use (HOOK_PORT): free it, or leave HOOK_PORT unset to take a free port`);
});
