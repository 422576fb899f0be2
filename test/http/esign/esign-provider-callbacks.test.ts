import anyTest, { type TestFn } from 'ava';
import { call, createTenant, startTestApp, type TestApp, type Tenant } from '../../support/test-app.ts';
import { asDropboxForm, connectMessage, connectSignatures, dropboxCallback, storedReceipt, STRIPE_WEBHOOK_SECRET } from '../../support/esign-providers.ts';

// Two Connect keys configured here, as while one is being rotated at DocuSign.
const CONNECT_KEYS = ['connect-key-current-0123456789abcdef0123', 'connect-key-next-abcdef0123456789abcdef'];
const DROPBOX_SIGN_API_KEY = 'dbx-api-key-0123456789abcdef0123456789abcdef0123456789abcdef';
const test = anyTest as TestFn<{ app: TestApp; tenant: Tenant; documentId: string }>;

test.before(async (t) => {
  const app = await startTestApp({
    env: { STRIPE_WEBHOOK_SECRET, DOCUSIGN_CONNECT_HMAC_KEYS: CONNECT_KEYS.join(','), DROPBOX_SIGN_API_KEY },
  });
  const tenant = await createTenant(app);
  t.context = { app, tenant, documentId: await storedReceipt(app, tenant) };
});
test.after.always(async (t) => t.context.app.close());

const newEnvelope = async (t: { context: { app: TestApp; tenant: Tenant; documentId: string } }): Promise<{ id: string; externalId: string }> => {
  const created = await call(t.context.app.api, 'POST', '/v1/esign/envelopes', {
    token: t.context.tenant.adminToken,
    body: { documentId: t.context.documentId, signers: [{ name: 'Ida Insured', email: 'ida@example.com' }] },
  });
  return { id: created.body.id, externalId: created.body.externalDocumentId };
};
const envelopeStatus = async (t: { context: { app: TestApp; tenant: Tenant } }, id: string) =>
  (await call(t.context.app.api, 'GET', `/v1/esign/envelopes/${id}`, { token: t.context.tenant.adminToken })).body.status;

const sendConnect = (app: TestApp, body: string, headers: Record<string, string>) =>
  call(app.api, 'POST', '/v1/esign/webhook', { rawBody: body, headers: { 'content-type': 'application/json', ...headers } });

test('DocuSign Connect: any of the numbered signatures under any configured key moves the envelope; its events map to statuses', async (t) => {
  const { app } = t.context;
  const { id, externalId } = await newEnvelope(t);
  // DocuSign signs with its active keys, one header each; only the second is known here.
  const delivered = connectMessage('envelope-delivered', externalId);
  const viewed = await sendConnect(app, delivered, connectSignatures(delivered, ['a-key-this-service-does-not-hold-000000', CONNECT_KEYS[1] as string]));
  t.like(viewed, { status: 200, body: { status: 'viewed' } });
  const completed = connectMessage('envelope-completed', externalId);
  t.like(await sendConnect(app, completed, connectSignatures(completed, [CONNECT_KEYS[0] as string])), { status: 200, body: { status: 'completed' } });
  t.is(await envelopeStatus(t, id), 'completed');
  // Connect retries the same message (same generatedDateTime): answered once, as a duplicate.
  t.like(await sendConnect(app, completed, connectSignatures(completed, [CONNECT_KEYS[0] as string])), { status: 200, body: { duplicate: true } });

  for (const [event, status] of [
    ['envelope-declined', 'declined'],
    ['envelope-voided', 'voided'],
  ] as const) {
    const other = await newEnvelope(t);
    const body = connectMessage(event, other.externalId);
    t.like(await sendConnect(app, body, connectSignatures(body, [CONNECT_KEYS[0] as string])), { status: 200, body: { status } });
  }
  const sent = connectMessage('envelope-sent', externalId);
  t.like(await sendConnect(app, sent, connectSignatures(sent, [CONNECT_KEYS[0] as string])), { status: 200, body: { unchanged: true } });
});

