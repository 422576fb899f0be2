import anyTest, { type TestFn } from 'ava';
import { generateKeyPairSync } from 'node:crypto';
import { getCACertificates, setDefaultCACertificates } from 'node:tls';
import { call, createTenant, startTestApp, type TestApp, type Tenant } from '../../support/test-app.ts';
import { LOOPBACK_TLS, startDocuSignDouble } from '../../support/docusign-double.ts';
import { startDropboxSignDouble } from '../../support/dropbox-sign-double.ts';
import { connectMessage, connectSignatures, dropboxCallback, storedReceipt, STRIPE_WEBHOOK_SECRET } from '../../support/esign-providers.ts';

const CONNECT_KEY = 'connect-key-current-0123456789abcdef0123';
const DROPBOX_SIGN_API_KEY = 'dbx-api-key-0123456789abcdef0123456789abcdef0123456789abcdef';
const DOCUSIGN = {
  integrationKey: '4c2b1a90-1f7e-4d2a-9b3c-5e6f7a8b9c0d',
  userId: 'c7b1a0d2-3e4f-4a5b-8c6d-7e8f9a0b1c2d',
  accountId: '8f4e5d2a-1b3c-4d5e-9f70-123456789abc',
};

interface Sandbox {
  app: TestApp;
  tenant: Tenant;
  documentId: string;
}
const test = anyTest as TestFn<{
  docusign: Sandbox & { double: Awaited<ReturnType<typeof startDocuSignDouble>> };
  dropbox: Sandbox & { double: Awaited<ReturnType<typeof startDropboxSignDouble>> };
}>;

const sandbox = async (env: Record<string, string>): Promise<Sandbox> => {
  const app = await startTestApp({ env: { STRIPE_WEBHOOK_SECRET, ...env } });
  const tenant = await createTenant(app);
  return { app, tenant, documentId: await storedReceipt(app, tenant) };
};

test.before(async (t) => {
  // DocuSign's SDK speaks HTTPS only: its double's certificate is trusted beside the system's.
  setDefaultCACertificates([...getCACertificates('default'), LOOPBACK_TLS.ca]);
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const docusignDouble = await startDocuSignDouble({ ...DOCUSIGN, publicKey });
  const dropboxDouble = await startDropboxSignDouble(DROPBOX_SIGN_API_KEY);
  const docusign = await sandbox({
    ESIGN_PROVIDER: 'docusign',
    DOCUSIGN_INTEGRATION_KEY: DOCUSIGN.integrationKey,
    DOCUSIGN_USER_ID: DOCUSIGN.userId,
    DOCUSIGN_ACCOUNT_ID: DOCUSIGN.accountId,
    DOCUSIGN_PRIVATE_KEY: privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
    DOCUSIGN_OAUTH_HOST: docusignDouble.oAuthHost,
    DOCUSIGN_BASE_PATH: docusignDouble.basePath,
    DOCUSIGN_CONNECT_HMAC_KEYS: CONNECT_KEY,
  });
  const dropbox = await sandbox({ ESIGN_PROVIDER: 'dropbox-sign', DROPBOX_SIGN_API_KEY, DROPBOX_SIGN_API_BASE: dropboxDouble.basePath });
  t.context = { docusign: { ...docusign, double: docusignDouble }, dropbox: { ...dropbox, double: dropboxDouble } };
});
test.after.always(async (t) => {
  await Promise.all([t.context.docusign.app.close(), t.context.dropbox.app.close(), t.context.docusign.double.close(), t.context.dropbox.double.close()]);
});

const send = ({ app, tenant, documentId }: Sandbox) =>
  call(app.api, 'POST', '/v1/esign/envelopes', {
    token: tenant.adminToken,
    body: { documentId, signers: [{ name: 'Ida Insured', email: 'ida@example.com' }], subject: 'Please sign your receipt' },
  });
const envelopeOf = ({ app, tenant }: Sandbox, id: string) => call(app.api, 'GET', `/v1/esign/envelopes/${id}`, { token: tenant.adminToken });
const connect = ({ app }: Sandbox, body: string) =>
  call(app.api, 'POST', '/v1/esign/webhook', { rawBody: body, headers: { 'content-type': 'application/json', ...connectSignatures(body, [CONNECT_KEY]) } });

