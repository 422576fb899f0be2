import test from 'ava';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

const root = join(import.meta.dirname, '../..');

test('the image starts the service with the Node flags and the environment of npm start', async (t) => {
  const { scripts } = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const words = scripts.start.split(' ');
  const flags = words.filter((word) => word.startsWith('--'));
  t.deepEqual(flags, ['--max-semi-space-size=16', '--heap-growing-percent=40']);
  const dockerfile = await readFile(join(root, 'Dockerfile'), 'utf8');
  const command = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
  t.deepEqual(JSON.parse(command ?? '[]'), ['node', ...flags, 'bootstrap/start.mjs']);
  // Set before Node starts (the C library reads it then): in the image's environment.
  const assignments = words.slice(0, words.indexOf('node'));
  t.deepEqual(assignments, ['MALLOC_ARENA_MAX=1']);
  const finalStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
  for (const assignment of assignments) t.regex(finalStage, new RegExp(`^\\s+(ENV )?${assignment}( \\\\)?$`, 'm'), `${assignment} in the image`);
});
