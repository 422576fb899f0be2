import test from 'ava';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { call, startTestApp } from '../../support/test-app.ts';

const root = resolve(import.meta.dirname, '../../..');
const bin = (name: string) => join(root, 'node_modules/.bin', name);
const run = async (command: string, args: string[]): Promise<{ code: number; output: string }> => {
  try {
    const { stdout, stderr } = await promisify(execFile)(command, args, { cwd: root, env: { ...process.env, NO_COLOR: '1', REDOCLY_TELEMETRY: 'off' } });
    return { code: 0, output: `${stdout}${stderr}` };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: `${failed.stdout}${failed.stderr}` };
  }
};

/**
 * The live description passes Redocly's recommended rules and Spectral's OpenAPI rules with no
 * error and no warning; the few rules turned off are in `.redocly.yaml`, each with its reason.
 */
test('both /openapi.json (the API and the authentication service) lint clean with Redocly and Spectral', async (t) => {
  const app = await startTestApp();
  t.teardown(app.close);
  const dir = await mkdtemp(join(tmpdir(), 'openapi-lint-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  for (const [name, origin] of [
    ['api', app.api],
    ['auth', app.auth],
  ] as const) {
    const file = join(dir, `${name}.json`);
    await writeFile(file, JSON.stringify((await call(origin, 'GET', '/openapi.json')).body));

    const redocly = await run(bin('redocly'), ['lint', file, '--config', join(root, '.redocly.yaml'), '--format', 'summary']);
    t.is(redocly.code, 0, redocly.output);
    // Problems are listed one a line as `<severity> <rule>: <count>`; a clean run lists none.
    t.notRegex(redocly.output, /^(warning|error) [\w.-]+: \d+/m, redocly.output);
    t.regex(redocly.output, /Your API description is valid/, redocly.output);

    const spectral = await run(bin('spectral'), ['lint', file, '--ruleset', join(root, '.spectral.yaml'), '--format', 'text', '--fail-severity', 'warn']);
    t.is(spectral.code, 0, spectral.output);
  }
});
