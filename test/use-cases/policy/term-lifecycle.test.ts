import test from 'ava';
import { BILLING } from '../../../bootstrap/billing.tokens.ts';
import { POLICY } from '../../../bootstrap/policy.tokens.ts';
import { UNDERWRITING } from '../../../bootstrap/underwriting.tokens.ts';
import { cents } from '../../../core/shared/money.ts';
import { rejectionCodeOf, rejectionOf } from '../../support/error-codes.ts';
import { aRisk } from '../../support/mothers.ts';
import { SettableClock } from '../../support/settable-clock.ts';
import { aBoundPolicy, aQuotedSubmission, MACHINE, USE_CASE_START, useCaseWorld, type UseCaseWorld } from '../../support/use-cases.ts';

const ORG = 'org_terms';
/** A California plumber, revenue $2.5M, limit $2M, 2027: rated at $29,109.38 a year. */
const PLUMBER = aRisk({
  insuredName: 'Blue Pipe Plumbing LLC',
  naicsCode: '238220',
  annualRevenue: cents(250_000_000),
  requestedLimit: cents(200_000_000),
  state: 'CA',
});

const world = async (t: { teardown(fn: () => Promise<void>): void }, clock = new SettableClock(USE_CASE_START)) => {
  const made = await useCaseWorld({ clock });
  t.teardown(made.close);
  return { w: made, clock, lifecycle: await made.resolve(POLICY.PolicyLifecycle) };
};

const netBilling = async (w: UseCaseWorld, policyId: string) =>
  (await (await w.resolve(BILLING.InvoiceRepository)).forPolicy(ORG, policyId))
    .filter((invoice) => invoice.status !== 'void')
    .reduce((sum, invoice) => sum + invoice.amount, 0);

test('endorse, cancel short rate, and every move the table refuses after; the timeline and billing follow the premium kept', async (t) => {
  const { w, lifecycle } = await world(t);
  const { policy } = await aBoundPolicy(w, ORG, { risk: PLUMBER, plan: 'QUARTERLY' });
  t.is(policy.grossPremium, cents(2_910_938));
  const endorsement = await lifecycle.endorse(MACHINE, ORG, policy.id, {
    effectiveDate: '2027-07-02',
    changes: { annualRevenue: cents(500_000_000) },
    description: 'Revenue grew',
  });
  // New annual 58,218.75; difference 29,109.37 prorated over 183 of 365 days = 14,594.56
  t.like(endorsement, { policyId: policy.id, type: 'endorsement', effectiveDate: '2027-07-02', premiumDelta: 1_459_456 });
  t.like(await lifecycle.get(ORG, policy.id), { grossPremium: 5_821_875, risk: { annualRevenue: 500_000_000 } });

  t.is(await rejectionCodeOf(lifecycle.cancel(MACHINE, ORG, policy.id, { effectiveDate: '2029-01-01', reason: 'other' })), 'validation_failed');
  const cancelled = await lifecycle.cancel(MACHINE, ORG, policy.id, { effectiveDate: '2027-10-01', reason: 'insured_request' });
  // Written 43,703.94. Short rate after 273 days in force keeps 80 % of the annual 58,218.75
  // (46,575.00) against 43,544.43 pro rata: a penalty of 3,030.57. Kept 32,060.19; returned 11,643.75.
  t.like(cancelled, {
    status: 'cancelled',
    cancellation: { effectiveDate: '2027-10-01', reason: 'insured_request', method: 'short_rate', returnPremium: 1_164_375 },
  });

  const refusals = [
    lifecycle.endorse(MACHINE, ORG, policy.id, { effectiveDate: '2027-11-01', changes: { state: 'TX' } }),
    lifecycle.cancel(MACHINE, ORG, policy.id, { effectiveDate: '2027-11-01', reason: 'other' }),
    lifecycle.renew(MACHINE, ORG, policy.id),
  ];
  for (const refusal of refusals) t.is(await rejectionCodeOf(refusal), 'invalid_transition');

  const timeline = await lifecycle.timeline(ORG, policy.id);
  t.deepEqual(
    timeline.map((entry) => [entry.type, entry.premiumDelta]),
    [
      ['bind', 2_910_938],
      ['endorsement', 1_459_456],
      ['cancellation', -1_164_375],
    ],
  );
  t.is(await netBilling(w, policy.id), 2_910_938 + 1_459_456 - 1_164_375, 'billing comes to the premium kept');
  const voided = (await (await w.resolve(BILLING.InvoiceRepository)).forPolicy(ORG, policy.id)).filter((invoice) => invoice.status === 'void');
  t.deepEqual(
    voided.map((invoice) => invoice.dueDate),
    ['2027-10-01'],
    'the installment falling due from the cancellation date is void',
  );
});

test('a flat cancellation after inception is refused; reinstatement closes 30 days after the cancellation was made, whatever its effective date', async (t) => {
  const { lifecycle, clock, w } = await world(t);
  const { policy } = await aBoundPolicy(w, ORG, { risk: PLUMBER, plan: 'PIF' });
  const flat = lifecycle.cancel(MACHINE, ORG, policy.id, { effectiveDate: '2027-02-01', reason: 'underwriting', method: 'flat' });
  t.is(await rejectionCodeOf(flat), 'flat_cancellation_after_inception');
  await lifecycle.cancel(MACHINE, ORG, policy.id, { effectiveDate: '2027-02-01', reason: 'underwriting' });
  clock.set('2027-01-15T12:00:00Z');
  t.like(await rejectionOf(lifecycle.reinstate(MACHINE, ORG, policy.id)), { code: 'invalid_transition' }, 'made 31 days ago: the window has closed');
  t.is((await lifecycle.get(ORG, policy.id)).status, 'cancelled');
});