test('DocuSign Connect refusals: a wrong key or an altered body is 401, an old generatedDateTime 400; nothing moves', async (t) => {
  const { app } = t.context;
  const { id, externalId } = await newEnvelope(t);
  const body = connectMessage('envelope-completed', externalId);
  const wrongKey = await sendConnect(app, body, connectSignatures(body, ['not-a-configured-connect-key-0000000000']));
  t.like(wrongKey, { status: 401, body: { error: 'invalid_signature' } });
  const altered = await sendConnect(app, body.replace(externalId, `${externalId}x`), connectSignatures(body, [CONNECT_KEYS[0] as string]));
  t.is(altered.status, 401);
  const old = connectMessage('envelope-completed', externalId, new Date(Date.now() - 6 * 60_000).toISOString());
  t.like(await sendConnect(app, old, connectSignatures(old, [CONNECT_KEYS[0] as string])), { status: 400, body: { error: 'stale_event' } });
  t.is(await envelopeStatus(t, id), 'sent');
});

test('Dropbox Sign: a callback posted as a form with event_hash under the API key moves the envelope and is answered with the text it waits for', async (t) => {
  const { app } = t.context;
  const { id, externalId } = await newEnvelope(t);
  const viewed = await asDropboxForm(dropboxCallback('signature_request_viewed', externalId, DROPBOX_SIGN_API_KEY));
  const answer = await call(app.api, 'POST', '/v1/esign/webhook', { rawBody: viewed.body, headers: { 'content-type': viewed.contentType } });
  t.is(answer.status, 200);
  t.is(answer.body, 'Hello API Event Received');
  t.regex(answer.headers.get('content-type') ?? '', /^text\/plain/);
  t.is(await envelopeStatus(t, id), 'viewed');

  // The same callback as a JSON body, and Dropbox Sign's retry of it (same time and type).
  const signed = dropboxCallback('signature_request_all_signed', externalId, DROPBOX_SIGN_API_KEY);
  const first = await call(app.api, 'POST', '/v1/esign/webhook', { rawBody: signed, headers: { 'content-type': 'application/json' } });
  t.deepEqual([first.status, first.body], [200, 'Hello API Event Received']);
  t.is(await envelopeStatus(t, id), 'completed');
  const retried = await call(app.api, 'POST', '/v1/esign/webhook', { rawBody: signed, headers: { 'content-type': 'application/json' } });
  t.deepEqual([retried.status, retried.body], [200, 'Hello API Event Received']);

  for (const [event, status] of [
    ['signature_request_declined', 'declined'],
    ['signature_request_canceled', 'voided'],
    ['signature_request_expired', 'expired'],
  ] as const) {
    const other = await newEnvelope(t);
    const form = await asDropboxForm(dropboxCallback(event, other.externalId, DROPBOX_SIGN_API_KEY));
    t.is((await call(app.api, 'POST', '/v1/esign/webhook', { rawBody: form.body, headers: { 'content-type': form.contentType } })).status, 200);
    t.is(await envelopeStatus(t, other.id), status);
  }
  // The test event Dropbox Sign sends when a callback URL is set: acknowledged, nothing moves.
  const probe = await asDropboxForm(dropboxCallback('callback_test', null, DROPBOX_SIGN_API_KEY));
  const probed = await call(app.api, 'POST', '/v1/esign/webhook', { rawBody: probe.body, headers: { 'content-type': probe.contentType } });
  t.deepEqual([probed.status, probed.body], [200, 'Hello API Event Received']);
});

test('Dropbox Sign refusals: a hash under another key is 401 (not the acknowledgement), an old event_time 400; a form without json 401', async (t) => {
  const { app } = t.context;
  const { id, externalId } = await newEnvelope(t);
  const forged = await asDropboxForm(dropboxCallback('signature_request_all_signed', externalId, 'someone-elses-api-key'));
  const refused = await call(app.api, 'POST', '/v1/esign/webhook', { rawBody: forged.body, headers: { 'content-type': forged.contentType } });
  t.like(refused, { status: 401, body: { error: 'invalid_signature' } });
  const oldTime = String(Math.floor(Date.now() / 1000) - 6 * 60);
  const stale = await asDropboxForm(dropboxCallback('signature_request_all_signed', externalId, DROPBOX_SIGN_API_KEY, oldTime));
  t.like(await call(app.api, 'POST', '/v1/esign/webhook', { rawBody: stale.body, headers: { 'content-type': stale.contentType } }), {
    status: 400,
    body: { error: 'stale_event' },
  });
  const empty = new FormData();
  empty.set('other', 'x');
  const request = new Request('http://127.0.0.1/', { method: 'POST', body: empty });
  const noJson = await call(app.api, 'POST', '/v1/esign/webhook', {
    rawBody: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') as string },
  });
  t.true([400, 401].includes(noJson.status));
  t.is(await envelopeStatus(t, id), 'sent');
});
