import anyTest, { type TestFn } from 'ava';
import { createHash, randomBytes } from 'node:crypto';
import { addDays, today } from '../../../core/shared/calendar-date.ts';
import { activeProducer, IDENTITY_WEBHOOK_SECRET } from '../../support/identity-events.ts';
import { boundPolicy } from '../../support/mothers.ts';
import { call, createTenant, signedInUser, startTestApp, type Tenant, type TestApp } from '../../support/test-app.ts';

const test = anyTest as TestFn<{
  app: TestApp;
  a: Tenant;
  b: Tenant;
  adjuster: string;
  other: string;
  producer: string;
  claimId: string;
}>;

const MiB = 1024 * 1024;
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), randomBytes(40_000)]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

test.before(async (t) => {
  const app = await startTestApp({ env: { IDENTITY_WEBHOOK_SECRET } });
  const a = await createTenant(app);
  const producer = await activeProducer(app, a, 'Pat Producer');
  const policy = await boundPolicy(app, a, { producerId: producer.producerId, submission: { effectiveDate: addDays(today(new Date()), -20) } });
  const adjuster = await signedInUser(app, a, 'claims_adjuster', 'ada');
  const claim = await call(app.api, 'POST', '/v1/claims', {
    token: adjuster.token,
    body: { policyId: policy.policy.id, lossDate: addDays(today(new Date()), -2), description: 'Hail on the warehouse roof' },
  });
  t.context = {
    app,
    a,
    b: await createTenant(app),
    adjuster: adjuster.token,
    other: (await signedInUser(app, a, 'claims_adjuster', 'otto')).token,
    producer: producer.token,
    claimId: claim.body.id,
  };
});
test.after.always(async (t) => t.context.app.close());

const multipart = (
  t: { context: { app: TestApp; claimId: string } },
  token: string,
  bytes: Uint8Array,
  filename: string,
  type = 'application/octet-stream',
) => {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type }), filename);
  return fetch(`${t.context.app.api}/v1/claims/${t.context.claimId}/attachments`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  }).then(async (response) => ({ status: response.status, body: (await response.json()) as any }));
};

const raw = (t: { context: { app: TestApp; claimId: string } }, token: string, bytes: Uint8Array, contentType: string, filename?: string) =>
  call(t.context.app.api, 'POST', `/v1/claims/${t.context.claimId}/attachments${filename ? `?filename=${encodeURIComponent(filename)}` : ''}`, {
    token,
    rawBody: Buffer.from(bytes),
    headers: { 'content-type': contentType },
  });

/** The API's public base URL is not the test server's address: the path and query are what is signed. */
const fetchLink = (app: TestApp, link: unknown) => {
  const url = new URL(String(link));
  return fetch(`${app.api}${url.pathname}${url.search}`);
};

const listed = async (t: { context: { app: TestApp; claimId: string } }, token: string) =>
  (await call(t.context.app.api, 'GET', `/v1/claims/${t.context.claimId}/attachments`, { token })).body.data as Array<Record<string, string | number>>;

test('a multipart photo is stored typed by its bytes under a safe name, listed with a download link that serves it whole', async (t) => {
  const { app, adjuster } = t.context;
  const stored = await multipart(t, adjuster, JPEG, '../../etc/roof\u202Egnp.exe', 'application/x-msdownload');
  t.is(stored.status, 201);
  t.like(stored.body, { contentType: 'image/jpeg', size: JPEG.length, sha256: sha256(JPEG), filename: 'roofgnp.exe.jpg' });
  const entry = (await listed(t, adjuster)).find((item) => item.id === stored.body.id);
  t.truthy(entry);
  const download = await fetchLink(app, entry?.downloadUrl);
  t.is(download.status, 200);
  t.is(download.headers.get('content-type'), 'image/jpeg');
  t.is(download.headers.get('content-disposition'), `attachment; filename="roofgnp.exe.jpg"; filename*=UTF-8''roofgnp.exe.jpg`);
  t.true(Buffer.from(await download.arrayBuffer()).equals(JPEG));
  // One hex digit of the signature changed (to a different digit, whatever it was).
  const altered = String(entry?.downloadUrl).replace(/signature=(.)/, (_, digit: string) => `signature=${digit === '0' ? '1' : '0'}`);
  t.is((await fetchLink(app, altered)).status, 403);
  const audit = (await call(app.api, 'GET', '/v1/audit-events', { token: t.context.a.adminToken })).body.data;
  t.like(
    audit.find((event: { details: { documentId?: string } }) => event.details.documentId === stored.body.id),
    { action: 'claim.attachment_added', targetType: 'claim', targetId: t.context.claimId, details: { filename: 'roofgnp.exe.jpg', sha256: sha256(JPEG) } },
  );
});

