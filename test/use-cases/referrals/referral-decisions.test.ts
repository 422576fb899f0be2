import test from 'ava';
import { AUDIT } from '../../../bootstrap/audit.tokens.ts';
import { POLICY } from '../../../bootstrap/policy.tokens.ts';
import { REFERRALS } from '../../../bootstrap/referrals.tokens.ts';
import { UNDERWRITING } from '../../../bootstrap/underwriting.tokens.ts';
import type { Principal } from '../../../core/shared/access/principal.ts';
import { cents } from '../../../core/shared/money.ts';
import type { ProgramTerms } from '../../../core/underwriting/program-terms.ts';
import { anyApproval } from '../../../ports/underwriting/referral-approvals.port.ts';
import { rejectionCodeOf, rejectionOf } from '../../support/error-codes.ts';
import { aProgramTerms, aRisk } from '../../support/mothers.ts';
import { aQuotedSubmission, aStoredPerson, MACHINE, useCaseWorld, type UseCaseWorld } from '../../support/use-cases.ts';

/** Referrals take a quote or a submission past what the program or triage would refuse, decided by someone with the authority. */
const ORG = 'org_referrals';

const terms = (overrides: Partial<ProgramTerms> = {}): ProgramTerms => aProgramTerms({ minimumEarnedPremiumPercent: 30, ...overrides });

const world = async (t: { teardown(fn: () => Promise<void>): void }, program: Partial<ProgramTerms> | null) => {
  const made = await useCaseWorld();
  t.teardown(made.close);
  const programs = await made.resolve(UNDERWRITING.Programs);
  const created = program ? await programs.create(MACHINE, ORG, terms(program)) : null;
  return {
    w: made,
    programs,
    programId: created?.id ?? null,
    referrals: await made.resolve(REFERRALS.Referrals),
    bind: async (submissionId: string) => (await made.resolve(POLICY.Binding)).bind(MACHINE, ORG, submissionId, 'PIF'),
  };
};

const refer = async (w: UseCaseWorld, actor: Principal, entityType: 'quote' | 'submission', entityId: string, assigneeId?: string) =>
  (await w.resolve(REFERRALS.Referrals)).create(actor, ORG, { entityType, entityId, reason: 'Outside authority', ...(assigneeId ? { assigneeId } : {}) });

/** Under the narrow program ($1,000 premium authority), the default risk (about $2,774) is flagged. */
const NARROW = { maxPremiumPerRisk: cents(100_000), aggregateCap: cents(2_000_000) };

test('a quote over the premium authority binds once an underwriter approves its referral, recorded with the approver; a decided referral is not decided again', async (t) => {
  const { w, referrals, bind } = await world(t, NARROW);
  const underwriter = await aStoredPerson(w, ORG, 'underwriter', 'uma');
  const { submission, quote } = await aQuotedSubmission(w, ORG, aRisk());
  t.deepEqual(
    quote.daFlags.map((flag) => flag.code),
    ['premium_exceeded'],
  );
  t.is(await rejectionCodeOf(bind(submission.id)), 'not_bindable');
  const referral = await refer(w, MACHINE, 'quote', quote.id, underwriter.userId);
  t.like(referral, { status: 'pending', entityType: 'quote', entityId: quote.id, assigneeId: underwriter.userId });
  const quoting = await w.resolve(UNDERWRITING.Quoting);
  t.true((await quoting.readiness(MACHINE, ORG, submission.id)).missing.includes('da:premium_exceeded'));
  const approved = await referrals.decide(underwriter, ORG, referral.id, 'approve', 'Loss history is clean');
  t.like(approved, { status: 'approved', approvedOverrides: ['premium_exceeded'], decisions: [{ decision: 'approve', notes: 'Loss history is clean' }] });
  t.true((await quoting.readiness(MACHINE, ORG, submission.id)).bindingReady);
  t.is((await bind(submission.id)).status, 'active');
  t.is(await rejectionCodeOf(referrals.decide(underwriter, ORG, referral.id, 'reject', null)), 'invalid_transition');
  const audit = await (await w.resolve(AUDIT.AuditLog)).list(ORG, { limit: 50 }, { action: 'referral.approved' });
  t.like(audit.data[0], { actor: `user:${underwriter.userId}`, targetType: 'quote', targetId: quote.id });
});

