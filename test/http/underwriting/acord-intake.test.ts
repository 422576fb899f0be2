import anyTest, { type TestFn } from 'ava';
import { acordPdf, COMPLETE, corruptPdf } from '../../../fixtures/acord125/acord125-generator.ts';
import { call, createTenant, startTestApp, type TestApp, type Tenant } from '../../support/test-app.ts';

const test = anyTest as TestFn<{ app: TestApp; tenant: Tenant }>;

test.before(async (t) => {
  const app = await startTestApp();
  t.context = { app, tenant: await createTenant(app) };
});
test.after.always(async (t) => t.context.app.close());

/** PDF intake has its own budget of 20 a minute per caller: tests that upload several files use a tenant of their own. */
const upload = (t: { context: { app: TestApp; tenant: Tenant } }, bytes: Uint8Array, contentType = 'application/pdf', tenant = t.context.tenant) =>
  call(t.context.app.api, 'POST', '/v1/submissions', {
    token: tenant.adminToken,
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

test('a filled ACORD 125 with its 126 (raw PDF, real field names) becomes a complete submission that quotes', async (t) => {
  const created = await upload(t, await acordPdf(COMPLETE));
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
  // The risk's state is the first premises'; the mailing state is reported as the home state.
  t.like(created.body.extraction.fields, { state: 'CA', homeState: 'NV', generalAggregate: 4_000_000 });
  t.deepEqual(created.body.extraction.sources.insuredName, [{ field: 'F[0].P1[0].NamedInsured_FullName_A[0]', form: 'ACORD 125', page: 1 }]);
  t.deepEqual(created.body.extraction.sources.state, [
    { field: 'F[0].P2[0].CommercialStructure_PhysicalAddress_StateOrProvinceCode_A[0]', form: 'ACORD 125', page: 2 },
  ]);
  const quote = await call(t.context.app.api, 'POST', `/v1/submissions/${created.body.id}/quote`, { token: t.context.tenant.adminToken });
  t.is(quote.body.grossPremium, 29_109.38);
});

test('bare leaf names in a multipart upload read the same', async (t) => {
  const { body, contentType } = multipart(await acordPdf(COMPLETE, { bare: true }));
  const created = await upload(t, body, contentType);
  t.is(created.status, 201);
  t.is(created.body.insuredName, 'Blue Pipe Plumbing LLC');
  t.is(created.body.extraction.confidence, 1);
});

test('a half-filled form leaves the submission incomplete and asks for review', async (t) => {
  const created = await upload(t, await acordPdf({ acord125: { insuredName: 'Half Co', mailingState: 'NY', lines: ['CYBER'] } }));
  t.is(created.status, 201);
  t.is(created.body.status, 'incomplete');
  t.deepEqual(created.body.extraction.missing, ['naicsCode', 'annualRevenue', 'requestedLimit', 'effectiveDate']);
  t.true(created.body.extraction.needsReview);
  const quote = await call(t.context.app.api, 'POST', `/v1/submissions/${created.body.id}/quote`, { token: t.context.tenant.adminToken });
  t.is(quote.status, 422);
  t.deepEqual(quote.body.details.missing, ['naicsCode', 'annualRevenue', 'requestedLimit', 'effectiveDate']);
});

test('a checked box reads as checked whatever export value the file stores: 1, Yes or On', async (t) => {
  const tenant = await createTenant(t.context.app);
  for (const checkboxValue of ['1', 'Yes', 'On'] as const) {
    const created = await upload(t, await acordPdf(COMPLETE, { checkboxValue }), 'application/pdf', tenant);
    t.is(created.body.lineOfBusiness, 'GL', checkboxValue);
    t.deepEqual(created.body.extraction.lines, ['GL'], checkboxValue);
  }
});

test('a 125, its 126 and a form not read in one file: each value from its own form, every form listed', async (t) => {
  const tenant = await createTenant(t.context.app);
  const packet = { ...COMPLETE, acord126: { ...COMPLETE.acord126, insuredName: 'A name on the 126' }, unreadForm: true };
  const created = await upload(t, await acordPdf(packet), 'application/pdf', tenant);
  t.is(created.status, 201);
  t.is(created.body.status, 'received');
  t.is(created.body.insuredName, 'Blue Pipe Plumbing LLC', 'the applicant is the 125’s');
  t.is(created.body.requestedLimit, 2_000_000);
  t.is(created.body.extraction.fields.generalAggregate, 4_000_000);
  t.deepEqual(created.body.extraction.sources.requestedLimit, [
    { field: 'F[1].P1[0].GeneralLiability_EachOccurrence_LimitAmount_A[0]', form: 'ACORD 126', page: 5 },
  ]);
  t.deepEqual(created.body.extraction.forms, [
    { form: 'ACORD 125', pages: [1, 2, 3, 4] },
    { form: 'ACORD 126', pages: [5, 6] },
    { form: 'other', pages: [7, 8] },
  ]);

  const alone = await upload(t, await acordPdf({ acord125: COMPLETE.acord125 }), 'application/pdf', tenant);
  t.is(alone.body.status, 'incomplete', 'without its 126 a 125 names no limit');
  t.deepEqual(alone.body.extraction.missing, ['requestedLimit']);
});

test('OTHER rows: errors and omissions is professional liability; several lines leave the line missing and are listed', async (t) => {
  const tenant = await createTenant(t.context.app);
  const other = await upload(
    t,
    await acordPdf({ ...COMPLETE, acord125: { ...COMPLETE.acord125, lines: [], otherLines: ['Errors & Omissions (E&O)'] } }),
    'application/pdf',
    tenant,
  );
  t.is(other.body.lineOfBusiness, 'PL');
  t.deepEqual(other.body.extraction.sources.lineOfBusiness, [
    { field: 'F[0].P1[0].Policy_LineOfBusiness_OtherLineOfBusinessDescription_A[0]', form: 'ACORD 125', page: 1 },
  ]);
  const several = await upload(
    t,
    await acordPdf({ ...COMPLETE, acord125: { ...COMPLETE.acord125, lines: ['GL', 'PROPERTY'], otherLines: ['Liquor liability', 'Professional liability'] } }),
    'application/pdf',
    tenant,
  );
  t.is(several.body.status, 'incomplete');
  t.is(several.body.lineOfBusiness, null);
  t.deepEqual(several.body.extraction.missing, ['lineOfBusiness']);
  t.deepEqual(several.body.extraction.lines, ['GL', 'PROPERTY', 'PL']);
  t.deepEqual(several.body.extraction.otherLines, ['Liquor liability']);
});

test('a flattened PDF has no form: nothing is read, the upload still succeeds', async (t) => {
  const created = await upload(t, await acordPdf(COMPLETE, { flatten: true }));
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
  const missingPart = multipart(await acordPdf(COMPLETE), 'document');
  const noFile = await upload(t, missingPart.body, missingPart.contentType);
  t.deepEqual(noFile.body.details, { field: 'file', rule: 'required' });
  const big = await upload(t, Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(10 * 1024 * 1024)]));
  t.is(big.status, 413);
  const after = await call(t.context.app.api, 'GET', '/v1/submissions?limit=200', { token: t.context.tenant.adminToken });
  t.is(after.body.data.length, before.body.data.length);
});

