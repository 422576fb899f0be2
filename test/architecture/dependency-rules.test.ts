import test from 'ava';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

const importsOf = (file: string): string[] =>
  [...readFileSync(file, 'utf8').matchAll(IMPORT)].map((match) => match[1] ?? match[2] ?? match[3] ?? '');

/** Where an import lands: a top-level folder of the project, or `package:<name>`. */
const target = (file: string, specifier: string): string => {
  if (!specifier.startsWith('.')) return `package:${specifier}`;
  return relative(root, resolve(dirname(file), specifier)).split('/')[0] ?? '';
};

const violations = (layer: string, allowed: (destination: string) => boolean): string[] =>
  sourceFiles(join(root, layer)).flatMap((file) =>
    importsOf(file)
      .filter((specifier) => !allowed(target(file, specifier)))
      .map((specifier) => `${relative(root, file)} imports ${specifier}`),
  );

test('core/ imports nothing outside core/', (t) => {
  t.deepEqual(violations('core', (destination) => destination === 'core'), []);
});

test('ports/ imports only core/ (and other ports)', (t) => {
  t.deepEqual(violations('ports', (destination) => destination === 'core' || destination === 'ports'), []);
});

test('adapters/ and jobs/ never import bootstrap/', (t) => {
  const notBootstrap = (destination: string) => destination !== 'bootstrap';
  t.deepEqual([...violations('adapters', notBootstrap), ...violations('jobs', notBootstrap)], []);
});

test('the import scan sees imports (a check that cannot fail is no check)', (t) => {
  const sample = join(root, 'ports/identity/authenticate.use-case.ts');
  t.true(importsOf(sample).some((specifier) => specifier.includes('core/identity')));
  t.is(target(sample, 'restify'), 'package:restify');
  t.is(target(sample, '../../adapters/x.ts'), 'adapters');
});
