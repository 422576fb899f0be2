import test from 'ava';
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, utimesSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BENCH_JWT_SECRET, BENCH_SECRET, bindFlow, demoToken, json } from '../../../bench/flow-client.ts';
import { buildStartBundle } from '../../../bootstrap/start-bundle.ts';
import { freshStartBundle, START_BUNDLE_DIR } from '../../../bootstrap/start-bundle-freshness.mjs';

const START = join(import.meta.dirname, '../../../bootstrap/start.mjs');

test('npm start runs the service from its bundle, rebuilt when a source is newer, and a whole bind works through it', async (t) => {
  await buildStartBundle();
  const entry = freshStartBundle();
  t.truthy(entry, 'a bundle just built is fresh');

  // A source changed after the build: the bundle no longer counts, and the next start builds it again.
  const { builtAt, files } = JSON.parse(readFileSync(join(START_BUNDLE_DIR, 'inputs.json'), 'utf8')) as { builtAt: number; files: string[] };
  const source = files.find((file) => file.endsWith('/core/shared/money.ts')) as string;
  t.truthy(source, 'the bundle lists the sources it holds');
  t.true(
    files.some((file) => file.endsWith('/bootstrap/start-bundle.ts')),
    'and how it is built',
  );
  // Without comments, and so Latin-1 only: V8 keeps a source of another alphabet at two bytes a character.
  for (const chunk of readdirSync(START_BUNDLE_DIR).filter((name) => name.endsWith('.js'))) {
    t.false(/[^\u0000-\u00ff]/.test(readFileSync(join(START_BUNDLE_DIR, chunk), 'utf8')), `${chunk} holds only Latin-1`);
  }
  const changedAt = new Date(builtAt + 5);
  utimesSync(source, changedAt, changedAt);
  t.is(freshStartBundle(), null);

  const dataDir = await mkdtemp(join(tmpdir(), 'start-bundle-'));
  t.teardown(() => rm(dataDir, { recursive: true, force: true }));
  const child = spawn(process.execPath, [START], {
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, PORT: '0', AUTH_PORT: '0', API_SECRET: BENCH_SECRET, JWT_SECRET: BENCH_JWT_SECRET },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  t.teardown(() => child.kill('SIGKILL'));
  let output = '';
  let errors = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  let apiUrl: string | null = null;
  for (let waited = 0; apiUrl === null && waited < 30_000; waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = output.split('\n').find((line) => line.includes('"apiUrl"'));
    if (started) apiUrl = (JSON.parse(started) as { apiUrl: string }).apiUrl;
    if (child.exitCode !== null) break;
  }
  t.truthy(apiUrl, `the service started: ${errors}`);
  t.is(errors, '', 'nothing said on stderr (a start from the sources would say why)');
  t.truthy(freshStartBundle(), 'the start built the bundle again');

  const base = apiUrl as string;
  const org = await json(`${base}/v1/organizations`, BENCH_SECRET, 'POST', { name: 'Bundle Co', allowedDomains: [] });
  const token = await demoToken(base, org.id as string);
  const policyId = await bindFlow(base, token, 1);
  const policy = await json(`${base}/v1/policies/${policyId}`, token);
  t.is(policy.status, 'active');
  const invoices = await json(`${base}/v1/invoices?policyId=${policyId}&limit=20`, token);
  t.is(invoices.data.length, 12);
  child.kill('SIGTERM');
  t.is(await new Promise((resolve) => child.once('exit', resolve)), 0);
});
