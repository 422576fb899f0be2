import test from 'ava';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { addDays, today } from '../../../core/shared/calendar-date.ts';
import { boundPolicy } from '../../support/mothers.ts';
import { call, createTenant, startTestApp } from '../../support/test-app.ts';

test('with S3_BUCKET set, documents are kept in the bucket and still served through signed links of the API', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 's3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: 'platform-documents', configs: [] }] });
  const endpoint = `http://127.0.0.1:${((await server.run()) as AddressInfo).port}`;
  t.teardown(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });
  const app = await startTestApp({
    env: { S3_BUCKET: 'platform-documents', S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' },
  });
  t.teardown(() => app.close());
  const tenant = await createTenant(app);
  const { policy } = await boundPolicy(app, tenant, { submission: { effectiveDate: addDays(today(new Date()), -3) } });
  const certificate = await call(app.api, 'POST', '/v1/coi/generate', {
    token: tenant.adminToken,
    body: {
      policyId: policy.id,
      certificateHolder: { name: 'Harbor Logistics', address: { line1: '9 Dock Rd', city: 'Tacoma', state: 'WA', postalCode: '98421' } },
    },
  });
  t.is(certificate.status, 201);
  const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  t.teardown(() => client.destroy());
  const listed = await client.send(new ListObjectsV2Command({ Bucket: 'platform-documents', Prefix: `docs/${tenant.orgId}/coi/` }));
  t.deepEqual(
    listed.Contents?.map((object) => object.Key),
    [`docs/${tenant.orgId}/coi/${certificate.body.certificateNumber}.pdf`],
  );
  const url = new URL(certificate.body.downloadUrl);
  const download = await fetch(`${app.api}${url.pathname}${url.search}`);
  t.is(download.status, 200);
  const bytes = Buffer.from(await download.arrayBuffer());
  t.is(bytes.length, certificate.body.size);
  t.is(bytes.subarray(0, 5).toString(), '%PDF-');
});
