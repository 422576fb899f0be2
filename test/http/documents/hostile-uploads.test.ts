import anyTest, { type TestFn } from 'ava';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { acordPdf, COMPLETE } from '../../../fixtures/acord125/acord125-generator.ts';
import { call, createTenant, startTestApp, type TestApp, type Tenant } from '../../support/test-app.ts';

const test = anyTest as TestFn<{ app: TestApp; attacker: Tenant; bystander: Tenant }>;

test.before(async (t) => {
  // A short parse budget keeps the suite fast; the default is 5 seconds.
  const app = await startTestApp({ env: { PDF_PARSE_BUDGET_MS: '1500' } });
  t.context = { app, attacker: await createTenant(app), bystander: await createTenant(app) };
});
test.after.always(async (t) => t.context.app.close());

const BOUNDARY = '----hostile-boundary';

const post = (t: { context: { app: TestApp; attacker: Tenant } }, body: Buffer, contentType: string) =>
  call(t.context.app.api, 'POST', '/v1/submissions', { token: t.context.attacker.adminToken, rawBody: body, headers: { 'content-type': contentType } });

/**
 * The bystander's reads, issued one after another while `work` runs: their statuses, and how many
 * were answered while the work was still pending (a read that had to wait for the work would be
 * answered only after it). Behaviour, not speed: `npm run bench` (hostile-uploads) has the figures.
 */
const readsDuring = async (t: { context: { app: TestApp; bystander: Tenant } }, work: Promise<unknown>) => {
  let done = false;
  void work.finally(() => (done = true));
  const statuses: number[] = [];
  let answeredWhilePending = 0;
  while (!done) {
    const read = await call(t.context.app.api, 'GET', '/v1/policies', { token: t.context.bystander.adminToken });
    statuses.push(read.status);
    if (!done) answeredWhilePending += 1;
  }
  return { statuses, answeredWhilePending };
};

test.serial('a 10 MiB junk PDF is refused with 400 invalid_document while another tenant reads without waiting', async (t) => {
  const junk = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(10 * 1024 * 1024 - 16, 'A')]);
  const upload = post(t, junk, 'application/pdf');
  const reads = await readsDuring(t, upload);
  const answer = await upload;
  t.is(answer.status, 400);
  t.is(answer.body.error, 'invalid_document');
  t.true(
    reads.statuses.every((status) => status === 200),
    reads.statuses.join(' '),
  );
  t.true(reads.answeredWhilePending >= 1, 'the other organization’s reads are answered while the upload is still being read');
});

test.serial('a PDF without a document catalog is 400 invalid_document, not a 500', async (t) => {
  const answer = await post(t, Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(64 * 1024, 'A')]), 'application/pdf');
  t.is(answer.status, 400);
  t.is(answer.body.error, 'invalid_document');
});

test.serial('a multipart part header of a megabyte repeating content-disposition: is refused at once', async (t) => {
  const body = Buffer.from(`--${BOUNDARY}\r\nx-filler: ${'content-disposition:'.repeat((1024 * 1024) / 20)}\r\n\r\nx\r\n--${BOUNDARY}--\r\n`);
  const upload = post(t, body, `multipart/form-data; boundary=${BOUNDARY}`);
  const reads = await readsDuring(t, upload);
  const answer = await upload;
  t.is(answer.status, 400);
  t.deepEqual(answer.body.details, { field: 'body', rule: 'multipart' });
  t.true(
    reads.statuses.every((status) => status === 200),
    reads.statuses.join(' '),
  );
});

test.serial('multipart limits: one file, a bounded number of parts, a boundary', async (t) => {
  const pdf = Buffer.from(await acordPdf(COMPLETE));
  const filePart = (name: string) =>
    Buffer.concat([
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
      pdf,
      Buffer.from('\r\n'),
    ]);
  const twoFiles = Buffer.concat([filePart('file'), filePart('other'), Buffer.from(`--${BOUNDARY}--\r\n`)]);
  t.deepEqual((await post(t, twoFiles, `multipart/form-data; boundary=${BOUNDARY}`)).body.details, { field: 'body', rule: 'multipart' });

  const fields = Array.from({ length: 20 }, (_, i) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`).join('');
  const manyParts = Buffer.concat([Buffer.from(fields), filePart('file'), Buffer.from(`--${BOUNDARY}--\r\n`)]);
  t.deepEqual((await post(t, manyParts, `multipart/form-data; boundary=${BOUNDARY}`)).body.details, { field: 'body', rule: 'multipart' });

  const noBoundary = await post(t, filePart('file'), 'multipart/form-data');
  t.is(noBoundary.status, 400);
  t.deepEqual(noBoundary.body.details, { field: 'body', rule: 'multipart' });

  const oneFile = await post(t, Buffer.concat([filePart('file'), Buffer.from(`--${BOUNDARY}--\r\n`)]), `multipart/form-data; boundary=${BOUNDARY}`);
  t.is(oneFile.status, 201);
});

test.serial('a multipart file over 10 MiB is 413 without reading the rest, and nothing stays staged', async (t) => {
  const big = Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`),
    Buffer.alloc(11 * 1024 * 1024),
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  const answer = await post(t, big, `multipart/form-data; boundary=${BOUNDARY}`);
  t.is(answer.status, 413);
  t.deepEqual(await readdir(join(t.context.app.config.dataDir, 'staging')), []);
});

test.serial('PDF intake has its own budget of 20 a minute; JSON submissions keep theirs', async (t) => {
  const { app } = t.context;
  const tenant = await createTenant(app);
  const send = () =>
    call(app.api, 'POST', '/v1/submissions', { token: tenant.adminToken, rawBody: Buffer.from('not a pdf'), headers: { 'content-type': 'application/pdf' } });
  for (let i = 0; i < 20; i += 1) t.is((await send()).status, 400);
  const limited = await send();
  t.is(limited.status, 429);
  t.is(limited.headers.get('x-ratelimit-limit'), '20');
  t.truthy(limited.headers.get('retry-after'));
  const json = await call(app.api, 'POST', '/v1/submissions', {
    token: tenant.adminToken,
    body: {
      insuredName: 'Still Open LLC',
      naicsCode: '541511',
      annualRevenue: 1_000_000,
      requestedLimit: 1_000_000,
      effectiveDate: '2027-05-01',
      state: 'OH',
      lineOfBusiness: 'GL',
    },
  });
  t.is(json.status, 201);
});
