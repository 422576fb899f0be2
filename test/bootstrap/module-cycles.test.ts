import test from 'ava';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteStore } from '../../adapters/persistence/sqlite/sqlite-store.engine.ts';
import { loadConfig } from '../../bootstrap/config.ts';
import { contextModules } from '../../bootstrap/container.ts';
import { createLogger } from '../../bootstrap/logger.ts';
import type { Dependencies, Wire } from '../../bootstrap/wiring.ts';

/**
 * Static imports are checked by dependency-cruiser; what a module's factories ask of another
 * module's tokens is read here, and no such run-time dependency may close a cycle. A context that
 * needs something of a context downstream of it takes contributions instead (`wire.contribute`,
 * read with `allOf`): billing reads policies, tenancy whether a book holds policies, quoting and
 * binding referral approvals, cancellation reported losses, the policy and claim stores the
 * figures kept with them, authorization the parts of records, each through a key of its own.
 */
const KNOWN_CYCLE_EDGES: string[] = [];

const dependedOn = (dependencies: Dependencies): symbol[] =>
  Object.values(dependencies).map((dependency) => (typeof dependency === 'object' ? (dependency.all as symbol) : (dependency as symbol)));

/** The edges of a directed graph that lie on a cycle: both ends in one strongly connected component (Tarjan). */
const edgesOnCycles = (edges: ReadonlyMap<string, ReadonlySet<string>>): string[] => {
  const order = new Map<string, number>();
  const lowest = new Map<string, number>();
  const component = new Map<string, number>();
  const stack: string[] = [];
  let next = 0;
  const visit = (node: string): void => {
    order.set(node, next);
    lowest.set(node, next);
    next += 1;
    stack.push(node);
    for (const to of edges.get(node) ?? []) {
      if (!order.has(to)) visit(to);
      if (!component.has(to)) lowest.set(node, Math.min(lowest.get(node) as number, lowest.get(to) as number));
    }
    if (lowest.get(node) !== order.get(node)) return;
    let member: string;
    do {
      member = stack.pop() as string;
      component.set(member, order.get(node) as number);
    } while (member !== node);
  };
  for (const node of edges.keys()) if (!order.has(node)) visit(node);
  return [...edges].flatMap(([from, tos]) => [...tos].filter((to) => component.get(from) === component.get(to)).map((to) => `${from} -> ${to}`)).sort();
};

test('no run-time cycle between context modules: what their factories ask of each other closes none', async (t) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'module-cycles-'));
  t.teardown(() => rm(dataDir, { recursive: true, force: true }));
  const store = await SqliteStore.open();
  t.teardown(() => store.close());
  const config = loadConfig({ DATA_DIR: dataDir, API_SECRET: 'a'.repeat(40), JWT_SECRET: 'b'.repeat(40) });
  const owner = new Map<symbol, string>();
  const asked = new Map<string, symbol[]>();
  for (const module of contextModules(config, store, createLogger('silent'))) {
    const mine: symbol[] = [];
    asked.set(module.name, mine);
    const recording: Wire = {
      value: (key) => void owner.set(key, module.name),
      factory: (key, dependencies) => {
        owner.set(key, module.name);
        mine.push(...dependedOn(dependencies));
      },
      // A contribution belongs to the token's own module; what it asks for is still this module's.
      contribute: (_key, dependencies) => void mine.push(...dependedOn(dependencies)),
    };
    module.bindings.register(recording);
  }
  const edges = new Map<string, Set<string>>();
  for (const [from, tokens] of asked) {
    const tos = new Set(tokens.map((token) => owner.get(token)).filter((to): to is string => to !== undefined && to !== from));
    edges.set(from, tos);
  }
  t.true((edges.get('policy')?.size ?? 0) > 0, 'the modules’ dependencies were read');
  t.deepEqual(edgesOnCycles(edges), KNOWN_CYCLE_EDGES);
});