test('reinstatement within the window restores the premium; a renewal in the last 90 days links both ways, once', async (t) => {
  const { lifecycle, clock, w } = await world(t);
  const { policy } = await aBoundPolicy(w, ORG, { risk: { ...PLUMBER, effectiveDate: '2026-12-15' }, plan: 'PIF' });
  const cancelled = await lifecycle.cancel(MACHINE, ORG, policy.id, { effectiveDate: '2026-12-15', reason: 'non_payment' });
  t.like(cancelled.cancellation, { method: 'flat', returnPremium: policy.grossPremium }, 'from the term’s first day a cancellation is flat');
  t.like(await lifecycle.reinstate(MACHINE, ORG, policy.id), { status: 'active', cancellation: null });
  t.is(await netBilling(w, policy.id), policy.grossPremium);
  t.is(await rejectionCodeOf(lifecycle.renew(MACHINE, ORG, policy.id)), 'renewal_window_closed', 'a term is renewed in its last 90 days only');
  clock.set('2027-11-15T12:00:00Z');
  const renewal = await lifecycle.renew(MACHINE, ORG, policy.id);
  t.like(renewal, { renewalOf: policy.id, effectiveDate: '2027-12-15', status: 'active' });
  t.not(renewal.policyNumber, policy.policyNumber);
  t.is((await lifecycle.get(ORG, policy.id)).renewedBy, renewal.id);
  t.not(await rejectionCodeOf(lifecycle.renew(MACHINE, ORG, policy.id)), null, 'renewed once');
  t.deepEqual(
    (await lifecycle.timeline(ORG, policy.id)).map((entry) => entry.type),
    ['bind', 'cancellation', 'reinstatement', 'renewal'],
  );
});

test('what bind would refuse is said first by the quote and by readiness, with the code bind answers', async (t) => {
  const { w } = await world(t);
  const quoting = await w.resolve(UNDERWRITING.Quoting);
  const { submission, quote } = await aQuotedSubmission(w, ORG, { ...PLUMBER, effectiveDate: '2030-01-01', requestedLimit: cents(600_000_000) });
  t.false(quote.bindable, '`bindable` stays the delegated-authority verdict');
  const blockers = await quoting.blockersOf(MACHINE, ORG, quote);
  t.deepEqual(
    blockers.map((blocker) => blocker.error),
    ['effective_date_out_of_window', 'not_bindable'],
  );
  const readiness = await quoting.readiness(MACHINE, ORG, submission.id);
  t.like(readiness, { bindingReady: false, quoteId: quote.id });
  t.deepEqual(readiness.blockers, blockers);
  const refused = await rejectionOf((await w.resolve(POLICY.Binding)).bind(MACHINE, ORG, submission.id, 'PIF'));
  t.is(refused?.code, blockers[0]?.error);
  const fine = await aQuotedSubmission(w, ORG, PLUMBER);
  t.deepEqual(await quoting.blockersOf(MACHINE, ORG, fine.quote), []);
});

test('20 binds racing near the aggregate cap: as many as it holds are bound, the rest refused, the cap never exceeded', async (t) => {
  const { w } = await world(t);
  const quoted = await Promise.all(Array.from({ length: 20 }, (_, n) => aQuotedSubmission(w, ORG, { ...PLUMBER, insuredName: `Racer ${n}` })));
  const cap = 50_000_000_00;
  const premium = 2_910_938;
  // Room for exactly five more policies of this premium.
  await w.store
    .collection('da_aggregates')
    .insertOne({ _id: `${ORG}:default:2027`, orgId: ORG, programId: 'default', year: 2027, written: cap - 5 * premium - 100 });
  const binding = await w.resolve(POLICY.Binding);
  const results = await Promise.allSettled(quoted.map(({ submission }) => binding.bind(MACHINE, ORG, submission.id, 'PIF')));
  t.is(results.filter((result) => result.status === 'fulfilled').length, 5);
  const refused = await Promise.all(results.filter((result) => result.status === 'rejected').map((result) => rejectionOf(Promise.reject(result.reason))));
  t.is(refused.length, 15);
  t.true(refused.every((refusal) => refusal?.code === 'not_bindable'));
  const total = await w.store.collection<{ _id: string; written: number }>('da_aggregates').findOne({ _id: `${ORG}:default:2027` });
  t.is(total?.written, cap - 100);
});

test('a policy number already taken refuses the bind as a duplicate and keeps nothing of it; the next bind takes the next number', async (t) => {
  const { w } = await world(t);
  await w.store.collection('policies').insertOne({ _id: 'pol_000000000000imported', orgId: ORG, policyNumber: 'GL-2027-000001', status: 'active' });
  const { submission } = await aQuotedSubmission(w, ORG, PLUMBER);
  const binding = await w.resolve(POLICY.Binding);
  t.is(await rejectionCodeOf(binding.bind(MACHINE, ORG, submission.id, 'PIF')), 'duplicate');
  const total = await w.store.collection<{ _id: string; written: number }>('da_aggregates').findOne({ _id: `${ORG}:default:2027` });
  t.is(total?.written ?? 0, 0, 'nothing reserved');
  t.is(await w.store.collection('invoices').countDocuments({ orgId: ORG }), 0, 'no invoice kept');
  t.is((await (await w.resolve(UNDERWRITING.Submissions)).get(ORG, submission.id)).status, 'quoted');
  const retried = await binding.bind(MACHINE, ORG, submission.id, 'PIF');
  t.is(retried.policyNumber, 'GL-2027-000002');
});
