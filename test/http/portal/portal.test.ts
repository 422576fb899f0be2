import anyTest, { type TestFn } from 'ava';
import { pdfText } from '../../../adapters/documents/pdf-text.ts';
import { boundPolicy, signedInPolicyholder } from '../../support/mothers.ts';
import { CHROMIUM, chromiumMissing } from '../../support/chromium.ts';
import { call, createTenant, MACHINE_SECRET, startTestApp, type Tenant, type TestApp } from '../../support/test-app.ts';

type Insured = Awaited<ReturnType<typeof signedInPolicyholder>>;
const test = anyTest as TestFn<{ app: TestApp; a: Tenant; insured: Insured; neighbour: Insured; foreign: Insured }>;

test.before(async (t) => {
  const missing = chromiumMissing();
  if (missing) t.fail(missing);
  const app = await startTestApp({ env: { PUPPETEER_EXECUTABLE_PATH: CHROMIUM } });
  const a = await createTenant(app);
  t.context = {
    app,
    a,
    insured: await signedInPolicyholder(app, a, { submission: { insuredName: 'Blue Pipe Plumbing LLC' } }),
    neighbour: await signedInPolicyholder(app, a),
    foreign: await signedInPolicyholder(app, await createTenant(app)),
  };
});
test.after.always(async (t) => t.context.app.close());

const get = (t: { context: { app: TestApp } }, token: string, path: string) => call(t.context.app.api, 'GET', path, { token });
const pdfAt = async (app: TestApp, url: string) => {
  const link = new URL(url);
  return pdfText(new Uint8Array(await (await fetch(`${app.api}${link.pathname}${link.search}`)).arrayBuffer()));
};

test('the insured sees its own policy, invoices and dashboard; another insured’s records, here or elsewhere, are 404', async (t) => {
  const { insured, neighbour, foreign } = t.context;
  const home = await get(t, insured.token, '/v1/portal/home');
  t.is(home.status, 200);
  t.like(home.body, { insuredName: 'Blue Pipe Plumbing LLC', openClaims: [] });
  t.deepEqual(
    home.body.policies.map((policy: { id: string }) => policy.id),
    [insured.policy.id],
  );
  t.like((await get(t, insured.token, '/v1/portal/policies')).body, { data: [{ id: insured.policy.id, policyNumber: insured.policy.policyNumber }] });
  t.like((await get(t, insured.token, `/v1/portal/policies/${insured.policy.id}`)).body, { id: insured.policy.id, status: 'active' });
  for (const other of [neighbour, foreign]) {
    t.is((await get(t, insured.token, `/v1/portal/policies/${other.policy.id}`)).status, 404);
    t.is((await get(t, insured.token, `/v1/portal/invoices/${other.invoice.id}`)).status, 404);
    t.is((await get(t, insured.token, `/v1/portal/policies/${other.policy.id}/coi`)).status, 404);
  }
  const invoices = (await get(t, insured.token, '/v1/portal/invoices')).body.data;
  t.deepEqual(
    invoices.map((invoice: { policyId: string }) => invoice.policyId),
    invoices.map(() => insured.policy.id),
  );
  t.like((await get(t, insured.token, `/v1/portal/invoices/${insured.invoice.id}`)).body, { id: insured.invoice.id });
});

test('downloads are signed URLs: a certificate naming the insured, the invoice as a PDF (kept for its state), both listed as documents', async (t) => {
  const { app, insured } = t.context;
  const coi = await get(t, insured.token, `/v1/portal/policies/${insured.policy.id}/coi`);
  t.is(coi.status, 200);
  t.deepEqual(Object.keys(coi.body).sort(), ['expiresAt', 'url']);
  t.true((await pdfAt(app, coi.body.url)).includes('Blue Pipe Plumbing LLC'));
  t.is(
    new URL((await get(t, insured.token, `/v1/portal/policies/${insured.policy.id}/coi`)).body.url).pathname,
    new URL(coi.body.url).pathname,
    'drawn once per version',
  );
  const invoicePdf = await get(t, insured.token, `/v1/portal/invoices/${insured.invoice.id}/download`);
  t.is(invoicePdf.status, 200);
  t.true((await pdfAt(app, invoicePdf.body.url)).includes(insured.invoice.invoiceNumber));
  const documents = (await get(t, insured.token, '/v1/portal/documents')).body.data;
  t.true(documents.some((document: { type: string }) => document.type === 'coi'));
  const rendered = documents.find((document: { type: string }) => document.type === 'rendered');
  const again = await get(t, insured.token, `/v1/portal/documents/${rendered.id}/download`);
  t.true((await pdfAt(app, again.body.url)).includes(insured.invoice.invoiceNumber));
  const othersDocument = (await get(t, t.context.neighbour.token, `/v1/portal/policies/${t.context.neighbour.policy.id}/coi`)).body.url;
  const othersId = new URL(othersDocument).pathname.split('/')[3];
  t.is((await get(t, insured.token, `/v1/portal/documents/${othersId}/download`)).status, 404);
});

