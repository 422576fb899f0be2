import anyTest, { type TestFn } from 'ava';
import { addDays, today } from '../../../core/shared/calendar-date.ts';
import { createdProgram, submitted } from '../../support/mothers.ts';
import { activeProducer, IDENTITY_WEBHOOK_SECRET } from '../../support/identity-events.ts';
import { call, createTenant, MACHINE_SECRET, signedInUser, startTestApp, type Tenant, type TestApp } from '../../support/test-app.ts';

const test = anyTest as TestFn<{ app: TestApp }>;

test.before(async (t) => {
  t.context = { app: await startTestApp({ env: { IDENTITY_WEBHOOK_SECRET } }) };
});
test.after.always(async (t) => t.context.app.close());

/** A submission quoted under a narrow program (Ohio GL, $2M limit, $1,000 premium authority, $20,000 a year). */
const quoted = async (app: TestApp, tenant: Tenant, submission: Record<string, unknown> = {}) => {
  const created = await submitted(app, tenant, submission);
  const quote = (await call(app.api, 'POST', `/v1/submissions/${created.id}/quote`, { token: tenant.adminToken })).body;
  return { submission: created, quote };
};
const refer = (app: TestApp, token: string, body: Record<string, unknown>) =>
  call(app.api, 'POST', '/v1/referrals', { token, body: { reason: 'Outside authority', ...body } });
const decide = (app: TestApp, token: string, id: string, decision: string, notes?: string) =>
  call(app.api, 'POST', `/v1/referrals/${id}/decision`, { token, body: { decision, ...(notes ? { notes } : {}) } });
const bind = (app: TestApp, tenant: Tenant, submissionId: string) =>
  call(app.api, 'POST', `/v1/submissions/${submissionId}/bind`, { token: tenant.adminToken, body: { installmentPlan: 'PIF' } });

const narrowTenant = async (app: TestApp) => {
  const tenant = await createTenant(app);
  await createdProgram(app, tenant, { maxPremiumPerRisk: 1000, aggregateCap: 20_000 });
  return tenant;
};

test('a quote over the premium authority binds once an underwriter approves its referral, recorded with the approver', async (t) => {
  const { app } = t.context;
  const tenant = await narrowTenant(app);
  const underwriter = await signedInUser(app, tenant, 'underwriter');
  const { submission, quote } = await quoted(app, tenant);
  t.deepEqual(
    quote.daFlags.map((flag: { code: string }) => flag.code),
    ['premium_exceeded'],
  );
  t.like(await bind(app, tenant, submission.id), { status: 422, body: { error: 'not_bindable' } });

  const referral = await refer(app, tenant.adminToken, { entityType: 'quote', entityId: quote.id, assigneeId: underwriter.id });
  t.like(referral, { status: 201, body: { status: 'pending', entityType: 'quote', entityId: quote.id, assigneeId: underwriter.id } });
  const readiness = await call(app.api, 'GET', `/v1/submissions/${submission.id}/quote-readiness`, { token: tenant.adminToken });
  t.true(readiness.body.missing.includes('da:premium_exceeded'));

  const approved = await decide(app, underwriter.token, referral.body.id, 'approve', 'Loss history is clean');
  t.like(approved, {
    status: 200,
    body: { status: 'approved', approvedOverrides: ['premium_exceeded'], decisions: [{ decision: 'approve', notes: 'Loss history is clean' }] },
  });
  t.is((await call(app.api, 'GET', `/v1/submissions/${submission.id}/quote-readiness`, { token: tenant.adminToken })).body.bindingReady, true);
  t.like(await bind(app, tenant, submission.id), { status: 201 });
  t.like(await decide(app, underwriter.token, referral.body.id, 'reject'), { status: 422, body: { error: 'invalid_transition' } });

  const audit = (await call(app.api, 'GET', '/v1/audit-events?limit=200', { token: tenant.adminToken })).body.data;
  const entry = audit.find((event: { action: string }) => event.action === 'referral.approved');
  t.like(entry, { actor: `user:${underwriter.id}`, targetType: 'quote', targetId: quote.id });
});

