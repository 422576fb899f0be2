import test from 'ava';
import { execFile } from 'node:child_process';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';

const root = resolve(import.meta.dirname, '../..');
const depcruise = join(root, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs');
const config = join(root, '.dependency-cruiser.cjs');

const cruise = async (cwd: string): Promise<string> => {
  try {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [depcruise, 'core', 'ports', 'adapters', 'bootstrap', '--config', config, '--output-type', 'err'],
      { cwd },
    );
    return stdout;
  } catch (error) {
    return (error as { stdout: string }).stdout;
  }
};

// `npm test` runs the same rules over the whole tree (`npm run deps`); this proves they bite.
test('the dependency rules refuse each kind of violation', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'deps-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const files: Record<string, string> = {
    'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'nodenext', allowImportingTsExtensions: true, noEmit: true } }),
    'core/a.ts': "import { b } from './b.ts';\nimport { x } from '../adapters/http/x.ts';\nexport const a = b + x;\n",
    'core/b.ts': "import { a } from './a.ts';\nexport const b = 1 + a;\n",
    'ports/p.ts': "import { y } from '../adapters/persistence/y.ts';\nexport const p = y;\n",
    'adapters/http/x.ts': "import { y } from '../persistence/y.ts';\nexport const x = y;\n",
    'adapters/persistence/y.ts': "import { main } from '../../bootstrap/main.ts';\nexport const y = main;\n",
    'adapters/persistence/unused.ts': 'export const unused = 1;\n',
    'bootstrap/main.ts': "import { p } from '../ports/p.ts';\nexport const main = 1;\nexport const all = p;\n",
  };
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  const report = await cruise(dir);
  for (const rule of ['no-circular', 'no-orphans', 'core-is-pure', 'ports-see-core-only', 'no-bootstrap-below', 'adapter-families-apart']) {
    t.true(report.includes(rule), `${rule} is reported:\n${report}`);
  }
});

test('a context reaches only its declared upstreams, and those only through their domain model, declared ports and HTTP representations', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'contexts-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const files: Record<string, string> = {
    'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'nodenext', allowImportingTsExtensions: true, noEmit: true } }),
    'core/billing/invoice.ts': 'export const invoice = 1;\n',
    'ports/billing/invoice.repository.ts': 'export const invoices = 1;\n',
    'ports/billing/helper.ts': 'export const helper = 1;\n',
    'adapters/http/billing/invoice.views.ts': 'export const view = 1;\n',
    'adapters/http/billing/invoices.routes.ts': 'export const routes = 1;\n',
    'ports/shared/clock.port.ts': 'export const clock = 1;\n',
    'ports/policy/allowed.use-case.ts': [
      "import { invoice } from '../../core/billing/invoice.ts';",
      "import { invoices } from '../billing/invoice.repository.ts';",
      "import { clock } from '../shared/clock.port.ts';",
      'export const allowed = invoice + invoices + clock;',
    ].join('\n'),
    'ports/policy/refused.use-case.ts': "import { helper } from '../billing/helper.ts';\nexport const refused = helper;\n",
    'adapters/http/policy/allowed.routes.ts': "import { view } from '../billing/invoice.views.ts';\nexport const allowed = view;\n",
    'adapters/http/policy/refused.routes.ts': "import { routes } from '../billing/invoices.routes.ts';\nexport const refused = routes;\n",
    'ports/billing/upstream.use-case.ts': "import { allowed } from '../policy/allowed.use-case.ts';\nexport const upstream = allowed;\n",
    'bootstrap/main.ts': [
      "import { allowed } from '../ports/policy/allowed.use-case.ts';",
      "import { refused } from '../ports/policy/refused.use-case.ts';",
      "import { allowed as a } from '../adapters/http/policy/allowed.routes.ts';",
      "import { refused as r } from '../adapters/http/policy/refused.routes.ts';",
      "import { upstream } from '../ports/billing/upstream.use-case.ts';",
      'export const all = [allowed, refused, a, r, upstream];',
    ].join('\n'),
  };
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  const report = (await cruise(dir)).split('\n');
  const refusedBy = (rule: string) =>
    report
      .filter((line) => line.includes(`${rule}:`))
      .map((line) => line.replace(/^.*: /, '').trim())
      .sort();
  t.deepEqual(refusedBy('contexts-apart'), [
    'adapters/http/policy/refused.routes.ts → adapters/http/billing/invoices.routes.ts',
    'ports/policy/refused.use-case.ts → ports/billing/helper.ts',
  ]);
  t.deepEqual(refusedBy('declared-upstreams'), ['ports/billing/upstream.use-case.ts → ports/policy/allowed.use-case.ts'], 'billing does not build on policy');
});

/** Groups of folders that import each other round in a circle (strongly connected, more than one). */
const circles = (edges: ReadonlyMap<string, readonly string[]>): string[][] => {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) as number);
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (stack.includes(next)) low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop() as string;
        group.push(member);
      } while (member !== node);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return found;
};

test('bounded contexts do not import each other in circles (core/<context>, ports/<context>, adapters/<family>)', async (t) => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [depcruise, 'core', 'ports', 'adapters', '--config', config, '--collapse', '^(core|ports|adapters)/[^/]+', '--output-type', 'json'],
    { cwd: root, maxBuffer: 64 * 1024 * 1024 },
  );
  const modules = (JSON.parse(stdout) as { modules: { source: string; dependencies: { resolved: string }[] }[] }).modules;
  const edges = new Map(
    modules.map((module) => [module.source, module.dependencies.map((dependency) => dependency.resolved).filter((target) => target !== module.source)]),
  );
  t.true(edges.has('ports/billing') && edges.has('core/policy'), 'the contexts were found');
  t.deepEqual(circles(edges), []);
  t.deepEqual(
    circles(
      new Map([
        ['ports/a', ['ports/b']],
        ['ports/b', ['ports/c']],
        ['ports/c', ['ports/a']],
      ]),
    ),
    [['ports/a', 'ports/b', 'ports/c']],
    'a circle is found',
  );
});