test('a raw body is typed by its bytes whatever Content-Type and name it claims; a Unicode name downloads intact', async (t) => {
  const stored = await raw(t, t.context.adjuster, PDF, 'image/png', 'Schätzung Dach.png');
  t.is(stored.status, 201);
  t.like(stored.body, { contentType: 'application/pdf', filename: 'Schätzung Dach.png.pdf', size: PDF.length });
  const entry = (await listed(t, t.context.adjuster)).find((item) => item.id === stored.body.id);
  const download = await fetchLink(t.context.app, entry?.downloadUrl);
  t.is(download.headers.get('content-disposition'), `attachment; filename="Sch_tzung Dach.png.pdf"; filename*=UTF-8''Sch%C3%A4tzung%20Dach.png.pdf`);
  const text = await raw(t, t.context.adjuster, Buffer.from('date,amount\n2026-11-01,1200.00\n'), 'text/csv', 'payments.csv');
  t.like(text.body, { contentType: 'text/csv; charset=utf-8', filename: 'payments.csv' });
});

test('programs, scripts and archives are refused by their bytes whatever their name, and nothing is stored', async (t) => {
  const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(58), randomBytes(2000)]);
  const renamed = await multipart(t, t.context.adjuster, exe, 'refused-invoice.pdf', 'application/pdf');
  t.is(renamed.status, 415);
  t.like(renamed.body, { error: 'unsupported_media_type', details: { detected: 'Windows or DOS executable' } });
  const elf = await raw(t, t.context.adjuster, Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46]), randomBytes(500)]), 'image/jpeg', 'refused-photo.jpg');
  t.is(elf.status, 415);
  t.is((await raw(t, t.context.adjuster, Buffer.from('#!/bin/sh\nrm -rf /\n'), 'text/plain', 'refused-notes.txt')).status, 415);
  t.is(
    (
      await raw(
        t,
        t.context.adjuster,
        Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(22), Buffer.from([8, 0, 0, 0]), Buffer.from('evil.exe')]),
        'application/zip',
        'refused-a.zip',
      )
    ).status,
    415,
  );
  t.is((await raw(t, t.context.adjuster, randomBytes(4096), 'application/octet-stream', 'refused-blob.bin')).status, 415);
  t.false((await listed(t, t.context.adjuster)).some((item) => String(item.filename).startsWith('refused-')));
});

test('up to 25 MiB is taken; 25 MiB and one byte is 413 as a raw body and as multipart; an empty or missing file is 400', async (t) => {
  const limit = Buffer.concat([PDF, Buffer.alloc(25 * MiB - PDF.length, 0x20)]);
  const atLimit = await raw(t, t.context.adjuster, limit, 'application/pdf', 'full.pdf');
  t.is(atLimit.status, 201);
  t.like(atLimit.body, { size: 25 * MiB, sha256: sha256(limit) });
  const over = Buffer.concat([limit, Buffer.from(' ')]);
  const tooLarge = await raw(t, t.context.adjuster, over, 'application/pdf', 'over.pdf');
  t.is(tooLarge.status, 413);
  t.is(tooLarge.body.error, 'payload_too_large');
  t.is((await multipart(t, t.context.adjuster, over, 'over.pdf')).status, 413);
  const empty = await raw(t, t.context.adjuster, Buffer.alloc(0), 'application/pdf', 'empty.pdf');
  t.is(empty.status, 400);
  t.like(empty.body.details, { field: 'file', rule: 'not_empty' });
  const none = await call(t.context.app.api, 'POST', `/v1/claims/${t.context.claimId}/attachments`, { token: t.context.adjuster });
  t.like(none, { status: 400, body: { details: { field: 'file', rule: 'required' } } });
});