test('approving past the program’s states takes senior authority; information can be asked first', async (t) => {
  const { app } = t.context;
  const tenant = await narrowTenant(app);
  const underwriter = await signedInUser(app, tenant, 'underwriter');
  const { submission, quote } = await quoted(app, tenant, { state: 'KY', annualRevenue: 400_000 });
  t.deepEqual(
    quote.daFlags.map((flag: { code: string }) => flag.code),
    ['state_not_allowed'],
  );
  const referral = (await refer(app, tenant.adminToken, { entityType: 'quote', entityId: quote.id })).body;
  t.like(await decide(app, underwriter.token, referral.id, 'approve'), { status: 403, body: { details: { requiredAuthority: 'authority_senior' } } });
  t.like(await decide(app, underwriter.token, referral.id, 'request_info', 'Why Kentucky?'), { status: 200, body: { status: 'info_requested' } });
  const billing = await signedInUser(app, tenant, 'billing_admin');
  t.is((await decide(app, billing.token, referral.id, 'approve')).status, 403, 'a role without referrals:write');
  t.like(await decide(app, tenant.adminToken, referral.id, 'approve'), { status: 403, body: { details: { rule: 'four_eyes' } } }, 'not its own referral');
  const senior = await signedInUser(app, tenant, 'org_admin', 'senior');
  t.like(await decide(app, senior.token, referral.id, 'approve'), { status: 200, body: { status: 'approved', approvedOverrides: ['state_not_allowed'] } });
  t.like(await bind(app, tenant, submission.id), { status: 201 });
});

test('a submission triage declined binds after its referral is approved', async (t) => {
  const { app } = t.context;
  const tenant = await createTenant(app);
  const underwriter = await signedInUser(app, tenant, 'underwriter');
  const losses = [1, 2, 3, 4].map((year) => ({ date: `202${year}-06-01`, amount: 40_000, description: `Water damage ${year}` }));
  const { submission } = await quoted(app, tenant, { annualRevenue: 50_000, priorLosses: losses, effectiveDate: addDays(today(new Date()), 10) });
  t.is(submission.triage.band, 'decline');
  t.like(await bind(app, tenant, submission.id), { status: 422, body: { error: 'referral_required' } });
  const own = (await refer(app, underwriter.token, { entityType: 'submission', entityId: submission.id })).body;
  t.like(
    await decide(app, underwriter.token, own.id, 'approve'),
    { status: 403, body: { details: { rule: 'four_eyes' } } },
    'who raised it does not decide it',
  );
  const referral = (await refer(app, tenant.adminToken, { entityType: 'submission', entityId: submission.id })).body;
  t.like(await decide(app, underwriter.token, referral.id, 'approve'), { body: { approvedOverrides: ['triage_decline'] } });
  t.like(await bind(app, tenant, submission.id), { status: 201 });
});

test('a rejected referral leaves the quote blocked; a suspended program cannot be approved past; the aggregate can', async (t) => {
  const { app } = t.context;
  const tenant = await createTenant(app);
  const senior = await signedInUser(app, tenant, 'org_admin', 'senior');
  const program = await createdProgram(app, tenant);
  // The cap leaves room for one term of this risk, not two.
  const written = await quoted(app, tenant);
  const premium = written.quote.grossPremium;
  await call(app.api, 'PATCH', `/v1/programs/${program.id}?orgId=${tenant.orgId}`, {
    token: MACHINE_SECRET,
    body: { maxPremiumPerRisk: premium, aggregateCap: Math.round(premium * 150) / 100 },
  });
  t.like(await bind(app, tenant, written.submission.id), { status: 201 });
  const first = await quoted(app, tenant);
  t.deepEqual(
    first.quote.daFlags.map((flag: { code: string }) => flag.code),
    ['aggregate_exceeded'],
  );
  const rejected = (await refer(app, tenant.adminToken, { entityType: 'quote', entityId: first.quote.id })).body;
  t.like(await decide(app, senior.token, rejected.id, 'reject', 'Cap is the cap'), { body: { status: 'rejected' } });
  t.is((await bind(app, tenant, first.submission.id)).status, 422);
  // A new referral of the same quote, approved by an administrator, takes it past the cap.
  const approved = (await refer(app, tenant.adminToken, { entityType: 'quote', entityId: first.quote.id })).body;
  t.like(await decide(app, senior.token, approved.id, 'approve'), { body: { approvedOverrides: ['aggregate_exceeded'] } });
  t.like(await bind(app, tenant, first.submission.id), { status: 201 });

  await call(app.api, 'PATCH', `/v1/programs/${program.id}?orgId=${tenant.orgId}`, { token: MACHINE_SECRET, body: { status: 'suspended' } });
  const second = await quoted(app, tenant);
  const suspended = (await refer(app, tenant.adminToken, { entityType: 'quote', entityId: second.quote.id })).body;
  t.like(await decide(app, senior.token, suspended.id, 'approve'), { status: 422, body: { error: 'not_bindable' } });
});

