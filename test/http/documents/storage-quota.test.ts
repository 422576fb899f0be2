import test from 'ava';
import { randomBytes } from 'node:crypto';
import { addDays, today } from '../../../core/shared/calendar-date.ts';
import { boundPolicy } from '../../support/mothers.ts';
import { call, createTenant, startTestApp, type Tenant, type TestApp } from '../../support/test-app.ts';

const QUOTA = 300_000;
const PDF = (size: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(size - 9)]);

const claimOf = async (app: TestApp, tenant: Tenant): Promise<string> => {
  const policy = await boundPolicy(app, tenant, { submission: { effectiveDate: addDays(today(new Date()), -20) } });
  const claim = await call(app.api, 'POST', '/v1/claims', {
    token: tenant.adminToken,
    body: { policyId: policy.policy.id, lossDate: addDays(today(new Date()), -2), description: 'Fire in the kitchen' },
  });
  return claim.body.id;
};

const attach = (app: TestApp, tenant: Tenant, claimId: string, bytes: Buffer) =>
  call(app.api, 'POST', `/v1/claims/${claimId}/attachments?filename=report.pdf`, {
    token: tenant.adminToken,
    rawBody: bytes,
    headers: { 'content-type': 'application/pdf' },
  });

test('an organization keeps what its quota holds: uploads racing for the last room are settled by the store, the rest is 413', async (t) => {
  const app = await startTestApp({ env: { STORAGE_QUOTA_BYTES: String(QUOTA) } });
  t.teardown(app.close);
  const [tenant, other] = [await createTenant(app), await createTenant(app)];
  const claimId = await claimOf(app, tenant);

  const answers = await Promise.all(Array.from({ length: 5 }, () => attach(app, tenant, claimId, PDF(100_000))));
  t.deepEqual(answers.map((answer) => answer.status).sort(), [201, 201, 201, 413, 413]);
  const refused = answers.find((answer) => answer.status === 413);
  t.like(refused?.body, { error: 'storage_quota_exceeded', details: { quotaBytes: QUOTA, usedBytes: QUOTA, size: 100_000 } });
  t.is((await call(app.api, 'GET', `/v1/claims/${claimId}/attachments`, { token: tenant.adminToken })).body.data.length, 3, 'nothing refused was kept');

  // The administrator reads its own organization's usage; another organization's is 404 to it.
  const own = await call(app.api, 'GET', `/v1/organizations/${tenant.orgId}`, { token: tenant.adminToken });
  t.like(own, { status: 200, body: { id: tenant.orgId, storage: { usedBytes: QUOTA, quotaBytes: QUOTA } } });
  t.is((await call(app.api, 'GET', `/v1/organizations/${other.orgId}`, { token: tenant.adminToken })).status, 404);

  // Another organization's room is its own.
  const elsewhere = await claimOf(app, other);
  t.is((await attach(app, other, elsewhere, PDF(100_000))).status, 201);
  // A rendered document counts too, and does not fit either.
  const render = await call(app.api, 'POST', '/v1/documents/render-pdf', { token: tenant.adminToken, body: { html: '<h1>Statement</h1>' } });
  t.like(render, { status: 413, body: { error: 'storage_quota_exceeded' } });
});
