import test from 'ava';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { call, MACHINE_SECRET, PASSWORD, startTestApp } from '../support/test-app.ts';

const run = promisify(execFile);
const CLI = join(import.meta.dirname, '../../cli/admin.ts');

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

  const seeded = await cli('seed', '--policies', '6', '--name', 'Seeded MGA');
  t.like(seeded, { producers: 2 });
  t.true(seeded.policies >= 4, `${seeded.policies} of 6 bound`);
  t.is(seeded.payments, seeded.policies);
  t.true(seeded.claims >= 1);
  const signIn = await call(app.auth, 'POST', '/api/auth/sign-in/email', { body: { email: seeded.adminEmail, password: seeded.adminPassword } });
  const policies = (await call(app.api, 'GET', '/v1/policies?limit=50', { token: signIn.body.token })).body.data;
  t.is(policies.length, seeded.policies);

  const failed = await run(process.execPath, [CLI, '--api', app.api, 'create-user', '--org', org.id, '--email', 'bad', '--name', 'x'], {
    env: { ...process.env, API_SECRET: MACHINE_SECRET },
  }).catch((error: { code: number; stderr: string }) => error);
  t.like(failed, { code: 1 });
  t.regex((failed as { stderr: string }).stderr, /user: 400 .*validation_failed/);
});