test('referrals list by status and entity; producers see their own; other organizations and missing records are 404', async (t) => {
  const { app } = t.context;
  const [tenant, other] = [await createTenant(app), await createTenant(app)];
  const { quote, submission } = await quoted(app, tenant);
  const room = (await call(app.api, 'POST', '/v1/deal-rooms', { token: tenant.adminToken, body: { submissionId: submission.id } })).body;
  const inRoom = (await refer(app, tenant.adminToken, { entityType: 'submission', entityId: submission.id, dealRoomId: room.id })).body;
  const ofQuote = (await refer(app, tenant.adminToken, { entityType: 'quote', entityId: quote.id })).body;
  const senior = await signedInUser(app, tenant, 'org_admin', 'senior');
  await decide(app, senior.token, ofQuote.id, 'reject');
  const list = async (query: string, token = tenant.adminToken) =>
    (await call(app.api, 'GET', `/v1/referrals?${query}`, { token })).body.data.map((referral: { id: string }) => referral.id);
  t.deepEqual(await list('status=pending'), [inRoom.id]);
  t.deepEqual(await list(`entityType=quote&entityId=${quote.id}`), [ofQuote.id]);
  t.deepEqual(await list(`dealRoomId=${room.id}`), [inRoom.id]);
  t.deepEqual(await list(''), [ofQuote.id, inRoom.id]);
  t.deepEqual(await list('', other.adminToken), []);
  t.is((await call(app.api, 'GET', `/v1/referrals/${inRoom.id}`, { token: other.adminToken })).status, 404);
  t.is((await decide(app, other.adminToken, inRoom.id, 'approve')).status, 404);

  t.is((await refer(app, other.adminToken, { entityType: 'submission', entityId: submission.id })).status, 404);
  t.is((await refer(app, tenant.adminToken, { entityType: 'policy', entityId: 'pol_missing' })).status, 404);
  t.is((await refer(app, tenant.adminToken, { entityType: 'submission', entityId: submission.id, dealRoomId: 'drm_missing' })).status, 404);
  t.is((await refer(app, tenant.adminToken, { entityType: 'submission', entityId: submission.id, assigneeId: 'usr_missing' })).status, 404);
  t.is((await refer(app, tenant.adminToken, { entityType: 'invoice', entityId: submission.id })).status, 400);

  // A producer refers its own submission, sees that referral only, and cannot decide it.
  const producer = await activeProducer(app, tenant, 'Pat Producer');
  const own = await submitted(app, tenant, { producerId: producer.producerId });
  const raised = await refer(app, producer.token, { entityType: 'submission', entityId: own.id });
  t.is(raised.status, 201);
  t.deepEqual(await list('', producer.token), [raised.body.id]);
  t.is((await call(app.api, 'GET', `/v1/referrals/${inRoom.id}`, { token: producer.token })).status, 404);
  t.is((await refer(app, producer.token, { entityType: 'submission', entityId: submission.id })).status, 403, 'a submission not its own');
  t.like(await decide(app, producer.token, raised.body.id, 'approve'), { status: 403 });
});