test('attachments follow the claim: another adjuster is 403, another organization 404, the producer of the policy reads but cannot attach', async (t) => {
  const { app, b, other, producer, claimId } = t.context;
  t.is((await raw(t, other, PDF, 'application/pdf', 'x.pdf')).status, 403);
  t.is((await call(app.api, 'GET', `/v1/claims/${claimId}/attachments`, { token: other })).status, 403);
  t.is((await raw(t, b.adminToken, PDF, 'application/pdf', 'x.pdf')).status, 404);
  t.is((await call(app.api, 'GET', `/v1/claims/${claimId}/attachments`, { token: b.adminToken })).status, 404);
  t.is((await call(app.api, 'GET', '/v1/claims/clm_missing/attachments', { token: t.context.a.adminToken })).status, 404);
  t.is((await call(app.api, 'GET', `/v1/claims/${claimId}/attachments`, { token: producer })).status, 200);
  t.is((await raw(t, producer, PDF, 'application/pdf', 'x.pdf')).status, 403);
});

test('an adjuster reaches the documents and policy of the claims assigned to it, not another adjuster’s nor the rest of the book', async (t) => {
  const { app, a, adjuster, other } = t.context;
  // A claim of its own: this test reassigns it, which the others must not see.
  const policyId = (await call(app.api, 'GET', `/v1/claims/${t.context.claimId}`, { token: adjuster })).body.policyId;
  const claim = (
    await call(app.api, 'POST', '/v1/claims', {
      token: adjuster,
      body: { policyId, lossDate: addDays(today(new Date()), -1), description: 'Burst pipe in the office' },
    })
  ).body;
  const claimId = claim.id;
  const stored = await raw({ context: { app, claimId } }, adjuster, PDF, 'application/pdf', 'police-report.pdf');
  t.is(stored.status, 201);
  const elsewhere = await boundPolicy(app, a);

  // The assigned adjuster: its claim's attachment, the claim's policy, nothing else of the book.
  t.is((await call(app.api, 'GET', `/v1/documents/${stored.body.id}`, { token: adjuster })).status, 200);
  t.is((await call(app.api, 'GET', `/v1/policies/${claim.policyId}`, { token: adjuster })).status, 200);
  t.is((await call(app.api, 'GET', `/v1/policies/${elsewhere.policy.id}`, { token: adjuster })).status, 403);
  const policies = (await call(app.api, 'GET', '/v1/policies?limit=200', { token: adjuster })).body.data.map((policy: { id: string }) => policy.id);
  t.deepEqual(policies, [claim.policyId]);

  // Another adjuster: the claim answers 403, and so do its files, however they are asked for.
  t.is((await call(app.api, 'GET', `/v1/claims/${claimId}`, { token: other })).status, 403);
  t.is((await call(app.api, 'GET', `/v1/documents/${stored.body.id}`, { token: other })).status, 403);
  t.deepEqual((await call(app.api, 'GET', `/v1/documents?claimId=${claimId}`, { token: other })).body.data, []);
  t.deepEqual((await call(app.api, 'GET', '/v1/documents?limit=200', { token: other })).body.data, []);
  t.deepEqual((await call(app.api, 'GET', '/v1/policies?limit=200', { token: other })).body.data, []);
  t.is((await call(app.api, 'GET', `/v1/policies/${claim.policyId}`, { token: other })).status, 403);
  t.is((await call(app.api, 'GET', `/v1/claims/${claimId}/attachments`, { token: other })).status, 403);

  // Reassigned, the claim and its files follow the new adjuster.
  const otto = (await call(app.api, 'GET', '/v1/users?limit=200', { token: a.adminToken })).body.data.find((user: { name: string }) => user.name === 'otto');
  t.is((await call(app.api, 'POST', `/v1/claims/${claimId}/investigate`, { token: a.adminToken, body: { adjusterId: otto.id } })).status, 200);
  t.is((await call(app.api, 'GET', `/v1/documents/${stored.body.id}`, { token: other })).status, 200);
  t.is((await call(app.api, 'GET', `/v1/documents/${stored.body.id}`, { token: adjuster })).status, 403);
});
