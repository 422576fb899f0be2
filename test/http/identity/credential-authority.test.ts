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

test('an API key offers a settlement but has no authority: the offer waits for a person other than its creator; the machine secret is nobody', async (t) => {
  const { app, tenant } = t.context;
  const claimId = await investigatedClaim(t);
  const key = await createApiKey(app, tenant, ['claims:read', 'claims:write', 'claims:approve']);
  const offer = await call(app.api, 'POST', `/v1/claims/${claimId}/settle`, { apiKey: key, body: { amount: 9_000 } });
  t.like(offer, { status: 201, body: { status: 'pending_approval' } });
  t.is((await call(app.api, 'GET', `/v1/claims/${claimId}`, { apiKey: key })).body.status, 'investigating', 'nothing is paid yet');
  const approve = (options: { apiKey?: string; token?: string }, query = '') =>
    call(app.api, 'POST', `/v1/claims/${claimId}/settlements/${offer.body.id}/approve${query}`, { ...options, body: {} });
  const fourEyes = { status: 403, body: { error: 'forbidden', details: { rule: 'four_eyes' } } };
  t.like(await approve({ token: MACHINE_SECRET }, `?orgId=${tenant.orgId}`), fourEyes, 'the machine secret is never the second pair of eyes');
  t.like(await approve({ apiKey: key }), fourEyes, 'the key that offered it');
  t.like(await approve({ apiKey: await createApiKey(app, tenant, ['claims:read', 'claims:approve']) }), fourEyes, 'another key of the same creator');
  t.like(await approve({ token: tenant.adminToken }), fourEyes, 'the creator itself');
  t.is((await call(app.api, 'GET', `/v1/claims/${claimId}`, { apiKey: key })).body.paid, 0, 'nothing was paid');
  const supervisor = await signedInUser(app, tenant, 'claims_supervisor', `supervisor-${claimId}`);
  t.like(await approve({ token: supervisor.token }), { status: 200, body: { status: 'approved' } });
});

test('a key approves as its creator: an administrator’s key approves another person’s offer; once its creator is an adjuster, nothing', async (t) => {
  const { app, tenant } = t.context;
  const offerOn = async (claimId: string) =>
    (
      await call(app.api, 'POST', `/v1/claims/${claimId}/settle`, {
        apiKey: await createApiKey(app, tenant, ['claims:read', 'claims:write']),
        body: { amount: 1_000 },
      })
    ).body;
  const first = await investigatedClaim(t);
  const offer = await offerOn(first);
  t.like(offer, { status: 'pending_approval' });
  const second = await signedInUser(app, tenant, 'org_admin', `keyholder-${first}`);
  const key = (
    await call(app.api, 'POST', '/v1/api-keys', { token: second.token, body: { name: 'claims', scopes: ['claims:read', 'claims:approve'], expiresAt: null } })
  ).body.key;
  const approved = await call(app.api, 'POST', `/v1/claims/${first}/settlements/${offer.id}/approve`, { apiKey: key, body: {} });
  t.like(approved, { status: 200, body: { status: 'approved' } });

  const later = await investigatedClaim(t);
  const waiting = await offerOn(later);
  await call(app.api, 'PATCH', `/v1/users/${second.id}`, { token: tenant.adminToken, body: { role: 'claims_adjuster' } });
  const refused = await call(app.api, 'POST', `/v1/claims/${later}/settlements/${waiting.id}/approve`, { apiKey: key, body: {} });
  t.is(refused.status, 403, 'the creator holds no claims:approve now');
  t.is((await call(app.api, 'GET', `/v1/claims/${later}`, { token: tenant.adminToken })).body.paid, 0);
});

