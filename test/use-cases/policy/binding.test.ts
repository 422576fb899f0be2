import test from 'ava';
import { POLICY } from '../../../bootstrap/policy.tokens.ts';
import { UNDERWRITING } from '../../../bootstrap/underwriting.tokens.ts';
import { cents } from '../../../core/shared/money.ts';
import type { CollectionStore } from '../../../ports/shared/persistence/collection-store.port.ts';
import { rejectionCodeOf, rejectionOf } from '../../support/error-codes.ts';
import type { Principal } from '../../../core/shared/access/principal.ts';
import { addDays, addMonths, type CalendarDate } from '../../../core/shared/calendar-date.ts';
import { withFaults, type Fault } from '../../support/faulty-store.ts';
import { aRisk } from '../../support/mothers.ts';
import { aQuotedSubmission, MACHINE, useCaseWorld, type UseCaseWorld } from '../../support/use-cases.ts';

/**
 * Binding over the in-memory engine: what a bind takes (the submission, its quote, the program's
 * aggregate) and writes is one atomic write, so a bind either issues a whole policy or leaves
 * everything as it found it.
 */
const ORG = 'org_bind';

const quoted = (world: UseCaseWorld, risk = aRisk({ insuredName: 'Binding Co' })) => aQuotedSubmission(world, ORG, risk);

/** What a bind holds or writes, read back: to compare before and after a failed bind. */
const state = async (world: UseCaseWorld, submissionId: string, quoteId: string) => ({
  submission: (await (await world.resolve(UNDERWRITING.SubmissionRepository)).findById(ORG, submissionId))?.status,
  quote: (await (await world.resolve(UNDERWRITING.QuoteRepository)).findById(ORG, quoteId))?.status,
  written: await (await world.resolve(UNDERWRITING.WrittenPremiumCounter)).written(ORG, 'default', 2027),
  policies: await world.store.collection('policies').countDocuments({ orgId: ORG }),
  invoices: await world.store.collection('invoices').countDocuments({ orgId: ORG }),
});

test('a bind with no quote, or a second bind, is invalid_transition and changes nothing', async (t) => {
  const world = await useCaseWorld();
  t.teardown(world.close);
  const binding = await world.resolve(POLICY.Binding);
  const submission = await (await world.resolve(UNDERWRITING.Submissions)).create(MACHINE, ORG, aRisk(), 'json');
  t.is(await rejectionCodeOf(binding.bind(MACHINE, ORG, submission.id, 'PIF')), 'invalid_transition');
  t.is(await rejectionCodeOf(binding.bind(MACHINE, ORG, 'sub_missing', 'PIF')), 'not_found');
  const { submission: other, quote } = await quoted(world);
  await binding.bind(MACHINE, ORG, other.id, 'PIF');
  const after = await state(world, other.id, quote.id);
  t.is(await rejectionCodeOf(binding.bind(MACHINE, ORG, other.id, 'PIF')), 'invalid_transition');
  t.deepEqual(await state(world, other.id, quote.id), after);
});

test('a quote beyond the program is not_bindable: the submission and quote stay as they were, nothing is reserved', async (t) => {
  const world = await useCaseWorld();
  t.teardown(world.close);
  const { submission, quote } = await quoted(world, aRisk({ requestedLimit: cents(900_000_000) }));
  t.false(quote.bindable);
  const before = await state(world, submission.id, quote.id);
  t.is(await rejectionCodeOf((await world.resolve(POLICY.Binding)).bind(MACHINE, ORG, submission.id, 'QUARTERLY')), 'not_bindable');
  t.deepEqual(await state(world, submission.id, quote.id), before);
});

