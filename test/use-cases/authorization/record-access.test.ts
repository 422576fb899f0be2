import test from 'ava';
import { EmbeddedAuthorizationGraph } from '../../../adapters/authorization/embedded-authorization-graph.ts';
import { SqliteStore } from '../../../adapters/persistence/sqlite/sqlite-store.engine.ts';
import type { Principal } from '../../../core/shared/access/principal.ts';
import type { AuthorizationGraph } from '../../../ports/authorization/authorization-graph.port.ts';
import { everyPart, RecordAccess, type RecordParts } from '../../../ports/authorization/record-access.use-case.ts';
import { rejectionCodeOf } from '../../support/error-codes.ts';

const ORG = 'org_access';
const NO_PARTS: RecordParts = { wholeOf: async () => [] };

const counted = (graph: AuthorizationGraph) => {
  const calls = { check: 0 };
  const wrapped: AuthorizationGraph = {
    check: (orgId, request) => ((calls.check += 1), graph.check(orgId, request)),
    listObjects: (orgId, request) => graph.listObjects(orgId, request),
    write: (orgId, tuples) => graph.write(orgId, tuples),
    delete: (orgId, tuples) => graph.delete(orgId, tuples),
    knows: (orgId, object) => graph.knows(orgId, object),
  };
  return { calls, graph: wrapped };
};

const user = (userId: string, role: 'underwriter' | 'producer' | 'auditor'): Principal => ({ kind: 'user', userId, orgId: ORG, role, via: 'jwt' });

test('the whole-book reach of a role is asked of the graph once per role and relation; the records of a producer each time', async (t) => {
  const store = await SqliteStore.open();
  t.teardown(() => store.close());
  const { calls, graph } = counted(await EmbeddedAuthorizationGraph.create(store));
  await graph.write(ORG, [
    { object: 'producer:prd_1', relation: 'agent', user: 'user:usr_p' },
    { object: 'policy:pol_1', relation: 'producer', user: 'producer:prd_1' },
    { object: 'policy:pol_2', relation: 'organization', user: `organization:${ORG}` },
  ]);
  const access = new RecordAccess(graph, NO_PARTS);
  t.is(await access.visibleIds(user('usr_a', 'underwriter'), ORG, 'policy'), null);
  t.is(await access.visibleIds(user('usr_b', 'underwriter'), ORG, 'policy'), null);
  t.is(calls.check, 1, 'one question for every underwriter');
  t.deepEqual(await access.visibleIds(user('usr_p', 'producer'), ORG, 'policy'), ['pol_1']);
  await t.notThrowsAsync(access.assert(user('usr_p', 'producer'), ORG, 'policy', 'pol_1', 'viewer'));
  t.is(await rejectionCodeOf(access.assert(user('usr_p', 'producer'), ORG, 'policy', 'pol_2', 'viewer')), 'forbidden');
  t.is(await rejectionCodeOf(access.assert(user('usr_p', 'producer'), ORG, 'policy', 'pol_9', 'viewer')), 'not_found');
  await t.notThrowsAsync(access.assert(user('usr_c', 'auditor'), ORG, 'policy', 'pol_2', 'viewer'));
  t.is(await rejectionCodeOf(access.assert(user('usr_c', 'auditor'), ORG, 'policy', 'pol_2', 'editor')), 'forbidden', 'an auditor changes nothing');
});

test('a part is reached through its whole, and a part the organization does not have is 404', async (t) => {
  const store = await SqliteStore.open();
  t.teardown(() => store.close());
  const graph = await EmbeddedAuthorizationGraph.create(store);
  await graph.write(ORG, [
    { object: 'producer:prd_1', relation: 'agent', user: 'user:usr_p' },
    { object: 'policy:pol_1', relation: 'producer', user: 'producer:prd_1' },
    { object: 'policy:pol_2', relation: 'organization', user: `organization:${ORG}` },
  ]);
  const parts: RecordParts = {
    wholeOf: async (_orgId, _type, id) =>
      id === 'inv_missing' ? null : [{ object: `invoice:${id}`, relation: 'policy', user: id === 'inv_1' ? 'policy:pol_1' : 'policy:pol_2' }],
  };
  const access = new RecordAccess(graph, parts);
  await t.notThrowsAsync(access.assert(user('usr_p', 'producer'), ORG, 'invoice', 'inv_1', 'viewer'));
  t.is(await rejectionCodeOf(access.assert(user('usr_p', 'producer'), ORG, 'invoice', 'inv_2', 'viewer')), 'forbidden');
  t.is(await rejectionCodeOf(access.assert(user('usr_p', 'producer'), ORG, 'invoice', 'inv_missing', 'viewer')), 'not_found');
});

test('the parts contexts contribute answer as one: the first that knows the record answers, a record none has is none', async (t) => {
  const policyOf = (id: string) => [{ object: `invoice:${id}`, relation: 'policy', user: 'policy:pol_1' }];
  const silent = { wholeOf: async () => [] };
  const invoices = { wholeOf: async (_orgId: string, type: string, id: string) => (type !== 'invoice' ? [] : id === 'inv_1' ? policyOf(id) : null) };
  const parts = everyPart([silent, invoices]);
  t.deepEqual(await parts.wholeOf('org_1', 'invoice', 'inv_1'), policyOf('inv_1'));
  t.is(await parts.wholeOf('org_1', 'invoice', 'inv_missing'), null);
  t.deepEqual(await parts.wholeOf('org_1', 'policy', 'pol_1'), []);
  t.deepEqual(await everyPart([]).wholeOf('org_1', 'invoice', 'inv_1'), []);
});
