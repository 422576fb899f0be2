import test from 'ava';
import { POLICY } from '../../../bootstrap/policy.tokens.ts';
import { UNDERWRITING } from '../../../bootstrap/underwriting.tokens.ts';
import type { CollectionStore } from '../../../ports/shared/persistence/collection-store.port.ts';
import { rejectionCodeOf } from '../../support/error-codes.ts';
import { withFaults, type Fault } from '../../support/faulty-store.ts';
import { aRisk } from '../../support/mothers.ts';
import { aQuotedSubmission, MACHINE, useCaseWorld, type UseCaseWorld } from '../../support/use-cases.ts';

const ORG = 'org_quoting';

/** The submission's status and its quotes by status. */
const state = async (world: UseCaseWorld, submissionId: string) => {
  const quotes = await world.store.collection<{ _id: string; status: string }>('quotes').find({ orgId: ORG, submissionId });
  const submission = await (await world.resolve(UNDERWRITING.SubmissionRepository)).findById(ORG, submissionId);
  return { submission: submission?.status, quotes: quotes.map((quote) => quote.status).sort() };
};

// A quote is one write: the quote, its older siblings superseded and the submission's move.
for (const [step, fault] of [
  ['storing the quote', ['quotes', 1]],
  ['superseding the older quote', ['updateMany:quotes', 1]],
  ['moving the submission', ['updateOne:submissions', 1]],
] as const satisfies readonly (readonly [string, readonly [string, number | Fault]])[]) {
  test(`a failure ${step} keeps nothing of the quote: the older one stays active, the submission quoted`, async (t) => {
    const faults = new Map<string, number | Fault>();
    const world = await useCaseWorld({ store: (store: CollectionStore) => withFaults(store, faults) });
    t.teardown(world.close);
    const { submission } = await aQuotedSubmission(world, ORG, aRisk({ insuredName: 'Quoting Co' }));
    const before = await state(world, submission.id);
    t.deepEqual(before, { submission: 'quoted', quotes: ['active'] });
    faults.set(fault[0], fault[1]);
    const quoting = await world.resolve(UNDERWRITING.Quoting);
    t.is(await rejectionCodeOf(quoting.quote(ORG, submission.id)), 'unexpected');
    t.deepEqual(await state(world, submission.id), before);
    await quoting.quote(ORG, submission.id);
    t.deepEqual(await state(world, submission.id), { submission: 'quoted', quotes: ['active', 'superseded'] });
  });
}

test('a quote racing a bind of its submission: whichever lands first, no quote is left active beside a bound submission', async (t) => {
  const world = await useCaseWorld();
  t.teardown(world.close);
  for (let round = 0; round < 4; round += 1) {
    const { submission } = await aQuotedSubmission(world, ORG, aRisk({ insuredName: `Raced ${round} Co` }));
    const [bound] = await Promise.allSettled([
      (await world.resolve(POLICY.Binding)).bind(MACHINE, ORG, submission.id, 'PIF'),
      (await world.resolve(UNDERWRITING.Quoting)).quote(ORG, submission.id),
    ]);
    const after = await state(world, submission.id);
    const active = after.quotes.filter((status) => status === 'active').length;
    if (bound.status === 'fulfilled') t.deepEqual([after.submission, active], ['bound', 0]);
    else t.deepEqual([after.submission, active], ['quoted', 1]);
  }
});
