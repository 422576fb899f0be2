import test from 'ava';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';

const root = resolve(import.meta.dirname, '../..');

/** Relative paths written in source: `'../x'`, `"../../y"`, `` `../z` ``, and `join(…, '..', …)` pieces. */
const RELATIVE = /['"`]((?:\.\.\/)+[^'"`\s]*)['"`]/g;

test('nothing in the repository reaches outside it: every relative path a source file names resolves inside the clone', async (t) => {
  const { stdout } = await promisify(execFile)('git', ['ls-files', '*.ts', '*.cjs', '*.mjs', '*.js', '*.json', '*.sh', '.ci/run'], { cwd: root });
  const files = stdout.split('\n').filter((file) => file !== '' && !file.startsWith('node_modules/'));
  t.true(files.length > 100, `${files.length} files`);
  const outside: string[] = [];
  for (const file of files) {
    const text = await readFile(join(root, file), 'utf8');
    for (const [, path] of text.matchAll(RELATIVE)) {
      const target = relative(root, resolve(dirname(join(root, file)), path as string));
      if (target.startsWith('..')) outside.push(`${file}: ${path}`);
    }
  }
  t.deepEqual(outside, []);
});
