import anyTest, { type TestFn } from 'ava';
import { readFileSync } from 'node:fs';
import { EmbeddedAuthorizationGraph, PLATFORM_MODEL_JSON_PATH, PLATFORM_MODEL_PATH } from '../../adapters/authorization/embedded-authorization-graph.ts';
import { modelJsonOfDsl } from '../../adapters/authorization/fga-model-dsl.ts';
import { OpenFgaAuthorizationGraph } from '../../adapters/authorization/openfga-authorization-graph.ts';
import { SqliteStore } from '../../adapters/persistence/sqlite/sqlite-store.engine.ts';
import type { AuthorizationGraph } from '../../ports/authorization/authorization-graph.port.ts';
import { OpenFgaDouble } from '../support/openfga-double.ts';
import { authorizationGraphContract } from './authorization-graph.contract.ts';

const test = anyTest as TestFn<{ graph: AuthorizationGraph }>;
const closers: (() => Promise<void>)[] = [];

const suite = (title: string, make: () => Promise<AuthorizationGraph>) => {
  const scoped = ((name: string, fn: Parameters<typeof test>[1]) =>
    test(name, async (t) => {
      t.context = { graph: await make() };
      await (fn as (t: unknown) => Promise<void>)(t);
    })) as unknown as TestFn<{ graph: AuthorizationGraph }>;
  authorizationGraphContract(scoped, title);
};

suite('embedded engine', async () => {
  const store = await SqliteStore.open();
  closers.push(() => store.close());
  return EmbeddedAuthorizationGraph.create(store);
});

let double: Promise<OpenFgaDouble> | null = null;
suite('OpenFGA adapter against a loopback OpenFGA', async () => {
  double ??= (async () => {
    const server = new OpenFgaDouble();
    await server.start();
    server.createStore('01JBQ7ZK5T2VX8M4N6P3R9S0W1');
    closers.push(() => server.stop());
    return server;
  })();
  const server = await double;
  return OpenFgaAuthorizationGraph.create({ apiUrl: server.url, storeId: '01JBQ7ZK5T2VX8M4N6P3R9S0W1', apiToken: null });
});

test('the OpenFGA adapter speaks OpenFGA’s API: the model written once per start, writes that ignore duplicates, org-scoped ids', async (t) => {
  const server = new OpenFgaDouble();
  await server.start();
  t.teardown(() => server.stop());
  server.createStore('01JBQ7ZK5T2VX8M4N6P3R9S0W2');
  const graph = await OpenFgaAuthorizationGraph.create({ apiUrl: server.url, storeId: '01JBQ7ZK5T2VX8M4N6P3R9S0W2', apiToken: null });
  await graph.write('org_1', [{ object: 'policy:pol_1', relation: 'organization', user: 'organization:org_1' }]);
  await graph.write('org_1', [{ object: 'policy:pol_1', relation: 'organization', user: 'organization:org_1' }]);
  t.deepEqual(server.tuplesOf('01JBQ7ZK5T2VX8M4N6P3R9S0W2'), [{ object: 'policy:org_1|pol_1', relation: 'organization', user: 'organization:org_1|org_1' }]);
  const paths = server.requests.map((request) => request.path);
  t.is(paths.filter((path) => path.endsWith('/authorization-models')).length, 1);
  const writes = server.requests.filter((request) => request.path.endsWith('/write'));
  t.true(writes.every((request) => request.body.writes.on_duplicate === 'ignore' && typeof request.body.authorization_model_id === 'string'));
  await t.throwsAsync(OpenFgaAuthorizationGraph.create({ apiUrl: server.url, storeId: '01JBQ7ZK5T2VX8M4N6P3R9S0W3', apiToken: null }));
});

test('the embedded engine keeps a user that is its own object once, and reads tuples stored with it twice as before', async (t) => {
  const store = await SqliteStore.open();
  t.teardown(() => store.close());
  const graph = await EmbeddedAuthorizationGraph.create(store);
  await graph.write('org_1', [
    { object: 'policy:pol_1', relation: 'organization', user: 'organization:org_1' },
    { object: 'policy:pol_1', relation: 'claim_handler', user: 'claim:clm_1#assignee' },
  ]);
  const stored = await store.collection('relationship_tuples').find({}, { sort: { relation: 1 } });
  t.deepEqual(
    stored.map(({ _id, orgId, ...tuple }) => tuple),
    [
      { object: 'policy:pol_1', relation: 'claim_handler', user: 'claim:clm_1#assignee', userObject: 'claim:clm_1' },
      { object: 'policy:pol_1', relation: 'organization', userObject: 'organization:org_1' },
    ],
  );
  // A tuple written before holds its user and its object both.
  await store
    .collection('relationship_tuples')
    .insertOne({ _id: 'old', orgId: 'org_1', object: 'policy:pol_2', relation: 'organization', user: 'organization:org_1', userObject: 'organization:org_1' });
  t.deepEqual((await graph.listObjects('org_1', { type: 'policy', relation: 'organization', user: 'organization:org_1' })).sort(), [
    'policy:pol_1',
    'policy:pol_2',
  ]);
  t.true(await graph.check('org_1', { object: 'policy:pol_2', relation: 'organization', user: 'organization:org_1' }));
});

test.after.always(async () => {
  for (const close of closers) await close();
});

test('the model the service loads (model.json) is the DSL (model.fga) as OpenFGA reads it: run `npm run authorization:model` after editing the DSL', (t) => {
  t.deepEqual(JSON.parse(readFileSync(PLATFORM_MODEL_JSON_PATH, 'utf8')), modelJsonOfDsl(readFileSync(PLATFORM_MODEL_PATH, 'utf8')));
});

test('the embedded engine keeps a tuple under a short digest id; one stored under the whole tuple before still counts, and a delete removes both', async (t) => {
  const store = await SqliteStore.open();
  t.teardown(() => store.close());
  const graph = await EmbeddedAuthorizationGraph.create(store);
  const tuple = { object: 'policy:pol_1', relation: 'organization', user: 'organization:org_1' };
  await graph.write('org_1', [tuple]);
  const tuples = store.collection<{ _id: string; orgId: string }>('relationship_tuples');
  const [stored] = await tuples.find({});
  t.regex(stored?._id ?? '', /^[\w-]{22}$/);
  const legacy = {
    _id: 'org_1|policy:pol_2#organization@organization:org_1',
    orgId: 'org_1',
    ...tuple,
    object: 'policy:pol_2',
    userObject: 'organization:org_1',
  };
  await tuples.insertOne(legacy);
  t.true(await graph.check('org_1', { object: 'policy:pol_2', relation: 'organization', user: 'organization:org_1' }));
  // Written again under its digest: two rows for one relationship until it is deleted.
  await graph.write('org_1', [{ ...tuple, object: 'policy:pol_2' }]);
  await graph.delete('org_1', [{ ...tuple, object: 'policy:pol_2' }]);
  t.false(await graph.check('org_1', { object: 'policy:pol_2', relation: 'organization', user: 'organization:org_1' }));
  t.is(await tuples.countDocuments({}), 1);
});
