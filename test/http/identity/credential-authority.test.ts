import anyTest, { type TestFn } from 'ava';
import { addDays, today } from '../../../core/shared/calendar-date.ts';
import { aProgram, boundPolicy, type BoundPolicy } from '../../support/mothers.ts';
import { call, createTenant, MACHINE_SECRET, signedInUser, startTestApp, type Tenant, type TestApp } from '../../support/test-app.ts';

/**
 * Authority that credentials cannot exceed: an API key acts for the person who made it and never
 * beyond that person's role, settlement authority belongs to people and stops at the policy's
 * limit, and nobody decides their own referral. What keys and people may decide is tested at the
 * use cases (test/use-cases/identity/credential-authority.test.ts); here, what keys may carry and reach.
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
