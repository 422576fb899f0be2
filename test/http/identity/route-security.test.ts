import test from 'ava';
import { ROLE_PERMISSIONS, type Role } from '../../../core/shared/access/roles.ts';
import type { Permission } from '../../../core/shared/access/permissions.ts';
import { addDays, today } from '../../../core/shared/calendar-date.ts';
import { boundPolicy, createdProgram } from '../../support/mothers.ts';
import { call, createApiKey, createProducer, createTenant, signedInUser, startTestApp, type Tenant, type TestApp } from '../../support/test-app.ts';

/**
 * Every credentialed route the API describes, read from its own `/openapi.json`, so a new route is
 * covered here the day it is served: no credential → 401; a role without the route's permission
 * → 403; an API key without its scope → 403; and another organization's record → 404, the same
 * answer as a record that never existed.
 */
interface DeclaredRoute {
  readonly method: string;
  readonly path: string;
  readonly permission: Permission;
}

const declaredRoutes = async (app: TestApp): Promise<DeclaredRoute[]> => {
  const document = (await call(app.api, 'GET', '/openapi.json')).body as { paths: Record<string, Record<string, { 'x-api-key-scope'?: string }>> };
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).flatMap(([method, operation]) => {
      const scope = operation['x-api-key-scope'];
      return scope ? [{ method: method.toUpperCase(), path, permission: scope as Permission }] : [];
    }),
  );
};

const concrete = (path: string, id: string): string => path.replaceAll(/\{[^}]+\}/g, id);

/** Roles an organization administrator can give, each signed in once. */
const STAFF_ROLES: readonly Role[] = ['auditor', 'underwriter', 'billing_admin', 'claims_adjuster', 'finance_analyst', 'compliance_officer'];

