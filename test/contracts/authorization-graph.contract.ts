import type { TestFn } from 'ava';
import { randomUUID } from 'node:crypto';
import type { AuthorizationGraph } from '../../ports/authorization/authorization-graph.port.ts';

/** One suite for every AuthorizationGraph adapter, over the platform's own model. */
export const authorizationGraphContract = (test: TestFn<{ graph: AuthorizationGraph }>, title: string): void => {
  /** A fresh organization with a producer whose agent is `user:{agent}` and a policy of it, under fresh ids. */
  const book = async (graph: AuthorizationGraph) => {
    const n = randomUUID().slice(0, 8);
    const ids = { org: `org_${n}`, producer: `prd_${n}`, agent: `usr_agent${n}`, policy: `pol_${n}`, invoice: `inv_${n}` };
    await graph.write(ids.org, [
      { object: `producer:${ids.producer}`, relation: 'agent', user: `user:${ids.agent}` },
      { object: `policy:${ids.policy}`, relation: 'organization', user: `organization:${ids.org}` },
      { object: `policy:${ids.policy}`, relation: 'producer', user: `producer:${ids.producer}` },
      { object: `invoice:${ids.invoice}`, relation: 'policy', user: `policy:${ids.policy}` },
    ]);
    return ids;
  };

  test(`${title}: a producer's agent reaches its policies and their invoices, nobody else does`, async (t) => {
    const { graph } = t.context;
    const ids = await book(graph);
    t.true(await graph.check(ids.org, { object: `policy:${ids.policy}`, relation: 'viewer', user: `user:${ids.agent}` }));
    t.true(await graph.check(ids.org, { object: `invoice:${ids.invoice}`, relation: 'viewer', user: `user:${ids.agent}` }));
    t.false(await graph.check(ids.org, { object: `policy:${ids.policy}`, relation: 'viewer', user: 'user:usr_stranger' }));
    t.deepEqual(await graph.listObjects(ids.org, { type: 'policy', relation: 'viewer', user: `user:${ids.agent}` }), [`policy:${ids.policy}`]);
    t.deepEqual(await graph.listObjects(ids.org, { type: 'invoice', relation: 'viewer', user: `user:${ids.agent}` }), [`invoice:${ids.invoice}`]);
  });

  test(`${title}: a role given with the request reaches the organization's whole book, and only for that request`, async (t) => {
    const { graph } = t.context;
    const ids = await book(graph);
    const role = [{ object: `organization:${ids.org}`, relation: 'underwriter', user: 'user:usr_uw' }];
    t.true(await graph.check(ids.org, { object: `organization:${ids.org}`, relation: 'staff', user: 'user:usr_uw', contextualTuples: role }));
    t.true(await graph.check(ids.org, { object: `policy:${ids.policy}`, relation: 'editor', user: 'user:usr_uw', contextualTuples: role }));
    t.false(await graph.check(ids.org, { object: `policy:${ids.policy}`, relation: 'viewer', user: 'user:usr_uw' }));
    const auditor = [{ object: `organization:${ids.org}`, relation: 'auditor', user: 'user:usr_au' }];
    t.true(await graph.check(ids.org, { object: `policy:${ids.policy}`, relation: 'viewer', user: 'user:usr_au', contextualTuples: auditor }));
    t.false(
      await graph.check(ids.org, { object: `policy:${ids.policy}`, relation: 'editor', user: 'user:usr_au', contextualTuples: auditor }),
      'auditors read only',
    );
  });

  test(`${title}: organizations never meet, even under the same record ids`, async (t) => {
    const { graph } = t.context;
    const a = await book(graph);
    const b = `org_${randomUUID().slice(0, 8)}`;
    await graph.write(b, [{ object: `policy:${a.policy}`, relation: 'producer', user: 'producer:prd_b' }]);
    await graph.write(b, [{ object: 'producer:prd_b', relation: 'agent', user: `user:${a.agent}` }]);
    t.true(await graph.knows(a.org, `policy:${a.policy}`));
    t.false(await graph.knows(a.org, 'policy:pol_never'));
    t.false(await graph.knows(b, `invoice:${a.invoice}`), 'another organization’s record is unknown');
    t.deepEqual(await graph.listObjects(b, { type: 'invoice', relation: 'viewer', user: `user:${a.agent}` }), []);
    t.false(await graph.check(b, { object: `invoice:${a.invoice}`, relation: 'viewer', user: `user:${a.agent}` }));
  });

  test(`${title}: writes are idempotent, deletes take a relationship away, invalid tuples are refused`, async (t) => {
    const { graph } = t.context;
    const ids = await book(graph);
    const agent = { object: `producer:${ids.producer}`, relation: 'agent', user: `user:${ids.agent}` };
    await graph.write(ids.org, [agent]);
    await graph.delete(ids.org, [agent]);
    await graph.delete(ids.org, [agent]);
    t.false(await graph.check(ids.org, { object: `policy:${ids.policy}`, relation: 'viewer', user: `user:${ids.agent}` }));
    await t.throwsAsync(graph.write(ids.org, [{ object: `policy:${ids.policy}`, relation: 'owner', user: `user:${ids.agent}` }]));
    await t.throwsAsync(graph.write(ids.org, [{ object: `policy:${ids.policy}`, relation: 'producer', user: `user:${ids.agent}` }]));
  });
};