for (const [step, fault] of [
  ['numbering the policy', ['findOneAndUpdate:sequences', 1]],
  ['storing its invoices', ['invoices', 1]],
  ['storing the policy', ['policies', 1]],
  ['posting its books', ['ledger_entries', 1]],
  ['superseding the other quotes', ['updateMany:quotes', 1]],
  ['raising the aggregate', ['updateOne:da_aggregates', { skip: 1, fail: 1 }]],
  ['moving the submission', ['updateOne:submissions', 1]],
] as const satisfies readonly (readonly [string, readonly [string, number | Fault]])[]) {
  test(`a failure ${step} keeps nothing of the bind: submission quoted, quote active, aggregate unmoved, nothing stored`, async (t) => {
    const faults = new Map<string, number | Fault>();
    const world = await useCaseWorld({ store: (store: CollectionStore) => withFaults(store, faults) });
    t.teardown(world.close);
    const { submission, quote } = await quoted(world);
    const before = await state(world, submission.id, quote.id);
    faults.set(fault[0], fault[1]);
    t.is(await rejectionCodeOf((await world.resolve(POLICY.Binding)).bind(MACHINE, ORG, submission.id, 'QUARTERLY')), 'unexpected');
    t.deepEqual(await state(world, submission.id, quote.id), before);
    // The same bind, once the store answers again, issues the policy.
    const policy = await (await world.resolve(POLICY.Binding)).bind(MACHINE, ORG, submission.id, 'QUARTERLY');
    t.like(await state(world, submission.id, quote.id), { submission: 'bound', quote: 'bound', written: quote.grossPremium, policies: 1, invoices: 4 });
    t.is(policy.grossPremium, quote.grossPremium);
  });
}

test('racing binds of one submission issue exactly one policy', async (t) => {
  const world = await useCaseWorld();
  t.teardown(world.close);
  const { submission, quote } = await quoted(world);
  const binding = await world.resolve(POLICY.Binding);
  const outcomes = await Promise.allSettled(Array.from({ length: 5 }, () => binding.bind(MACHINE, ORG, submission.id, 'PIF')));
  const issued = new Set(outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value.id] : [])));
  t.is(issued.size, 1);
  t.like(await state(world, submission.id, quote.id), { submission: 'bound', written: quote.grossPremium, policies: 1 });
});

test('new business starts within 30 days back and 18 months ahead; further back takes an underwriter’s authority, which a key never holds', async (t) => {
  const world = await useCaseWorld();
  t.teardown(world.close);
  // The world's clock: 2026-12-15.
  const admin: Principal = { kind: 'user', userId: 'usr_admin', orgId: ORG, role: 'org_admin', via: 'jwt' };
  const key: Principal = {
    kind: 'api_key',
    keyId: 'key_integration',
    orgId: ORG,
    scopes: ['submissions:read', 'submissions:write', 'policies:read', 'policies:write'],
    creator: { userId: 'usr_admin', role: 'org_admin' },
  };
  const binding = await world.resolve(POLICY.Binding);
  const tryBind = async (effectiveDate: CalendarDate, actor: Principal) => {
    const { submission } = await quoted(world, aRisk({ insuredName: `Window ${effectiveDate}`, effectiveDate }));
    return { submission, bound: binding.bind(actor, ORG, submission.id, 'PIF') };
  };
  t.like(await rejectionOf(quoted(world, aRisk({ effectiveDate: '2019-06-01' }))), {
    code: 'validation_failed',
    details: { field: 'effectiveDate', rule: 'rated' },
  });
  for (const effectiveDate of ['2099-01-01', addMonths('2026-12-16', 18)]) {
    const refused = await rejectionOf((await tryBind(effectiveDate, admin)).bound);
    t.like(refused, { code: 'effective_date_out_of_window', details: { effectiveDate, latest: addMonths('2026-12-15', 18) } }, effectiveDate);
  }
  const backdated = await tryBind(addDays('2026-12-15', -45), key);
  t.is(await rejectionCodeOf(backdated.bound), 'effective_date_out_of_window', 'an integration key holds no authority to backdate');
  t.is((await (await world.resolve(UNDERWRITING.SubmissionRepository)).findById(ORG, backdated.submission.id))?.status, 'quoted');
  t.is((await (await tryBind(addDays('2026-12-15', -45), admin)).bound).status, 'active', 'an administrator may backdate 45 days');
  t.is((await (await tryBind(addDays('2026-12-15', -29), key)).bound).status, 'active');
  t.is((await (await tryBind(addMonths('2026-12-15', 18), key)).bound).status, 'active', 'the last day of the window');
});
