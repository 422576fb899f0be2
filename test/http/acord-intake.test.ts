import anyTest, { type TestFn } from 'ava';
import { acord125Pdf, COMPLETE, corruptPdf } from '../../fixtures/acord125/acord125-generator.ts';
import { call, createTenant, startTestApp, type TestApp, type Tenant } from '../support/test-app.ts';

const test = anyTest as TestFn<{ app: TestApp; tenant: Tenant }>;

test.before(async (t) => {
  const app = await startTestApp();
  t.context = { app, tenant: await createTenant(app) };
});
test.after.always(async (t) => t.context.app.close());

const upload = (t: { context: { app: TestApp; tenant: Tenant } }, bytes: Uint8Array, contentType = 'application/pdf') =>
  call(t.context.app.api, 'POST', '/v1/submissions', {
    token: t.context.tenant.adminToken,
    rawBody: Buffer.from(bytes),
    headers: { 'content-type': contentType },
  });

const multipart = (bytes: Uint8Array, field = 'file') => {
  const boundary = '----acord-test-boundary';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="acord125.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
    Buffer.from(bytes),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
};

test('a filled ACORD 125 (raw PDF) becomes a complete submission that quotes', async (t) => {
  const created = await upload(t, await acord125Pdf(COMPLETE));
  t.is(created.status, 201);
  t.like(created.body, {
    status: 'received',
    source: 'acord125',
    insuredName: 'Blue Pipe Plumbing LLC',
    naicsCode: '238220',
    state: 'CA',
    effectiveDate: '2027-01-01',
    annualRevenue: 2_500_000,
    requestedLimit: 2_000_000,
    lineOfBusiness: 'GL',
    contactEmail: 'owner@bluepipe.example',
  });
  t.deepEqual(created.body.extraction.missing, []);
  t.is(created.body.extraction.confidence, 1);
  t.false(created.body.extraction.needsReview);
  const quote = await call(t.context.app.api, 'POST', `/v1/submissions/${created.body.id}/quote`, { token: t.context.tenant.adminToken });
  t.is(quote.body.grossPremium, 29_109.38);
});

test('XFA-qualified field names in a multipart upload read the same', async (t) => {
  const { body, contentType } = multipart(await acord125Pdf(COMPLETE, { xfa: true }));
  const created = await upload(t, body, contentType);
  t.is(created.status, 201);
  t.is(created.body.insuredName, 'Blue Pipe Plumbing LLC');
  t.is(created.body.extraction.confidence, 1);
});

test('a half-filled form leaves the submission incomplete and asks for review', async (t) => {
  const created = await upload(t, await acord125Pdf({ insuredName: 'Half Co', state: 'NY', line: 'Cyber' }));
  t.is(created.status, 201);
  t.is(created.body.status, 'incomplete');
  t.deepEqual(created.body.extraction.missing, ['naicsCode', 'annualRevenue', 'requestedLimit', 'effectiveDate']);
  t.true(created.body.extraction.needsReview);
  const quote = await call(t.context.app.api, 'POST', `/v1/submissions/${created.body.id}/quote`, { token: t.context.tenant.adminToken });
  t.is(quote.status, 422);
  t.deepEqual(quote.body.details.missing, ['naicsCode', 'annualRevenue', 'requestedLimit', 'effectiveDate']);
});

test('a flattened PDF has no form: nothing is read, the upload still succeeds', async (t) => {
  const created = await upload(t, await acord125Pdf(COMPLETE, { flatten: true }));
  t.is(created.status, 201);
  t.is(created.body.status, 'incomplete');
  t.is(created.body.extraction.confidence, 0);
});

test.serial('corrupt, non-PDF and oversized uploads are refused and store nothing', async (t) => {
  const before = await call(t.context.app.api, 'GET', '/v1/submissions?limit=200', { token: t.context.tenant.adminToken });
  const corrupt = await upload(t, corruptPdf());
  t.is(corrupt.status, 400);
  t.is(corrupt.body.error, 'invalid_document');
  const notPdf = await upload(t, Buffer.from('hello, not a pdf'));
  t.is(notPdf.body.error, 'invalid_document');
  const { body, contentType } = multipart(Buffer.from('GIF89a'));
  t.is((await upload(t, body, contentType)).body.error, 'invalid_document');
  const missingPart = multipart(await acord125Pdf(COMPLETE), 'document');
  const noFile = await upload(t, missingPart.body, missingPart.contentType);
  t.deepEqual(noFile.body.details, { field: 'file', rule: 'required' });
  const big = await upload(t, Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(10 * 1024 * 1024)]));
  t.is(big.status, 413);
  const after = await call(t.context.app.api, 'GET', '/v1/submissions?limit=200', { token: t.context.tenant.adminToken });
  t.is(after.body.data.length, before.body.data.length);
});
