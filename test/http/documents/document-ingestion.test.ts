import anyTest, { type TestFn } from 'ava';
import { randomBytes } from 'node:crypto';
import { acordPdf, COMPLETE } from '../../../fixtures/acord125/acord125-generator.ts';
import { generateDocument } from '../../../fixtures/documents/document-generator.ts';
import { addDays, today } from '../../../core/shared/calendar-date.ts';
import { boundPolicy } from '../../support/mothers.ts';
import { startChatCompletionsDouble, type ChatCompletionsDouble } from '../../support/openai-double.ts';
import { call, createTenant, startTestApp, type Tenant, type TestApp } from '../../support/test-app.ts';

const test = anyTest as TestFn<{ app: TestApp; a: Tenant; ai: TestApp; aiTenant: Tenant; double: ChatCompletionsDouble }>;

test.before(async (t) => {
  const double = await startChatCompletionsDouble();
  const app = await startTestApp();
  // Long enough for an answering double on a busy machine; the hanging one is cut off by it.
  const ai = await startTestApp({ env: { AI_BASE_URL: double.baseUrl, AI_API_KEY: 'sk-test-key', AI_MODEL: 'gpt-test', AI_TIMEOUT_MS: '3000' } });
  t.context = { app, a: await createTenant(app), ai, aiTenant: await createTenant(ai), double };
});
test.after.always(async (t) => {
  await Promise.all([t.context.app.close(), t.context.ai.close()]);
  await t.context.double.close();
});

const ingest = (app: TestApp, token: string, bytes: Uint8Array, contentType: string, filename: string) =>
  call(app.api, 'POST', `/v1/documents/ingest?filename=${encodeURIComponent(filename)}`, {
    token,
    rawBody: Buffer.from(bytes),
    headers: { 'content-type': contentType },
  });

test('an ACORD 125 is classified and its applicant read from the form; a loss run gives its totals', async (t) => {
  const { app, a } = t.context;
  const application = await ingest(app, a.adminToken, await acordPdf(COMPLETE), 'application/pdf', 'acord125.pdf');
  t.is(application.status, 201);
  t.like(application.body, {
    type: 'ingested',
    contentType: 'application/pdf',
    classification: { type: 'acord_125', needsReview: false, classifiedBy: 'embedded' },
    extracted: { insuredName: 'Blue Pipe Plumbing LLC', naicsCode: '238220', state: 'CA', annualRevenue: 2_500_000 },
  });
  const lossRun = await generateDocument('loss_run', 4242, 0);
  const read = await ingest(app, a.adminToken, lossRun.pdf, 'application/pdf', 'losses.pdf');
  t.like(read.body, { classification: { type: 'loss_run' } });
  t.is(typeof read.body.extracted.totalPaid, 'number');
  t.is(read.body.extracted.totalIncurred, read.body.extracted.totalPaid + read.body.extracted.totalReserves);
  const listed = await call(app.api, 'GET', '/v1/documents?type=ingested', { token: a.adminToken });
  t.true(listed.body.data.some((document: { id: string }) => document.id === read.body.id));
});

test('a stored ACORD application becomes a submission through the same intake; other documents and other organizations’ do not', async (t) => {
  const { app } = t.context;
  const [a, b] = [await createTenant(app), await createTenant(app)];
  const pdf = await acordPdf({ ...COMPLETE, unreadForm: true });
  const stored = await ingest(app, a.adminToken, pdf, 'application/pdf', 'application.pdf');
  t.is(stored.body.classification.type, 'acord_125');
  const fromDocument = await call(app.api, 'POST', '/v1/submissions', { token: a.adminToken, body: { documentId: stored.body.id } });
  t.is(fromDocument.status, 201, JSON.stringify(fromDocument.body));
  t.like(fromDocument.body, { status: 'received', source: 'acord125', insuredName: 'Blue Pipe Plumbing LLC', requestedLimit: 2_000_000, lineOfBusiness: 'GL' });
  const uploaded = await call(app.api, 'POST', '/v1/submissions', {
    token: a.adminToken,
    rawBody: Buffer.from(pdf),
    headers: { 'content-type': 'application/pdf' },
  });
  t.deepEqual(fromDocument.body.extraction, uploaded.body.extraction, 'the same extraction as uploading the PDF');

  const lossRun = await ingest(app, a.adminToken, (await generateDocument('loss_run', 77, 0)).pdf, 'application/pdf', 'losses.pdf');
  const notApplication = await call(app.api, 'POST', '/v1/submissions', { token: a.adminToken, body: { documentId: lossRun.body.id } });
  t.is(notApplication.status, 422);
  t.like(notApplication.body, { error: 'not_an_application', details: { documentId: lossRun.body.id, type: 'loss_run' } });
  const missing = await call(app.api, 'POST', '/v1/submissions', { token: a.adminToken, body: { documentId: 'doc_missing' } });
  t.is(missing.status, 404);
  const elsewhere = await call(app.api, 'POST', '/v1/submissions', { token: b.adminToken, body: { documentId: stored.body.id } });
  t.is(elsewhere.status, 404, 'another organization’s document answers as one that never existed');
  // A body takes one shape, the one whose required fields it carries: here a document, which has no other fields.
  const both = await call(app.api, 'POST', '/v1/submissions', { token: a.adminToken, body: { insuredName: 'Acme', documentId: stored.body.id } });
  t.is(both.status, 400);
  t.like(both.body.details, { field: 'insuredName', rule: 'unknown_field' });
  const partial = await call(app.api, 'POST', '/v1/submissions', { token: a.adminToken, body: { insuredName: 'Acme' } });
  t.like(partial.body.details, { field: 'naicsCode', rule: 'required' }, 'a partial submission is told what it lacks, not about documents');
  const submissions = await call(app.api, 'GET', '/v1/submissions?limit=10', { token: a.adminToken });
  t.is(submissions.body.data.length, 2, 'nothing stored by the refused requests');
});

