import anyTest, { type TestFn } from 'ava';
import { createHmac } from 'node:crypto';
import { call, createTenant, JWT_SECRET, startTestApp, type TestApp, type Tenant } from '../../support/test-app.ts';
import { storedReceipt, STRIPE_WEBHOOK_SECRET } from '../../support/esign-providers.ts';

const ESIGN_WEBHOOK_SECRET = 'esign-secret-0123456789abcdef';
const test = anyTest as TestFn<{ app: TestApp; tenant: Tenant; documentId: string }>;

test.before(async (t) => {
  const app = await startTestApp({ env: { STRIPE_WEBHOOK_SECRET, ESIGN_WEBHOOK_SECRET } });
  const tenant = await createTenant(app);
  t.context = { app, tenant, documentId: await storedReceipt(app, tenant) };
});
test.after.always(async (t) => t.context.app.close());

let counter = 0;
const sendEsign = (
  app: TestApp,
  event: string,
  data: Record<string, unknown>,
  options: { header?: string; prefix?: string; secret?: string; createdAt?: string; id?: string } = {},
) => {
  counter += 1;
  const body = JSON.stringify({ id: options.id ?? `esign_evt_${counter}`, event, createdAt: options.createdAt ?? new Date().toISOString(), data });
  const signature = createHmac('sha256', options.secret ?? ESIGN_WEBHOOK_SECRET)
    .update(body)
    .digest('hex');
  return call(app.api, 'POST', '/v1/esign/webhook', {
    rawBody: body,
    headers: { 'content-type': 'application/json', [options.header ?? 'x-webhook-signature']: `${options.prefix ?? ''}${signature}` },
  });
};

const createEnvelope = (t: { context: { app: TestApp; tenant: Tenant; documentId: string } }) =>
  call(t.context.app.api, 'POST', '/v1/esign/envelopes', {
    token: t.context.tenant.adminToken,
    body: { documentId: t.context.documentId, signers: [{ name: 'Ida Insured', email: 'ida@example.com' }], subject: 'Please sign' },
  });

test('an envelope is sent for a stored document and follows the provider events to completed', async (t) => {
  const { app, tenant, documentId } = t.context;
  const created = await createEnvelope(t);
  t.is(created.status, 201);
  t.like(created.body, { documentId, status: 'sent', signers: [{ name: 'Ida Insured', email: 'ida@example.com' }], subject: 'Please sign', completedAt: null });
  const externalId = created.body.externalDocumentId;
  t.truthy(externalId);

  const opened = await sendEsign(app, 'DOCUMENT_OPENED', { documentId: externalId });
  t.like(opened, { status: 200, body: { status: 'viewed' } });
  const signed = await sendEsign(app, 'DOCUMENT_SIGNED', { envelopeId: externalId }, { header: 'x-provider-b-signature-1', prefix: 'sha256=' });
  t.like(signed, { status: 200, body: { status: 'completed' } });
  const late = await sendEsign(app, 'DOCUMENT_OPENED', { documentId: externalId }, { header: 'x-provider-a-signature' });
  t.like(late, { status: 200, body: { status: 'completed', unchanged: true } });

  const envelope = await call(app.api, 'GET', `/v1/esign/envelopes/${created.body.id}`, { token: tenant.adminToken });
  t.like(envelope.body, { status: 'completed' });
  t.truthy(Date.parse(envelope.body.completedAt));
  const other = await createTenant(app);
  t.is((await call(app.api, 'GET', `/v1/esign/envelopes/${created.body.id}`, { token: other.adminToken })).status, 404);
});

test('each provider event maps to its status', async (t) => {
  const { app, tenant } = t.context;
  for (const [event, status] of [
    ['DOCUMENT_REJECTED', 'declined'],
    ['DOCUMENT_DECLINED', 'declined'],
    ['DOCUMENT_CANCELLED', 'voided'],
    ['DOCUMENT_VOIDED', 'voided'],
    ['DOCUMENT_EXPIRED', 'expired'],
    ['DOCUMENT_COMPLETED', 'completed'],
  ] as const) {
    const created = await createEnvelope(t);
    await sendEsign(app, event, { documentId: created.body.externalDocumentId });
    const envelope = await call(app.api, 'GET', `/v1/esign/envelopes/${created.body.id}`, { token: tenant.adminToken });
    t.is(envelope.body.status, status, event);
    t.is(envelope.body.completedAt !== null, status === 'completed', event);
  }
});