test('an MCS-90 exists for a motor carrier policy only', async (t) => {
  const { app, a, insured } = t.context;
  const gl = await get(t, insured.token, `/v1/portal/policies/${insured.policy.id}/mcs90`);
  t.like(gl, { status: 404, body: { error: 'not_found' } });
  t.regex(gl.body.message, /motor carrier \(AUTO\) policies only/);
  const truck = await signedInPolicyholder(app, a, { submission: { lineOfBusiness: 'AUTO', naicsCode: '484121', insuredName: 'Lone Star Haulers Inc' } });
  const mcs90 = await get(t, truck.token, `/v1/portal/policies/${truck.policy.id}/mcs90`);
  t.is(mcs90.status, 200);
  t.true((await pdfAt(app, mcs90.body.url)).includes('Lone Star Haulers Inc'));
});

test('the profile takes an E.164 phone and a US address; push tokens are stored once per device', async (t) => {
  const { app, insured } = t.context;
  const profile = await get(t, insured.token, '/v1/portal/profile');
  t.like(profile.body, { policyNumber: insured.policy.policyNumber, email: insured.email, phone: null, address: null });
  const put = (body: unknown) => call(app.api, 'PUT', '/v1/portal/profile', { token: insured.token, body });
  t.like(await put({ phone: '555-0123' }), { status: 400, body: { details: { field: 'phone' } } });
  t.like(await put({ address: { line1: '1 Main St', city: 'Austin', state: 'TX', postalCode: '7870' } }), {
    status: 400,
    body: { details: { field: 'address.postalCode' } },
  });
  t.like(await put({ address: { line1: '1 Main St', city: 'Austin', state: 'XX', postalCode: '78701' } }), {
    status: 400,
    body: { details: { field: 'address.state' } },
  });
  t.like(await put({}), { status: 400 });
  const address = { line1: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701' };
  t.like(await put({ phone: '+15125550123', address }), { status: 200, body: { phone: '+15125550123', address } });
  t.like((await put({ phone: '+15125550199' })).body, { phone: '+15125550199', address }, 'a partial update keeps the rest');
  const register = (token: string, platform = 'ios') => call(app.api, 'POST', '/v1/portal/push-tokens', { token: insured.token, body: { token, platform } });
  const first = await register('device-token-0001');
  t.is(first.status, 201, JSON.stringify(first.body));
  t.is((await register('device-token-0001')).body.id, first.body.id, 'the same device is one record');
  t.is((await register('device-token-0002', 'fax')).status, 400);
});

test('staff credentials are 403 on the portal and policyholder tokens are 403 everywhere else', async (t) => {
  const { a, insured } = t.context;
  t.is((await get(t, a.adminToken, '/v1/portal/home')).status, 403);
  t.is((await get(t, MACHINE_SECRET, '/v1/portal/home')).status, 403);
  t.is((await get(t, insured.token, `/v1/policies/${insured.policy.id}`)).status, 403);
  t.is((await get(t, insured.token, '/v1/invoices')).status, 403);
  t.is((await call(t.context.app.api, 'POST', '/v1/claims', { token: insured.token, body: {} })).status, 403);
  const other = await boundPolicy(t.context.app, a);
  t.is((await get(t, insured.token, `/v1/portal/policies/${other.policy.id}`)).status, 404);
});
