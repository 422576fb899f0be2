import anyTest, { type TestFn } from 'ava';
import { addDays, today } from '../../../core/shared/calendar-date.ts';
import { aProgram, boundPolicy, createdProgram, submitted, type BoundPolicy } from '../../support/mothers.ts';
import { call, createApiKey, createTenant, MACHINE_SECRET, signedInUser, startTestApp, type Tenant, type TestApp } from '../../support/test-app.ts';

/**
 * Authority that credentials cannot exceed: an API key acts for the person who made it and never
 * beyond that person's role, settlement authority belongs to people and stops at the policy's
 * limit, and nobody decides their own referral.
 */
const test = anyTest as TestFn<{ app: TestApp; tenant: Tenant; policy: BoundPolicy }>;

test.before(async (t) => {
  const app = await startTestApp();
  const tenant = await createTenant(app);
  // A $1,000,000 per-occurrence limit, in force since 20 days ago.
  const policy = await boundPolicy(app, tenant, { submission: { effectiveDate: addDays(today(new Date()), -20), requestedLimit: 1_000_000 } });
  t.context = { app, tenant, policy };
});
test.after.always(async (t) => t.context.app.close());

const investigatedClaim = async (t: { context: { app: TestApp; tenant: Tenant; policy: BoundPolicy } }): Promise<string> => {
  const { app, tenant, policy } = t.context;
  const filed = await call(app.api, 'POST', '/v1/claims', {
    token: tenant.adminToken,
    body: { policyId: policy.policy.id, lossDate: addDays(today(new Date()), -2), description: 'Slip and fall in the lobby' },
  });
  await call(app.api, 'POST', `/v1/claims/${filed.body.id}/investigate`, { token: tenant.adminToken, body: {} });
  return filed.body.id;
};

test('an API key offers a settlement but has no authority: the offer waits for a person, whatever its scopes', async (t) => {
  const { app, tenant } = t.context;
  const claimId = await investigatedClaim(t);
  const key = await createApiKey(app, tenant, ['claims:read', 'claims:write', 'claims:approve']);
  const offer = await call(app.api, 'POST', `/v1/claims/${claimId}/settle`, { apiKey: key, body: { amount: 9_000 } });
  t.like(offer, { status: 201, body: { status: 'pending_approval' } });
  t.is((await call(app.api, 'GET', `/v1/claims/${claimId}`, { apiKey: key })).body.status, 'investigating', 'nothing is paid yet');
  const machine = await call(app.api, 'POST', `/v1/claims/${claimId}/settlements/${offer.body.id}/approve?orgId=${tenant.orgId}`, {
    token: MACHINE_SECRET,
    body: {},
  });
  t.is(machine.status, 200, 'the machine secret approves within the supervisors’ authority');
});

test('above the supervisors’ authority neither an API key nor the machine secret approves: an administrator who is a person does', async (t) => {
  const { app, tenant } = t.context;
  const claimId = await investigatedClaim(t);
  const key = await createApiKey(app, tenant, ['claims:read', 'claims:write', 'claims:approve']);
  const offer = await call(app.api, 'POST', `/v1/claims/${claimId}/settle`, { apiKey: key, body: { amount: 250_000.01 } });
  t.like(offer.body, { status: 'pending_approval' });
  const approve = (options: { apiKey?: string; token?: string }, query = '') =>
    call(app.api, 'POST', `/v1/claims/${claimId}/settlements/${offer.body.id}/approve${query}`, { ...options, body: {} });
  t.like(await approve({ apiKey: key }), { status: 403, body: { error: 'forbidden', details: { supervisorAuthority: 250_000 } } });
  t.like(await approve({ token: MACHINE_SECRET }, `?orgId=${tenant.orgId}`), { status: 403, body: { error: 'forbidden' } });
  t.like(await approve({ token: tenant.adminToken }), { status: 200, body: { status: 'approved' } });
});

test('no settlement exceeds the policy’s per-occurrence limit, whoever offers it, counting what the claim already paid', async (t) => {
  const { app, tenant } = t.context;
  const claimId = await investigatedClaim(t);
  const beyond = await call(app.api, 'POST', `/v1/claims/${claimId}/settle`, { token: tenant.adminToken, body: { amount: 9_000_000 } });
  t.like(beyond, { status: 422, body: { error: 'exceeds_policy_limit', details: { limit: 1_000_000, paid: 0, amount: 9_000_000 } } });
  t.is((await call(app.api, 'GET', `/v1/claims/${claimId}`, { token: tenant.adminToken })).body.paid, 0, 'nothing changed');
  const atLimit = await call(app.api, 'POST', `/v1/claims/${claimId}/settle`, { token: tenant.adminToken, body: { amount: 1_000_000 } });
  t.like(atLimit, { status: 201, body: { status: 'approved', amount: 1_000_000 } });
});

