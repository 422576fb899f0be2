import test from 'ava';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

const root = join(import.meta.dirname, '../..');

test('the image starts the service with the Node flags of npm start', async (t) => {
  const { scripts } = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const flags = scripts.start.split(' ').filter((word) => word.startsWith('--'));
  t.deepEqual(flags, ['--max-semi-space-size=16']);
  const command = /^CMD (\[.*\])$/m.exec(await readFile(join(root, 'Dockerfile'), 'utf8'))?.[1];
  t.deepEqual(JSON.parse(command ?? '[]'), ['node', ...flags, 'bootstrap/start.mjs']);
});