test('approving past the program’s states takes senior authority, never one’s own referral; information can be asked first', async (t) => {
  const { w, referrals, bind } = await world(t, NARROW);
  const underwriter = await aStoredPerson(w, ORG, 'underwriter', 'uma');
  const senior = await aStoredPerson(w, ORG, 'org_admin', 'senior');
  const raiser = await aStoredPerson(w, ORG, 'org_admin', 'raiser');
  const { submission, quote } = await aQuotedSubmission(w, ORG, aRisk({ state: 'KY', annualRevenue: cents(40_000_000) }));
  t.deepEqual(
    quote.daFlags.map((flag) => flag.code),
    ['state_not_allowed'],
  );
  const referral = await refer(w, raiser, 'quote', quote.id);
  t.like(await rejectionOf(referrals.decide(underwriter, ORG, referral.id, 'approve', null)), {
    code: 'forbidden',
    details: { requiredAuthority: 'authority_senior' },
  });
  t.like(await referrals.decide(underwriter, ORG, referral.id, 'request_info', 'Why Kentucky?'), { status: 'info_requested' });
  t.like(
    await rejectionOf(referrals.decide(raiser, ORG, referral.id, 'approve', null)),
    { code: 'forbidden', details: { rule: 'four_eyes' } },
    'not its own referral',
  );
  t.like(await referrals.decide(senior, ORG, referral.id, 'approve', null), { status: 'approved', approvedOverrides: ['state_not_allowed'] });
  t.is((await bind(submission.id)).status, 'active');
});

test('a submission triage declined binds after its referral is approved, by someone other than who raised it', async (t) => {
  const { w, referrals, bind } = await world(t, null);
  const underwriter = await aStoredPerson(w, ORG, 'underwriter', 'uma');
  const losses = [1, 2, 3, 4].map((year) => ({ date: `202${year}-06-01`, amount: cents(4_000_000), description: `Water damage ${year}` }));
  const { submission } = await aQuotedSubmission(w, ORG, { ...aRisk({ annualRevenue: cents(5_000_000), effectiveDate: '2026-12-25' }), priorLosses: losses });
  t.is(submission.triage.band, 'decline');
  t.is(await rejectionCodeOf(bind(submission.id)), 'referral_required');
  const own = await refer(w, underwriter, 'submission', submission.id);
  t.like(await rejectionOf(referrals.decide(underwriter, ORG, own.id, 'approve', null)), { code: 'forbidden', details: { rule: 'four_eyes' } });
  const referral = await refer(w, MACHINE, 'submission', submission.id);
  t.like(await referrals.decide(underwriter, ORG, referral.id, 'approve', null), { approvedOverrides: ['triage_decline'] });
  t.is((await bind(submission.id)).status, 'active');
});

test('a rejected referral leaves the quote blocked; a new one approved takes it past the aggregate; a suspended program cannot be approved past', async (t) => {
  const { w, referrals, bind, programs, programId } = await world(t, {});
  const senior = await aStoredPerson(w, ORG, 'org_admin', 'senior');
  const written = await aQuotedSubmission(w, ORG, aRisk({ insuredName: 'First Co' }));
  const premium = written.quote.grossPremium;
  // The cap leaves room for one term of this risk, not two.
  await programs.update(MACHINE, ORG, programId as string, { maxPremiumPerRisk: premium, aggregateCap: cents(Math.round(premium * 1.5)) });
  await bind(written.submission.id);
  const first = await aQuotedSubmission(w, ORG, aRisk({ insuredName: 'Second Co' }));
  t.deepEqual(
    first.quote.daFlags.map((flag) => flag.code),
    ['aggregate_exceeded'],
  );
  const rejected = await refer(w, MACHINE, 'quote', first.quote.id);
  t.like(await referrals.decide(senior, ORG, rejected.id, 'reject', 'Cap is the cap'), { status: 'rejected' });
  t.is(await rejectionCodeOf(bind(first.submission.id)), 'not_bindable');
  const approved = await refer(w, MACHINE, 'quote', first.quote.id);
  t.like(await referrals.decide(senior, ORG, approved.id, 'approve', null), { approvedOverrides: ['aggregate_exceeded'] });
  t.is((await bind(first.submission.id)).status, 'active');

  await programs.update(MACHINE, ORG, programId as string, { status: 'suspended' });
  const second = await aQuotedSubmission(w, ORG, aRisk({ insuredName: 'Third Co' }));
  const suspended = await refer(w, MACHINE, 'quote', second.quote.id);
  t.is(await rejectionCodeOf(referrals.decide(senior, ORG, suspended.id, 'approve', null)), 'not_bindable');
});

test('the approvals contexts contribute answer as one: the first that holds one answers, none is none', async (t) => {
  const approval = { referralId: 'ref_1', approvedBy: 'user:usr_uma', approvedAt: new Date('2027-01-01T00:00:00Z'), overrides: ['premium_exceeded'] };
  const none = { forQuote: async () => null, declineOverride: async () => null };
  const held = { forQuote: async (_orgId: string, quoteId: string) => (quoteId === 'quo_1' ? approval : null), declineOverride: async () => null };
  const approvals = anyApproval([none, held]);
  t.is(await approvals.forQuote(ORG, 'quo_1'), approval);
  t.is(await approvals.forQuote(ORG, 'quo_2'), null);
  t.is(await approvals.declineOverride(ORG, 'sub_1'), null);
  t.is(await anyApproval([]).forQuote(ORG, 'quo_1'), null);
});
