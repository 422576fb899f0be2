import test from 'ava';
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

/** The contexts: one `bootstrap/<name>.module.ts` each (the list `bootstrap/container.ts` composes). */
const contexts = async (): Promise<string[]> =>
  (await readdir(join(root, 'bootstrap'))).filter((file) => file.endsWith('.module.ts')).map((file) => file.replace('.module.ts', ''));

const folders = async (tree: string): Promise<string[]> =>
  (await readdir(join(root, tree), { withFileTypes: true })).filter((entry) => entry.isDirectory()).map((entry) => entry.name);

/** Folders that are not a context: the shared kernel of each tree, and the store engines. */
const NOT_CONTEXTS: Readonly<Record<string, readonly string[]>> = {
  core: ['shared'],
  ports: ['shared'],
  'adapters/http': ['shared'],
  'adapters/persistence': ['shared', 'mongo', 'sqlite'],
  jobs: [],
  'test/core': ['shared'],
  'test/use-cases': [],
  'test/http': [],
};

test('every folder of core, ports, adapters/http, adapters/persistence, jobs and the tests of each is named after a context', async (t) => {
  const names = await contexts();
  t.true(names.includes('policy') && names.includes('billing'), 'the contexts were found');
  for (const [tree, others] of Object.entries(NOT_CONTEXTS)) {
    for (const folder of await folders(tree)) t.true(names.includes(folder) || others.includes(folder), `${tree}/${folder} is a context or shared`);
  }
});

test("a context's module is named after it, wires only its own context's use cases, stores and routes, and types its keys by ports", async (t) => {
  for (const name of await contexts()) {
    const module = await readFile(join(root, 'bootstrap', `${name}.module.ts`), 'utf8');
    t.true(module.includes(`name: '${name}',`), `${name}.module.ts declares the context '${name}'`);
    for (const [, path, owner] of module.matchAll(
      /^import (?!type )[^;]*from '\.\.\/((?:ports|adapters\/http|adapters\/persistence|jobs)\/([^/']+)\/[^']*)'/gm,
    )) {
      t.true(owner === name || owner === 'shared' || owner === 'mongo', `${name}.module.ts wires ${path}, which belongs to ${owner}`);
    }
    const tokens = await readFile(join(root, 'bootstrap', `${name}.tokens.ts`), 'utf8');
    t.false(/from '\.\.\/adapters\//.test(tokens), `${name}.tokens.ts types its keys by ports, not adapters`);
    t.true(tokens.includes(`in \`${name}.module.ts\``), `${name}.tokens.ts points to the module that binds its keys`);
  }
});

const require = createRequire(import.meta.url);
const { UPSTREAM } = require('../../.dependency-cruiser.contexts.cjs') as { UPSTREAM: Record<string, string[]> };

test('the declared upstreams name every context, form no circle, and docs/architecture.md shows the same table', async (t) => {
  t.deepEqual(Object.keys(UPSTREAM).sort(), (await contexts()).sort());
  const visiting = new Set<string>();
  const done = new Set<string>();
  const circle = (context: string, path: readonly string[]): string[] | null => {
    if (done.has(context)) return null;
    if (visiting.has(context)) return [...path, context];
    visiting.add(context);
    for (const upstream of UPSTREAM[context] ?? []) {
      t.true(upstream in UPSTREAM, `${context} builds on ${upstream}, which is a context`);
      const found = circle(upstream, [...path, context]);
      if (found) return found;
    }
    visiting.delete(context);
    done.add(context);
    return null;
  };
  for (const context of Object.keys(UPSTREAM)) t.is(circle(context, [])?.join(' → ') ?? null, null);
  const doc = await readFile(join(root, 'docs/architecture.md'), 'utf8');
  const rows = new Map(
    [...doc.matchAll(/^\| ([a-z-]+) \| ([a-z-, —]+) \|$/gm)].map(([, context, upstream]) => [
      context,
      upstream === '—' ? [] : (upstream as string).split(', '),
    ]),
  );
  t.deepEqual(Object.fromEntries(rows), UPSTREAM);
});
