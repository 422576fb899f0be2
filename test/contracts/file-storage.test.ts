import anyTest, { type TestFn } from 'ava';
import { MONGODB_URI, onMongoDb } from '../support/on-mongodb.ts';

const test = anyTest;
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DiskFileStorage } from '../../adapters/documents/disk-file-storage.ts';
import { S3FileStorage } from '../../adapters/documents/s3-file-storage.ts';
import S3rver from 's3rver';
import type { AddressInfo } from 'node:net';
import { SqliteStore } from '../../adapters/persistence/sqlite/sqlite-store.engine.ts';
import { MongoStore } from '../../adapters/persistence/mongo/mongo-store.engine.ts';
import { CollectionFileStorage } from '../../adapters/persistence/documents/collection-file-storage.ts';
import type { FileStorage } from '../../ports/documents/file-storage.port.ts';

const closers: Array<() => Promise<void>> = [];
test.after.always(async () => {
  await Promise.all(closers.map((close) => close()));
});

/** What every document storage must do, whatever keeps the bytes. */
const contract = (title: string, make: () => Promise<FileStorage>, test: TestFn = anyTest) => {
  test(`${title}: bytes and content type come back as stored, with size and SHA-256`, async (t) => {
    const storage = await make();
    const bytes = new Uint8Array([0, 1, 2, 250, 255, ...new TextEncoder().encode('<html>receipt</html>')]);
    const stored = await storage.put('docs/org_1/receipts/RCPT-A-1.html', bytes, 'text/html; charset=utf-8');
    t.deepEqual(stored, { size: bytes.byteLength, sha256: createHash('sha256').update(bytes).digest('hex') });
    const read = await storage.get('docs/org_1/receipts/RCPT-A-1.html');
    t.deepEqual(read && [...read.bytes], [...bytes]);
    t.is(read?.contentType, 'text/html; charset=utf-8');
  });

  test(`${title}: a missing key is null; storing a key again replaces it`, async (t) => {
    const storage = await make();
    t.is(await storage.get('docs/org_1/none.html'), null);
    await storage.put('docs/org_2/a.txt', new TextEncoder().encode('first'), 'text/plain');
    await storage.put('docs/org_2/a.txt', new TextEncoder().encode('second'), 'text/plain');
    t.is(new TextDecoder().decode((await storage.get('docs/org_2/a.txt'))?.bytes), 'second');
    t.is(await storage.open('docs/org_1/none.html'), null);
  });

  test(`${title}: a file is streamed in from disk and streamed out whole, across many chunks`, async (t) => {
    const storage = await make();
    const dir = await mkdtemp(join(tmpdir(), 'doc-source-'));
    closers.push(() => rm(dir, { recursive: true, force: true }));
    // Not a multiple of any chunk size, so the last chunk is a short one.
    const bytes = randomBytes(3 * 255 * 1024 + 12_345);
    const source = join(dir, 'upload');
    await writeFile(source, bytes);
    const stored = await storage.put('docs/org_3/claims/clm_1/photo.jpg', { path: source, size: bytes.length }, 'image/jpeg');
    t.deepEqual(stored, { size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
    const opened = await storage.open('docs/org_3/claims/clm_1/photo.jpg');
    t.is(opened?.size, bytes.length);
    t.is(opened?.contentType, 'image/jpeg');
    const parts: Buffer[] = [];
    for await (const part of opened?.stream ?? []) parts.push(part as Buffer);
    t.true(Buffer.concat(parts).equals(bytes));
    t.true(Buffer.from((await storage.get('docs/org_3/claims/clm_1/photo.jpg'))?.bytes ?? []).equals(bytes));
  });

  test(`${title}: an empty file is stored and read back empty`, async (t) => {
    const storage = await make();
    t.deepEqual(await storage.put('docs/org_4/empty.txt', new Uint8Array(0), 'text/plain'), {
      size: 0,
      sha256: createHash('sha256').update(new Uint8Array(0)).digest('hex'),
    });
    t.is((await storage.get('docs/org_4/empty.txt'))?.bytes.byteLength, 0);
  });
};

test('store storage: a key stored again leaves no chunks of the content it replaced', async (t) => {
  const store = await SqliteStore.open();
  closers.push(() => store.close());
  const storage = new CollectionFileStorage(store);
  await storage.put('docs/org_5/a.bin', randomBytes(2 * 255 * 1024), 'application/octet-stream');
  await storage.put('docs/org_5/a.bin', randomBytes(10), 'application/octet-stream');
  t.is(await store.collection('document_file_chunks').countDocuments({ key: 'docs/org_5/a.bin' }), 1);
});

test('store storage: content stored whole by an earlier version is still served', async (t) => {
  const store = await SqliteStore.open();
  closers.push(() => store.close());
  await store
    .collection('document_files')
    .insertOne({ _id: 'docs/org_6/old.txt', contentType: 'text/plain', base64: Buffer.from('old').toString('base64'), size: 3, sha256: 'x' });
  const read = await new CollectionFileStorage(store).get('docs/org_6/old.txt');
  t.is(new TextDecoder().decode(read?.bytes), 'old');
});

contract('file storage', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'doc-storage-'));
  closers.push(() => rm(dir, { recursive: true, force: true }));
  return new DiskFileStorage(dir);
});

test('file storage: keys cannot leave the root', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'doc-storage-'));
  closers.push(() => rm(dir, { recursive: true, force: true }));
  const storage = new DiskFileStorage(dir);
  await t.throwsAsync(storage.put('../outside.txt', new Uint8Array([1]), 'text/plain'), { message: /Invalid storage key/ });
  await t.throwsAsync(storage.get('docs/../../etc/passwd'), { message: /Invalid storage key/ });
});

contract('store storage on the embedded engine', async () => {
  const store = await SqliteStore.open();
  closers.push(() => store.close());
  return new CollectionFileStorage(store);
});

contract('S3 storage against s3rver on loopback', async () => {
  const dir = await mkdtemp(join(tmpdir(), 's3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: 'documents', configs: [] }] });
  const { port } = (await server.run()) as AddressInfo;
  const storage = new S3FileStorage({
    bucket: 'documents',
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    forcePathStyle: true,
  });
  closers.push(async () => {
    storage.close();
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });
  return storage;
});

contract(
  'store storage on MongoDB',
  async () => {
    const store = await MongoStore.connect(MONGODB_URI, `documents_${randomUUID().slice(0, 8)}`);
    closers.push(async () => (await store.dropDatabase(), store.close()));
    return new CollectionFileStorage(store);
  },
  onMongoDb(test),
);