test('a key’s scopes are a subset of its creator’s role, at creation and on every use; platform scopes are never grantable', async (t) => {
  const { app, tenant } = t.context;
  const create = (token: string, scopes: string[]) => call(app.api, 'POST', '/v1/api-keys', { token, body: { name: 'integration', scopes, expiresAt: null } });
  const platform = await create(tenant.adminToken, ['programs:write']);
  t.like(platform, { status: 400, body: { details: { field: 'scopes.0', rule: 'enum' } } }, 'a platform scope is no key scope');
  const programs = await call(app.api, 'POST', `/v1/programs`, { token: tenant.adminToken, body: aProgram({ maxLimitPerRisk: 900_000_000 }) });
  t.is(programs.status, 403, 'the administrator may not write programs, so no key of its may either');

  const keys = await signedInUser(app, tenant, 'org_admin', 'keymaker');
  const beyond = await create(keys.token, ['claims:read', 'jobs:run']);
  t.is(beyond.status, 400, 'jobs:run is no key scope');
  const key = (await create(keys.token, ['submissions:read', 'submissions:write', 'claims:read'])).body.key;
  t.is((await call(app.api, 'GET', '/v1/submissions', { apiKey: key })).status, 200);

  // The creator is made an underwriter: the key keeps what an underwriter may do and loses claims.
  t.is((await call(app.api, 'PATCH', `/v1/users/${keys.id}`, { token: tenant.adminToken, body: { role: 'underwriter' } })).status, 200);
  t.is((await call(app.api, 'GET', '/v1/submissions', { apiKey: key })).status, 200);
  t.like(await call(app.api, 'GET', '/v1/claims', { apiKey: key }), {
    status: 403,
    body: { error: 'insufficient_scope', details: { requiredScope: 'claims:read' } },
  });
  // An underwriter creating a key cannot reach claims either.
  const underwriter = await signedInUser(app, tenant, 'underwriter', 'uw-keys');
  t.like(await create(underwriter.token, ['claims:read']), { status: 403 });

  // Made a billing administrator, the creator holds no submissions either: nor does the key.
  await call(app.api, 'PATCH', `/v1/users/${keys.id}`, { token: tenant.adminToken, body: { role: 'billing_admin' } });
  t.like(await call(app.api, 'GET', '/v1/submissions', { apiKey: key }), { status: 403, body: { error: 'insufficient_scope' } });
});

test('a key creation beyond the creator’s role is refused naming the scope', async (t) => {
  const { app, tenant } = t.context;
  const supervisor = await signedInUser(app, tenant, 'claims_supervisor', 'sup-keys');
  // A claims supervisor may not create keys at all; an administrator of the organization may grant claims:approve.
  t.is((await call(app.api, 'POST', '/v1/api-keys', { token: supervisor.token, body: { name: 'k', scopes: ['claims:read'], expiresAt: null } })).status, 403);
  const demo = await call(app.api, 'POST', '/auth/demo', { body: { secret: MACHINE_SECRET, orgId: tenant.orgId } });
  const granted = await call(app.api, 'POST', '/v1/api-keys', { token: demo.body.token, body: { name: 'k', scopes: ['claims:approve'], expiresAt: null } });
  t.is(granted.status, 201);
  t.is((await call(app.api, 'GET', '/v1/claims', { apiKey: granted.body.key })).body.error, 'insufficient_scope');
});

test('whoever raised a referral, or wrote the quote it refers, cannot decide it', async (t) => {
  const { app } = t.context;
  const tenant = await createTenant(app);
  await createdProgram(app, tenant, { maxPremiumPerRisk: 1000, aggregateCap: 20_000 });
  const underwriter = await signedInUser(app, tenant, 'underwriter', 'writer');
  const colleague = await signedInUser(app, tenant, 'underwriter', 'colleague');
  const submission = await submitted(app, tenant);
  const quote = (await call(app.api, 'POST', `/v1/submissions/${submission.id}/quote`, { token: underwriter.token })).body;
  t.false(quote.bindable);
  const raised = await call(app.api, 'POST', '/v1/referrals', {
    token: underwriter.token,
    body: { entityType: 'quote', entityId: quote.id, reason: 'Over premium' },
  });
  const decide = (token: string, id: string) => call(app.api, 'POST', `/v1/referrals/${id}/decision`, { token, body: { decision: 'approve' } });
  t.like(await decide(underwriter.token, raised.body.id), { status: 403, body: { error: 'forbidden', details: { rule: 'four_eyes' } } });
  const bind = await call(app.api, 'POST', `/v1/submissions/${submission.id}/bind`, { token: underwriter.token, body: { installmentPlan: 'PIF' } });
  t.like(bind, { status: 422, body: { error: 'not_bindable' } }, 'still blocked');

  const byAdmin = await call(app.api, 'POST', '/v1/referrals', {
    token: tenant.adminToken,
    body: { entityType: 'quote', entityId: quote.id, reason: 'Over premium' },
  });
  t.like(await decide(underwriter.token, byAdmin.body.id), { status: 403, body: { details: { rule: 'four_eyes' } } }, 'the quote’s writer does not decide');
  t.like(await decide(colleague.token, byAdmin.body.id), { status: 200, body: { status: 'approved' } });
});