test('DocuSign: the envelope reaches its signers; completion is confirmed with DocuSign and the signed copy stored; a retry after an early callback succeeds', async (t) => {
  const { docusign } = t.context;
  const created = await send(docusign);
  t.is(created.status, 201);
  t.like(created.body, { provider: 'docusign', status: 'sent', signedDocumentId: null });
  const atDocuSign = docusign.double.envelopes.get(created.body.externalDocumentId);
  t.like(atDocuSign, { status: 'sent', emailSubject: 'Please sign your receipt' });
  t.is(atDocuSign?.signers[0]?.email, 'ida@example.com');

  // A completion DocuSign itself does not confirm yet is not taken: the delivery fails and Connect retries it.
  const message = connectMessage('envelope-completed', created.body.externalDocumentId);
  t.like(await connect(docusign, message), { status: 502, body: { error: 'esign_provider_error' } });
  t.is((await envelopeOf(docusign, created.body.id)).body.status, 'sent');
  docusign.double.complete(created.body.externalDocumentId);
  t.like(await connect(docusign, message), { status: 200, body: { status: 'completed' } });

  const completed = (await envelopeOf(docusign, created.body.id)).body;
  t.is(completed.status, 'completed');
  t.truthy(completed.signedDocumentId);
  const signed = await call(docusign.app.api, 'GET', `/v1/documents/${completed.signedDocumentId}`, { token: docusign.tenant.adminToken });
  t.like(signed, { status: 200, body: { type: 'signed', contentType: 'application/pdf' } });
});

// Serial: it arms the double to refuse its next call, which a test running beside it would take.
test.serial('DocuSign: voiding withdraws the envelope at DocuSign with the reason; a refusal there leaves it as it was', async (t) => {
  const { docusign } = t.context;
  const created = await send(docusign);
  docusign.double.control.rateLimitNext = 1;
  const limited = await call(docusign.app.api, 'POST', `/v1/esign/envelopes/${created.body.id}/void`, {
    token: docusign.tenant.adminToken,
    body: { reason: 'Wrong insured' },
  });
  t.like(limited, { status: 502, body: { error: 'esign_provider_error' } });
  t.is((await envelopeOf(docusign, created.body.id)).body.status, 'sent');
  const voided = await call(docusign.app.api, 'POST', `/v1/esign/envelopes/${created.body.id}/void`, {
    token: docusign.tenant.adminToken,
    body: { reason: 'Wrong insured' },
  });
  t.like(voided, { status: 200, body: { status: 'voided', voidedReason: 'Wrong insured' } });
  t.like(docusign.double.envelopes.get(created.body.externalDocumentId), { status: 'voided', voidedReason: 'Wrong insured' });
  const again = await call(docusign.app.api, 'POST', `/v1/esign/envelopes/${created.body.id}/void`, {
    token: docusign.tenant.adminToken,
    body: { reason: 'again' },
  });
  t.like(again, { status: 422, body: { error: 'invalid_transition' } });
});

test('Dropbox Sign: the request reaches its signers; the all-signed callback stores the signed copy; cancelling withdraws it there', async (t) => {
  const { dropbox } = t.context;
  const created = await send(dropbox);
  t.like(created, { status: 201, body: { provider: 'dropbox-sign' } });
  const request = dropbox.double.requests.get(created.body.externalDocumentId);
  t.like(request, { test_mode: true, metadata: { serviceEnvelopeId: created.body.id } });

  dropbox.double.complete(created.body.externalDocumentId);
  const callback = dropboxCallback('signature_request_all_signed', created.body.externalDocumentId, DROPBOX_SIGN_API_KEY);
  const answer = await call(dropbox.app.api, 'POST', '/v1/esign/webhook', { rawBody: callback, headers: { 'content-type': 'application/json' } });
  t.deepEqual([answer.status, answer.body], [200, 'Hello API Event Received']);
  const completed = (await envelopeOf(dropbox, created.body.id)).body;
  t.like(completed, { status: 'completed' });
  t.like(await call(dropbox.app.api, 'GET', `/v1/documents/${completed.signedDocumentId}`, { token: dropbox.tenant.adminToken }), {
    status: 200,
    body: { type: 'signed' },
  });

  // Dropbox Sign's hash covers only the event's time and type: a callback reusing one for another
  // request is believed only as far as Dropbox Sign itself bears it out.
  const open = await send(dropbox);
  const forged = dropboxCallback('signature_request_declined', open.body.externalDocumentId, DROPBOX_SIGN_API_KEY);
  const ignored = await call(dropbox.app.api, 'POST', '/v1/esign/webhook', { rawBody: forged, headers: { 'content-type': 'application/json' } });
  t.deepEqual([ignored.status, ignored.body], [200, 'Hello API Event Received']);
  t.is((await envelopeOf(dropbox, open.body.id)).body.status, 'sent');
  dropbox.double.decline(open.body.externalDocumentId);
  const declined = dropboxCallback('signature_request_declined', open.body.externalDocumentId, DROPBOX_SIGN_API_KEY, String(Math.floor(Date.now() / 1000) + 1));
  await call(dropbox.app.api, 'POST', '/v1/esign/webhook', { rawBody: declined, headers: { 'content-type': 'application/json' } });
  t.is((await envelopeOf(dropbox, open.body.id)).body.status, 'declined');

  const other = await send(dropbox);
  const voided = await call(dropbox.app.api, 'POST', `/v1/esign/envelopes/${other.body.id}/void`, {
    token: dropbox.tenant.adminToken,
    body: { reason: 'Superseded' },
  });
  t.like(voided, { status: 200, body: { status: 'voided' } });
  t.true(dropbox.double.requests.get(other.body.externalDocumentId)?.is_canceled);
});