test('above the supervisors’ authority neither an API key nor the machine secret approves: an administrator who is a person does', async (t) => {
  const { app, tenant } = t.context;
  const claimId = await investigatedClaim(t);
  const key = await createApiKey(app, tenant, ['claims:read', 'claims:write', 'claims:approve']);
  const offer = await call(app.api, 'POST', `/v1/claims/${claimId}/settle`, { apiKey: key, body: { amount: 250_000.01 } });
  t.like(offer.body, { status: 'pending_approval' });
  const approve = (options: { apiKey?: string; token?: string }, query = '') =>
    call(app.api, 'POST', `/v1/claims/${claimId}/settlements/${offer.body.id}/approve${query}`, { ...options, body: {} });
  const second = await signedInUser(app, tenant, 'org_admin', `second-admin-${claimId}`);
  const secondKey = (
    await call(app.api, 'POST', '/v1/api-keys', { token: second.token, body: { name: 'claims', scopes: ['claims:read', 'claims:approve'], expiresAt: null } })
  ).body.key;
  t.like(await approve({ apiKey: secondKey }), { status: 403, body: { error: 'forbidden', details: { supervisorAuthority: 250_000 } } });
  t.like(await approve({ token: MACHINE_SECRET }, `?orgId=${tenant.orgId}`), { status: 403, body: { error: 'forbidden' } });
  t.like(await approve({ token: second.token }), { status: 200, body: { status: 'approved' } });
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

test('four eyes compares people: an administrator who quoted and referred through its key does not approve with its login; the machine secret approves nothing', async (t) => {
  const { app } = t.context;
  const tenant = await createTenant(app);
  await createdProgram(app, tenant, { maxPremiumPerRisk: 1000, aggregateCap: 20_000 });
  const key = await createApiKey(app, tenant, ['submissions:read', 'submissions:write', 'referrals:write', 'referrals:read']);
  const submission = await submitted(app, tenant);
  const quote = await call(app.api, 'POST', `/v1/submissions/${submission.id}/quote`, { apiKey: key });
  t.is(quote.status, 201, JSON.stringify(quote.body));
  const raised = await call(app.api, 'POST', '/v1/referrals', { apiKey: key, body: { entityType: 'quote', entityId: quote.body.id, reason: 'Over premium' } });
  t.is(raised.status, 201, JSON.stringify(raised.body));
  const decide = (options: { token?: string; apiKey?: string }, query = '') =>
    call(app.api, 'POST', `/v1/referrals/${raised.body.id}/decision${query}`, { ...options, body: { decision: 'approve' } });
  const fourEyes = { status: 403, body: { error: 'forbidden', details: { rule: 'four_eyes' } } };
  t.like(await decide({ token: tenant.adminToken }), fourEyes, 'the key’s creator is the person who referred it');
  t.like(await decide({ token: MACHINE_SECRET }, `?orgId=${tenant.orgId}`), fourEyes, 'the machine secret is nobody');
  const bind = await call(app.api, 'POST', `/v1/submissions/${submission.id}/bind`, { token: tenant.adminToken, body: { installmentPlan: 'PIF' } });
  t.like(bind, { status: 422, body: { error: 'not_bindable' } }, 'still blocked');
  const second = await signedInUser(app, tenant, 'org_admin', 'second-pair');
  t.like(await decide({ token: second.token }), { status: 200, body: { status: 'approved' } });
});

test('a key never reaches a record its creator could not reach now: a demoted administrator’s key loses the book at once', async (t) => {
  const { app, tenant, policy } = t.context;
  const claimId = await investigatedClaim(t);
  const creator = await signedInUser(app, tenant, 'org_admin', 'demoted-keymaker');
  const key = (
    await call(app.api, 'POST', '/v1/api-keys', { token: creator.token, body: { name: 'book', scopes: ['claims:read', 'policies:read'], expiresAt: null } })
  ).body.key;
  t.is((await call(app.api, 'GET', `/v1/claims/${claimId}`, { apiKey: key })).status, 200);
  t.true((await call(app.api, 'GET', '/v1/claims', { apiKey: key })).body.data.some((claim: { id: string }) => claim.id === claimId));

  // An adjuster works only the claims assigned to it: so does its key, from the next request on.
  await call(app.api, 'PATCH', `/v1/users/${creator.id}`, { token: tenant.adminToken, body: { role: 'claims_adjuster' } });
  t.like(await call(app.api, 'GET', `/v1/claims/${claimId}`, { apiKey: key }), { status: 403, body: { error: 'forbidden' } });
  t.deepEqual((await call(app.api, 'GET', '/v1/claims', { apiKey: key })).body.data, []);
  t.is((await call(app.api, 'GET', `/v1/policies/${policy.policy.id}`, { apiKey: key })).status, 403);
});
