import anyTest, { type TestFn } from 'ava';
import { signedInPolicyholder } from '../../support/mothers.ts';
import { call, createTenant, signedInUser, startTestApp, type Tenant, type TestApp } from '../../support/test-app.ts';

const test = anyTest as TestFn<{ app: TestApp }>;

test.before(async (t) => {
  t.context = { app: await startTestApp() };
});
test.after.always(async (t) => t.context.app.close());

const ingest = (app: TestApp, token: string) =>
  call(app.api, 'POST', '/v1/documents/ingest?filename=note.txt', {
    token,
    rawBody: Buffer.from('Invoice total due'),
    headers: { 'content-type': 'text/plain' },
  });
const setFlag = (app: TestApp, tenant: Tenant, key: string, value: unknown) =>
  call(app.api, 'PUT', `/v1/flags/${key}`, { token: tenant.adminToken, body: { value } });

test('flags list their default, the organization’s value and the effective one; set and cleared by an administrator', async (t) => {
  const { app } = t.context;
  const tenant = await createTenant(app);
  const listed = (await call(app.api, 'GET', '/v1/flags', { token: tenant.adminToken })).body.data;
  t.like(
    listed.find((flag: { key: string }) => flag.key === 'claim_attachment_max_mib'),
    { type: 'number', defaultValue: 25, orgValue: null, value: 25 },
  );
  t.like((await setFlag(app, tenant, 'portal_support_email', 'help@acme.example')).body, { orgValue: 'help@acme.example', value: 'help@acme.example' });
  t.like(await setFlag(app, tenant, 'deal_rooms', 'yes'), { status: 400, body: { details: { field: 'value', rule: 'type' } } });
  t.like(await setFlag(app, tenant, 'claim_attachment_max_mib', true), { status: 400 });
  t.is((await setFlag(app, tenant, 'no_such_flag', true)).status, 404);
  t.is((await call(app.api, 'DELETE', '/v1/flags/no_such_flag', { token: tenant.adminToken })).status, 404);
  const auditor = await signedInUser(app, tenant, 'auditor', 'audrey');
  t.is((await call(app.api, 'GET', '/v1/flags', { token: auditor.token })).status, 200);
  t.is((await call(app.api, 'PUT', '/v1/flags/deal_rooms', { token: auditor.token, body: { value: false } })).status, 403);
});

test('a switched-off feature answers 403 feature_disabled for that organization only, until the flag is cleared', async (t) => {
  const { app } = t.context;
  const [off, on] = [await createTenant(app), await createTenant(app)];
  t.is((await ingest(app, off.adminToken)).status, 201);
  t.is((await setFlag(app, off, 'document_ingest', false)).status, 200);
  t.like(await ingest(app, off.adminToken), { status: 403, body: { error: 'feature_disabled', details: { flag: 'document_ingest' } } });
  t.is((await ingest(app, on.adminToken)).status, 201, 'another organization keeps the feature');
  t.is((await call(app.api, 'DELETE', '/v1/flags/document_ingest', { token: off.adminToken })).status, 204);
  t.is((await ingest(app, off.adminToken)).status, 201);
});

test('flag values reach what they govern: the attachment limit of an organization, the portal’s support address, bounds checked', async (t) => {
  const { app } = t.context;
  const tenant = await createTenant(app);
  const insured = await signedInPolicyholder(app, tenant);
  t.is((await call(app.api, 'GET', '/v1/portal/profile', { token: insured.token })).body.supportEmail, null);
  await setFlag(app, tenant, 'portal_support_email', 'claims@acme.example');
  t.is((await call(app.api, 'GET', '/v1/portal/profile', { token: insured.token })).body.supportEmail, 'claims@acme.example');
  t.like(await setFlag(app, tenant, 'claim_attachment_max_mib', 0), { status: 400, body: { details: { field: 'value', rule: 'range' } } });
  t.like(await setFlag(app, tenant, 'claim_attachment_max_mib', 26), { status: 400, body: { details: { rule: 'range' } } });
  t.is((await setFlag(app, tenant, 'claim_attachment_max_mib', 1)).status, 200);
  const claim = await call(app.api, 'POST', '/v1/claims', {
    token: tenant.adminToken,
    body: { policyId: insured.policy.id, lossDate: insured.policy.effectiveDate, description: 'Storm' },
  });
  const attach = (bytes: Buffer) =>
    call(app.api, 'POST', `/v1/claims/${claim.body.id}/attachments?filename=report.pdf`, {
      token: tenant.adminToken,
      rawBody: bytes,
      headers: { 'content-type': 'application/pdf' },
    });
  const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(size - 9, 0x20)]);
  t.is((await attach(pdf(1024 * 1024))).status, 201);
  t.like(await attach(pdf(1024 * 1024 + 1)), { status: 413, body: { error: 'payload_too_large', details: { limitBytes: 1024 * 1024 } } });
});

test('the policyholder portal is gated for the insureds of an organization that switches it off', async (t) => {
  const { app } = t.context;
  const tenant = await createTenant(app);
  const insured = await signedInPolicyholder(app, tenant);
  t.is((await call(app.api, 'GET', '/v1/portal/home', { token: insured.token })).status, 200);
  await setFlag(app, tenant, 'policyholder_portal', false);
  t.like(await call(app.api, 'GET', '/v1/portal/home', { token: insured.token }), { status: 403, body: { error: 'feature_disabled' } });
});