test('rejections: bad or missing signature 401, stale 400, duplicate id 200 once, unknown events and documents acknowledged', async (t) => {
  const { app, tenant } = t.context;
  const created = await createEnvelope(t);
  const externalId = created.body.externalDocumentId;
  const forged = await sendEsign(app, 'DOCUMENT_SIGNED', { documentId: externalId }, { secret: 'wrong' });
  t.like(forged, { status: 401, body: { error: 'invalid_signature' } });
  const unsigned = await call(app.api, 'POST', '/v1/esign/webhook', {
    rawBody: JSON.stringify({ id: 'x', event: 'DOCUMENT_SIGNED', createdAt: new Date().toISOString(), data: { documentId: externalId } }),
    headers: { 'content-type': 'application/json' },
  });
  t.is(unsigned.status, 401);
  const stale = await sendEsign(app, 'DOCUMENT_SIGNED', { documentId: externalId }, { createdAt: new Date(Date.now() - 6 * 60_000).toISOString() });
  t.like(stale, { status: 400, body: { error: 'stale_event' } });
  const noDate = await sendEsign(app, 'DOCUMENT_SIGNED', { documentId: externalId }, { createdAt: 'yesterday' });
  t.is(noDate.status, 400);
  t.is((await call(app.api, 'GET', `/v1/esign/envelopes/${created.body.id}`, { token: tenant.adminToken })).body.status, 'sent');

  const first = await sendEsign(app, 'DOCUMENT_OPENED', { documentId: externalId }, { id: 'esign_dup' });
  const again = await sendEsign(app, 'DOCUMENT_OPENED', { documentId: externalId }, { id: 'esign_dup' });
  t.like(first.body, { status: 'viewed' });
  t.like(again, { status: 200, body: { duplicate: true } });
  t.like(await sendEsign(app, 'DOCUMENT_UPLOADED', { documentId: externalId }), { status: 200, body: { ignored: 'DOCUMENT_UPLOADED' } });
  t.like(await sendEsign(app, 'DOCUMENT_SIGNED', { documentId: 'esd_unknown' }), { status: 200, body: { ignored: 'unknown document' } });
});

test('sending needs a document of the organization and valid signers', async (t) => {
  const { app, tenant, documentId } = t.context;
  const missing = await call(app.api, 'POST', '/v1/esign/envelopes', {
    token: tenant.adminToken,
    body: { documentId: 'doc_missing', signers: [{ name: 'A', email: 'a@example.com' }] },
  });
  t.is(missing.status, 404);
  const other = await createTenant(app);
  const foreign = await call(app.api, 'POST', '/v1/esign/envelopes', {
    token: other.adminToken,
    body: { documentId, signers: [{ name: 'A', email: 'a@example.com' }] },
  });
  t.is(foreign.status, 404);
  for (const signers of [[], [{ name: 'A', email: 'not-an-email' }], [{ name: '', email: 'a@example.com' }]]) {
    const bad = await call(app.api, 'POST', '/v1/esign/envelopes', { token: tenant.adminToken, body: { documentId, signers } });
    t.is(bad.status, 400, JSON.stringify(signers));
  }
});

test('a stored document is described with a signed download link that fails once altered or expired', async (t) => {
  const { app, tenant, documentId } = t.context;
  const described = await call(app.api, 'GET', `/v1/documents/${documentId}`, { token: tenant.adminToken });
  t.is(described.status, 200);
  t.like(described.body, { id: documentId, type: 'receipt', contentType: 'text/html; charset=utf-8' });
  t.regex(described.body.filename, /^RCPT-.+-\d+\.html$/);
  const url = new URL(described.body.downloadUrl);
  t.true(Math.abs(Date.parse(described.body.expiresAt) - Date.now() - 15 * 60_000) < 60_000);

  const download = await fetch(`${app.api}${url.pathname}${url.search}`);
  t.is(download.status, 200);
  t.is(download.headers.get('content-type'), 'text/html; charset=utf-8');
  const html = await download.text();
  t.true(html.includes('Payment receipt'));
  t.is(html.length, described.body.size);

  const altered = (name: string, value: string) => {
    const copy = new URL(url);
    copy.searchParams.set(name, value);
    return fetch(`${app.api}${copy.pathname}${copy.search}`);
  };
  const other = await createTenant(app);
  const signature = url.searchParams.get('signature') as string;
  for (const response of [
    await altered('signature', `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`),
    await altered('org', other.orgId),
    await altered('expires', String(Number(url.searchParams.get('expires')) + 60)),
  ]) {
    t.is(response.status, 403);
    t.is(((await response.json()) as { error: string }).error, 'forbidden');
  }
  const expired = Math.floor(Date.now() / 1000) - 1;
  const key = createHmac('sha256', JWT_SECRET).update('document-download-links').digest();
  const validButExpired = createHmac('sha256', key).update(`${tenant.orgId}\n${documentId}\n${expired}`).digest('hex');
  const late = await fetch(`${app.api}${url.pathname}?${new URLSearchParams({ org: tenant.orgId, expires: String(expired), signature: validButExpired })}`);
  t.is(late.status, 403);

  t.is((await call(app.api, 'GET', `/v1/documents/${documentId}`, { token: other.adminToken })).status, 404);
});