/** A record of tenant A for each kind of `{id}` route; a new kind of record fails the test until it is added here. */
const recordsOfA = async (app: TestApp, a: Tenant): Promise<Record<string, string>> => {
  const bound = await boundPolicy(app, a);
  const paid = await call(app.api, 'POST', `/v1/invoices/${bound.invoice.id}/payment-intent`, { token: a.adminToken, body: { confirm: true } });
  const documentId = paid.body.receiptDocumentId as string;
  const envelope = await call(app.api, 'POST', '/v1/esign/envelopes', {
    token: a.adminToken,
    body: { documentId, signers: [{ name: 'Pat', email: 'pat@example.com' }] },
  });
  const webhook = await call(app.api, 'POST', '/v1/webhooks', { token: a.adminToken, body: { url: 'http://127.0.0.1:9/hook', events: ['policy.bound'] } });
  await createApiKey(app, a, ['submissions:read']);
  const keys = await call(app.api, 'GET', '/v1/api-keys', { token: a.adminToken });
  // A claim needs a policy in force on a past day: one bound from ten days ago.
  const inForce = await boundPolicy(app, a, { submission: { effectiveDate: addDays(today(new Date()), -10) } });
  const claim = await call(app.api, 'POST', '/v1/claims', {
    token: a.adminToken,
    body: { policyId: inForce.policy.id, lossDate: addDays(today(new Date()), -2), description: 'Burst pipe' },
  });
  const room = await call(app.api, 'POST', '/v1/deal-rooms', { token: a.adminToken, body: { submissionId: bound.submission.id } });
  const referral = await call(app.api, 'POST', '/v1/referrals', {
    token: a.adminToken,
    body: { entityType: 'submission', entityId: bound.submission.id, reason: 'Second look' },
  });
  let events: { id: string }[] = [];
  for (let attempt = 0; attempt < 50 && events.length === 0; attempt += 1) {
    events = (await call(app.api, 'GET', '/v1/events', { token: a.adminToken })).body.data;
    if (events.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    '/v1/events/': (events[0] as { id: string }).id,
    '/v1/deal-rooms/': room.body.id,
    '/v1/analytics/': a.orgId,
    '/v1/referrals/': referral.body.id,
    '/v1/claims/': claim.body.id,
    '/v1/portal/policies/': inForce.policy.id,
    '/v1/portal/invoices/': bound.invoice.id,
    '/v1/portal/documents/': documentId,
    '/v1/submissions/': bound.submission.id,
    '/v1/policies/': bound.policy.id,
    '/v1/invoices/': bound.invoice.id,
    '/v1/documents/': documentId,
    '/v1/esign/envelopes/': envelope.body.id,
    '/v1/webhooks/': webhook.body.id,
    '/v1/producers/': await createProducer(app, a),
    '/v1/users/': a.adminId,
    '/v1/api-keys/': keys.body.data[0].id,
    '/v1/organizations/': a.orgId,
    '/v1/programs/': (await createdProgram(app, a)).id,
  };
};

/** Paths whose parameter names reference data, the same for every organization, not a record of one. */
const REFERENCE_PATHS = ['/v1/tax-schedules/'];

const withoutRequestId = (body: unknown) => JSON.parse(JSON.stringify(body, (key, value) => (key === 'requestId' ? undefined : value)));

test('every credentialed route: 401 without a credential, 403 for a role or key without its permission, 404 alike for another organization and nothing', async (t) => {
  const app = await startTestApp();
  t.teardown(app.close);
  const routes = await declaredRoutes(app);
  t.true(routes.length > 40, `routes found: ${routes.length}`);
  const [a, b] = [await createTenant(app), await createTenant(app)];
  const roleTokens = new Map<Role, string>();
  for (const role of STAFF_ROLES) roleTokens.set(role, (await signedInUser(app, b, role)).token);
  const keys = { 'webhooks:read': await createApiKey(app, b, ['webhooks:read']), 'submissions:read': await createApiKey(app, b, ['submissions:read']) };
  const records = await recordsOfA(app, a);

  let crossTenant = 0;
  for (const route of routes) {
    const name = `${route.method} ${route.path}`;
    const body = route.method === 'GET' || route.method === 'DELETE' ? {} : { body: {} };
    const path = concrete(route.path, 'missing_0000');
    const anonymous = await call(app.api, route.method, path, body);
    t.is(anonymous.status, 401, `${name} without a credential`);

    const lacking = STAFF_ROLES.find((role) => !ROLE_PERMISSIONS[role].includes(route.permission));
    if (lacking) t.is((await call(app.api, route.method, path, { token: roleTokens.get(lacking), ...body })).status, 403, `${name} as ${lacking}`);

    const otherScope = route.permission === 'webhooks:read' ? 'submissions:read' : 'webhooks:read';
    t.is((await call(app.api, route.method, path, { apiKey: keys[otherScope], ...body })).status, 403, `${name} with a ${otherScope} key`);

    if (route.method !== 'GET' || !route.path.includes('{') || REFERENCE_PATHS.some((reference) => route.path.startsWith(reference))) continue;
    const prefix = Object.keys(records).find((candidate) => route.path.startsWith(candidate));
    if (!prefix) {
      t.fail(`${name}: no record of another organization to try; add its kind to recordsOfA`);
      continue;
    }
    crossTenant += 1;
    const foreign = await call(app.api, 'GET', concrete(route.path, records[prefix] as string), { token: b.adminToken });
    const missing = await call(app.api, 'GET', concrete(route.path, `${records[prefix]}x`), { token: b.adminToken });
    // An administrator whose role lacks the permission is refused before any record is looked at.
    t.is(foreign.status, ROLE_PERMISSIONS.org_admin.includes(route.permission) ? 404 : 403, `${name}: another organization's record`);
    t.is(foreign.status, missing.status, `${name}: the same status as a record that never existed`);
    t.deepEqual(withoutRequestId(foreign.body), withoutRequestId({ ...missing.body }), `${name}: the same answer as a record that never existed`);
  }
  t.log(`${routes.length} credentialed routes; ${crossTenant} read by another organization`);
});
