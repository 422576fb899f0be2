import test from 'ava';
import { RelationshipBackfill } from '../../../adapters/persistence/authorization/relationship-backfill.ts';
import { AUTHORIZATION } from '../../../bootstrap/authorization.tokens.ts';
import { BILLING } from '../../../bootstrap/billing.tokens.ts';
import { POLICY } from '../../../bootstrap/policy.tokens.ts';
import { PRODUCERS } from '../../../bootstrap/producers.tokens.ts';
import { UNDERWRITING } from '../../../bootstrap/underwriting.tokens.ts';
import type { Principal } from '../../../core/shared/access/principal.ts';
import { aRisk } from '../../support/mothers.ts';
import { MACHINE, useCaseWorld, aRegisteredProducer } from '../../support/use-cases.ts';

const ORG = 'org_backfill';

test('records written before the graph kept relationships get them from the backfill, once', async (t) => {
  const world = await useCaseWorld();
  t.teardown(world.close);
  const producer = await aRegisteredProducer(world, ORG, { id: 'usr_old', name: 'Olive Old', email: 'olive@example.com' });
  await (await world.resolve(PRODUCERS.ProducerRepository)).activateVerified(producer.id, new Date());
  const submission = await (await world.resolve(UNDERWRITING.Submissions)).create(MACHINE, ORG, { ...aRisk(), producerId: producer.id }, 'json');
  await (await world.resolve(UNDERWRITING.Quoting)).quote(ORG, submission.id);
  const policy = await (await world.resolve(POLICY.Binding)).bind(MACHINE, ORG, submission.id, 'QUARTERLY');
  // As a data directory of an earlier version has them: the records, no relationships.
  await world.store.collection('relationship_tuples').deleteMany({});
  const access = await world.resolve(AUTHORIZATION.RecordAccess);
  const agent: Principal = { kind: 'user', userId: 'usr_old', orgId: ORG, role: 'producer', via: 'jwt' };
  t.deepEqual(await access.visibleIds(agent, ORG, 'policy'), []);

  const backfill = new RelationshipBackfill(world.store, await world.resolve(AUTHORIZATION.RecordRelationships));
  const first = await backfill.run();
  t.true((first?.written ?? 0) >= 3, 'the producer, the submission and the policy');
  t.deepEqual(await access.visibleIds(agent, ORG, 'policy'), [policy.id]);
  const invoices = (await (await world.resolve(BILLING.InvoiceRepository)).list(ORG, { policyId: policy.id }, {})).data;
  await t.notThrowsAsync(access.assert(agent, ORG, 'invoice', invoices[0]!.id, 'viewer'), 'an invoice is reached through its policy');
  t.deepEqual(await access.visibleIds(agent, ORG, 'submission'), [submission.id]);
  t.is(await backfill.run(), null, 'a finished backfill does nothing again');
});