test('POST /v1/submissions/acord takes the upload alone: a PDF or a multipart file reads as on the combined route; JSON is 415', async (t) => {
  const { app } = t.context;
  const tenant = await createTenant(app);
  const pdf = await acordPdf(COMPLETE);
  const raw = await call(app.api, 'POST', '/v1/submissions/acord', {
    token: tenant.adminToken,
    rawBody: Buffer.from(pdf),
    headers: { 'content-type': 'application/pdf' },
  });
  t.is(raw.status, 201, JSON.stringify(raw.body));
  t.like(raw.body, { source: 'acord125', insuredName: 'Blue Pipe Plumbing LLC', state: 'CA' });
  t.deepEqual(raw.body.extraction.missing, []);
  const form = multipart(pdf);
  const parted = await call(app.api, 'POST', '/v1/submissions/acord', {
    token: tenant.adminToken,
    rawBody: form.body,
    headers: { 'content-type': form.contentType },
  });
  t.is(parted.status, 201);
  t.is(parted.body.insuredName, 'Blue Pipe Plumbing LLC');
  const json = await call(app.api, 'POST', '/v1/submissions/acord', { token: tenant.adminToken, body: { insuredName: 'Typed Co' } });
  t.is(json.status, 415);
  t.is(json.body.error, 'unsupported_media_type');
  const nothing = await call(app.api, 'POST', '/v1/submissions/acord', { token: tenant.adminToken });
  t.like(nothing, { status: 400, body: { details: { field: 'file', rule: 'required' } } });
});
