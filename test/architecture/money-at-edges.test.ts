import test from 'ava';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const root = resolve(import.meta.dirname, '../..');

/**
 * Money is integer cents inside: `core/` and `ports/` convert only through `core/shared/money.ts`
 * (`centsToDollars`, `dollarsToCents`, `roundToCents`, `formatDollars`). A division or product by
 * 100 there is a percentage or a ratio, and the line says so.
 */
const CONVERSION = /[/*]\s*100\b(?!_)|toFixed\(2\)/;
const NOT_MONEY = /percent|Percent|confidence|ratio/;

test('core and ports convert money only through core/shared/money.ts', async (t) => {
  const { stdout } = await promisify(execFile)('git', ['ls-files', 'core/*.ts', 'ports/*.ts'], { cwd: root });
  const files = stdout.split('\n').filter((file) => file !== '' && file !== 'core/shared/money.ts');
  t.true(files.length > 100, `${files.length} files`);
  const found: string[] = [];
  for (const file of files) {
    const lines = (await readFile(join(root, file), 'utf8')).split('\n');
    lines.forEach((line, index) => {
      if (CONVERSION.test(line) && !NOT_MONEY.test(line)) found.push(`${file}:${index + 1}: ${line.trim()}`);
    });
  }
  t.deepEqual(found, []);
  t.true(CONVERSION.test('const dollars = amount / 100;') && CONVERSION.test('amount.toFixed(2)'), 'the check finds a hand conversion');
});