test('a certificate the platform issued is recognised, with its policy number and dates', async (t) => {
  const { app, a } = t.context;
  const { policy } = await boundPolicy(app, a, { submission: { effectiveDate: addDays(today(new Date()), -3) } });
  const certificate = await call(app.api, 'POST', '/v1/coi/generate', {
    token: a.adminToken,
    body: {
      policyId: policy.id,
      certificateHolder: { name: 'Harbor Logistics', address: { line1: '9 Dock Rd', city: 'Tacoma', state: 'WA', postalCode: '98421' } },
    },
  });
  const url = new URL(certificate.body.downloadUrl);
  const pdf = new Uint8Array(await (await fetch(`${app.api}${url.pathname}${url.search}`)).arrayBuffer());
  const read = await ingest(app, a.adminToken, pdf, 'application/pdf', 'coi.pdf');
  t.like(read.body, {
    classification: { type: 'acord_25_coi' },
    extracted: { policyNumber: policy.policyNumber, effectiveDate: policy.effectiveDate, expirationDate: policy.expirationDate },
  });
});

test('what has no text to read is other and asks for review; programs are refused; 20 ingests a minute', async (t) => {
  const { app } = t.context;
  const tenant = await createTenant(app);
  const photo = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(2000)]);
  const image = await ingest(app, tenant.adminToken, photo, 'image/jpeg', 'scan.jpg');
  t.like(image.body, { contentType: 'image/jpeg', classification: { type: 'other', confidence: 0, needsReview: true }, extracted: null });
  const exe = await ingest(app, tenant.adminToken, Buffer.concat([Buffer.from('MZ'), randomBytes(300)]), 'application/pdf', 'invoice.pdf');
  t.like(exe, { status: 415, body: { error: 'unsupported_media_type' } });
  const statuses: number[] = [];
  for (let index = 0; index < 19; index += 1)
    statuses.push((await ingest(app, tenant.adminToken, Buffer.from(`Invoice ${index} total due`), 'text/plain', 'i.txt')).status);
  t.deepEqual([...new Set(statuses)], [201, 429].slice(0, statuses.includes(429) ? 2 : 1));
  t.is(statuses.filter((status) => status === 201).length, 18, 'the 20-a-minute budget counts every ingest, refused ones included');
  const refused = await ingest(app, tenant.adminToken, Buffer.from('x'), 'text/plain', 'x.txt');
  t.is(refused.status, 429);
  t.truthy(refused.headers.get('retry-after'));
});

test('with an AI provider configured it decides, given the text; any failure of it leaves the decision to the embedded classifier', async (t) => {
  const { ai, aiTenant, double } = t.context;
  const lossRun = (await generateDocument('loss_run', 777, 1)).pdf;
  double.behave({ answer: '{"type":"loss_run","confidence":0.93}' });
  const decided = await ingest(ai, aiTenant.adminToken, lossRun, 'application/pdf', 'losses.pdf');
  t.like(decided.body, { classification: { type: 'loss_run', confidence: 0.93, needsReview: false, classifiedBy: 'ai' } });
  t.is(typeof decided.body.extracted.totalPaid, 'number', 'fields are read by the platform whoever classifies');
  const request = double.requests.at(-1);
  t.is(request?.headers.authorization, 'Bearer sk-test-key');
  t.like(request?.body, { model: 'gpt-test', temperature: 0, response_format: { type: 'json_object' } });
  t.true(request?.body.messages[1].content.includes('Total paid'));
  for (const failure of [{ status: 500 }, { hang: true as const }, { answer: 'I think it is a loss run.' }, { answer: '{"type":"poem","confidence":2}' }]) {
    double.behave(failure);
    const fallback = await ingest(ai, aiTenant.adminToken, lossRun, 'application/pdf', 'losses.pdf');
    t.like(fallback.body, { classification: { type: 'loss_run', classifiedBy: 'embedded' } }, JSON.stringify(failure));
  }
});
