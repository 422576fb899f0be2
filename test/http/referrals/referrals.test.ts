import anyTest, { type TestFn } from 'ava';
import { createdProgram, submitted } from '../../support/mothers.ts';
import { activeProducer, IDENTITY_WEBHOOK_SECRET } from '../../support/identity-events.ts';
import { call, createTenant, signedInUser, startTestApp, type Tenant, type TestApp } from '../../support/test-app.ts';

// What referrals decide (authority, four eyes, triage declines, caps, suspended programs) is tested
// at the use cases (test/use-cases/referrals/); here, what only HTTP shows.

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

test('the referral routes answer 201, 200, 403 for a role without referrals:write or the authority, 422 once decided, and bind follows', async (t) => {
  const { app } = t.context;
  const tenant = await narrowTenant(app);
  const underwriter = await signedInUser(app, tenant, 'underwriter');
  const billing = await signedInUser(app, tenant, 'billing_admin');
  const { submission, quote } = await quoted(app, tenant);
  t.like(await bind(app, tenant, submission.id), { status: 422, body: { error: 'not_bindable' } });
  const referral = await refer(app, tenant.adminToken, { entityType: 'quote', entityId: quote.id, assigneeId: underwriter.id });
  t.like(referral, { status: 201, body: { status: 'pending', entityType: 'quote', entityId: quote.id, assigneeId: underwriter.id } });
  t.is((await decide(app, billing.token, referral.body.id, 'approve')).status, 403, 'a role without referrals:write');
  t.like(await decide(app, tenant.adminToken, referral.body.id, 'approve'), { status: 403, body: { details: { rule: 'four_eyes' } } });
  t.like(await decide(app, underwriter.token, referral.body.id, 'approve', 'Loss history is clean'), { status: 200, body: { status: 'approved' } });
  t.like(await decide(app, underwriter.token, referral.body.id, 'reject'), { status: 422, body: { error: 'invalid_transition' } });
  t.like(await bind(app, tenant, submission.id), { status: 201 });
  t.is((await decide(app, underwriter.token, referral.body.id, 'maybe')).status, 400);
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
