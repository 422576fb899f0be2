import test from 'ava';
import { SEED_RATE_LIMIT_PER_MINUTE } from '../../../cli/seed.ts';
import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { patientFetch } from '../../../cli/patient-fetch.ts';
import { call, MACHINE_SECRET, PASSWORD, startTestApp } from '../../support/test-app.ts';

const run = promisify(execFile);
const CLI = join(import.meta.dirname, '../../../cli/admin.ts');

test('the CLI creates an organization, a user and an API key, and seeds a demo organization, through the API', async (t) => {
  const app = await startTestApp();
  t.teardown(app.close);
  const cli = async (...args: string[]) => {
    const { stdout } = await run(process.execPath, [CLI, '--api', app.api, '--auth', app.auth, ...args], {
      env: { ...process.env, API_SECRET: MACHINE_SECRET },
    });
    return JSON.parse(stdout.slice(stdout.indexOf('{'))) as Record<string, any>;
  };
  const org = await cli('create-org', 'Cli MGA', '--domain', 'cli.example');
  t.like(org, { name: 'Cli MGA', allowedDomains: ['cli.example'] });
  const user = await cli('create-user', '--org', org.id, '--email', 'ops@cli.example', '--name', 'Ops', '--role', 'underwriter', '--password', PASSWORD);
  t.like(user, { email: 'ops@cli.example', role: 'underwriter' });
  const key = await cli('create-key', '--org', org.id, '--name', 'integration', '--scopes', 'submissions:read,policies:read');
  t.regex(key.key, /^svc_test_/);
  t.is((await call(app.api, 'GET', '/v1/submissions', { apiKey: key.key })).status, 200);
  t.like(await cli('secrets'), { file: join(process.cwd(), 'data', 'secrets.json') });

  // The README's command, as written.
  const seeded = await cli('seed', '--policies', '25');
  t.like(seeded, { producers: 2 });
  t.true(seeded.policies >= 16, `${seeded.policies} of 25 bound`);
  t.is(seeded.payments, seeded.policies);
  t.true(seeded.claims >= 1);
  const signIn = await call(app.auth, 'POST', '/api/auth/sign-in/email', { body: { email: seeded.adminEmail, password: seeded.adminPassword } });
  const policies = (await call(app.api, 'GET', '/v1/policies?limit=50', { token: signIn.body.token })).body.data;
  t.is(policies.length, seeded.policies);
  const demo = await call(app.api, 'GET', `/v1/organizations/${seeded.orgId}`, { token: MACHINE_SECRET });
  t.is(demo.body.rateLimitPerMinute, SEED_RATE_LIMIT_PER_MINUTE, 'the seed writes in a burst: its organization may');

  const failed = await run(process.execPath, [CLI, '--api', app.api, 'create-user', '--org', org.id, '--email', 'bad', '--name', 'x'], {
    env: { ...process.env, API_SECRET: MACHINE_SECRET },
  }).catch((error: { code: number; stderr: string }) => error);
  t.like(failed, { code: 1 });
  t.regex((failed as { stderr: string }).stderr, /user: 400 .*validation_failed/);
});

test('the command line waits out a 429 as its Retry-After says, and hands back any other answer', async (t) => {
  let answered = 0;
  const server = createServer((request, response) => {
    answered += 1;
    if (answered <= 2) {
      response.writeHead(429, { 'retry-after': '2', 'content-type': 'application/json' });
      response.end('{"error":"rate_limited"}');
      return;
    }
    if (request.url === '/forever') {
      response.writeHead(429, { 'retry-after': '3600' });
      response.end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => server.close());
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const waits: number[] = [];
  const heard: Array<number | null> = [];
  const patient = patientFetch({ wait: async (ms) => void waits.push(ms), onWait: (seconds) => heard.push(seconds) });
  const answer = await patient(`${base}/v1/submissions`, { method: 'POST', body: '{"insuredName":"Again"}' });
  t.is(answer.status, 200);
  t.deepEqual(waits, [2000, 2000]);
  t.deepEqual(heard, [2, null, 2, null], 'each wait is said, and its end');
  t.is((await patient(`${base}/forever`)).status, 429, 'a wait longer than the command line keeps is reported, not slept through');
});

test('a failing command prints one line and exits non-zero, its progress bar stopped', async (t) => {
  const failed = await run(process.execPath, [CLI, '--api', 'http://127.0.0.1:9', '--auth', 'http://127.0.0.1:9', 'seed', '--policies', '2'], {
    env: { ...process.env, API_SECRET: MACHINE_SECRET },
  }).catch((error: { code: number; stderr: string }) => error);
  t.not((failed as { code: number }).code, 0);
  t.is((failed as { stderr: string }).stderr.trim().split('\n').length, 1, (failed as { stderr: string }).stderr);
});
