import test from 'ava';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, open, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteStore, STORE_FILE } from '../../adapters/persistence/sqlite/sqlite-store.engine.ts';

test('every acknowledged write survives SIGKILL and the store reopens cleanly', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'durability-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const writer = spawn(process.execPath, [join(import.meta.dirname, '../support/durable-writer.ts'), dir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const acknowledged: string[] = [];
  let buffer = '';
  await new Promise<void>((resolve) => {
    writer.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      acknowledged.push(...lines);
      if (acknowledged.length >= 2_000 && !writer.killed) {
        writer.kill('SIGKILL');
        resolve();
      }
    });
  });
  await new Promise((resolve) => writer.once('exit', resolve));
  buffer
    .split('\n')
    .filter(Boolean)
    .forEach((line) => acknowledged.push(line));

  const store = await SqliteStore.open({ dir });
  const rows = store.collection<{ _id: string }>('rows');
  const stored = new Set((await rows.find({})).map((row) => row._id));
  const lost = acknowledged.filter((id) => !stored.has(id));
  t.deepEqual(lost, [], `${lost.length} of ${acknowledged.length} acknowledged writes lost`);
  t.log(`${acknowledged.length} acknowledged, ${stored.size} stored after SIGKILL`);
  await rows.insertOne({ _id: 'after-restart' });
  await store.close();

  const reopened = await SqliteStore.open({ dir });
  t.truthy(await reopened.collection('rows').findOne({ _id: 'after-restart' }));
  await reopened.close();
});

test('a data directory is owned by one live process at a time', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'lock-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const store = await SqliteStore.open({ dir });
  await t.throwsAsync(SqliteStore.open({ dir }), { message: /in use by another running instance/ });
  await store.close();
  await (await SqliteStore.open({ dir })).close();
});

const waitUntil = async (check: () => Promise<boolean> | boolean, what: string) => {
  for (let tries = 0; tries < 200; tries += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
};

test('a running instance holds the data directory; once it is killed the directory opens at once, even while its process is a zombie', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'lock-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  // The shell starts the writer and becomes `sleep`, which never reaps it: once killed, the writer stays a zombie.
  const writer = join(import.meta.dirname, '../support/durable-writer.ts');
  const parent = spawn('sh', ['-c', `"${process.execPath}" "${writer}" "${dir}" > /dev/null & exec sleep 60`], { stdio: 'ignore' });
  t.teardown(() => parent.kill('SIGKILL'));
  const ownerFile = join(dir, 'store', 'LOCK.owner');
  await waitUntil(async () => (await readFile(ownerFile, 'utf8').catch(() => '')) !== '', 'the writer to take the lock');
  const pid = Number(await readFile(ownerFile, 'utf8'));

  const refused = await t.throwsAsync(SqliteStore.open({ dir }));
  t.is(refused?.message, `The data directory ${dir} is in use by another running instance (process ${pid}).`);

  process.kill(pid, 'SIGKILL');
  // A zombie: its threads are gone (the kernel released their files), its process id is not.
  const zombie = (status: string) => /^State:\s+Z/m.test(status) && /^Threads:\s+1$/m.test(status);
  await waitUntil(async () => zombie(await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '')), 'the writer to become a zombie');
  const store = await SqliteStore.open({ dir });
  t.teardown(() => store.close());
  await store.collection('rows').insertOne({ _id: 'after-the-kill' });
  t.truthy(await store.collection('rows').findOne({ _id: 'after-the-kill' }));
});

test('an owner record naming a live process (a reused id) does not hold the directory', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'lock-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  await (await SqliteStore.open({ dir })).close();
  await writeFile(join(dir, 'store', 'LOCK.owner'), String(process.ppid));
  await writeFile(join(dir, 'store', 'LOCK'), String(process.ppid));
  const store = await SqliteStore.open({ dir });
  await store.close();
  t.pass();
});

test('a restart keeps the indexes, their uniqueness and what SQL can no longer answer for, without being told again', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'restart-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  let store = await SqliteStore.open({ dir });
  await store.ensureIndexes('rows', [
    { name: 'email_unique', keys: { email: 1 }, unique: true },
    { name: 'tags', keys: { tags: 1 } },
  ]);
  const rows = () => store.collection<{ _id: string; email?: string; tags?: unknown }>('rows');
  await rows().insertOne({ _id: 'a', email: 'a@x.test', tags: 'solo' });
  await rows().insertOne({ _id: 'b', email: 'b@x.test', tags: ['solo', 'pair'] });
  await store.close();

  store = await SqliteStore.open({ dir });
  const refused = await t.throwsAsync(rows().insertOne({ _id: 'c', email: 'a@x.test' }));
  t.is((refused as { code?: string }).code, 'duplicate');
  t.deepEqual(
    (await rows().find({ tags: 'solo' }, { sort: { _id: 1 } })).map((row) => row._id),
    ['a', 'b'],
  );
  await store.close();
});

test('an update moves the document’s index keys, an array makes its field the matcher’s, and every index still finds the document after a reopen', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'moved-keys-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  type Thing = { _id: string; status: string; due: string; tags?: string[]; n: number };
  let store = await SqliteStore.open({ dir });
  await store.ensureIndexes('things', [
    { name: 'status', keys: { status: 1 } },
    { name: 'due', keys: { due: 1 } },
    { name: 'tags', keys: { tags: 1 } },
  ]);
  let things = store.collection<Thing>('things');
  await things.insertOne({ _id: 'a', status: 'open', due: '2027-01-01', n: 0 });
  await things.updateOne({ _id: 'a', status: { $in: ['open'] } }, { $set: { status: 'paid' }, $inc: { n: 1 } });
  await things.updateOne({ _id: 'a' }, { $inc: { n: 1 } });
  await things.updateOne({ _id: 'a' }, { $set: { tags: ['x', 'y'] } });
  await store.close();
  store = await SqliteStore.open({ dir });
  things = store.collection<Thing>('things');
  t.deepEqual(await things.find({ status: 'open' }), []);
  t.like((await things.find({ status: 'paid' }))[0], { _id: 'a', n: 2 });
  t.like((await things.find({ due: { $lte: '2027-01-01' } }))[0], { _id: 'a' });
  t.like((await things.find({ tags: 'y' }))[0], { _id: 'a' });
  t.is(await things.countDocuments({ status: 'paid', due: '2027-01-01' }), 1);
  await store.close();
});

test('the WAL is checkpointed into the database file by the worker thread, not by the commits', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'sqlite-checkpoint-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const store = await SqliteStore.open({ dir });
  const databaseFile = join(dir, 'store', STORE_FILE);
  const rows = store.collection<{ _id: string; text: string }>('rows');
  const before = (await stat(databaseFile)).size;
  await Promise.all(Array.from({ length: 3_000 }, (_, n) => rows.insertOne({ _id: `r${n}`, text: randomBytes(600).toString('base64') })));
  // Random text, which compression shrinks little: some 2 MB in the WAL, below SQLite's own
  // checkpoint threshold (1,000 pages), and commits do not checkpoint here anyway, so the database file grows only by the worker's checkpoints. A
  // pass may come while the rows are still being written and copy part of them: the next copies
  // the rest.
  let after = before;
  for (let waited = 0; after <= before + 1_000_000 && waited < 15_000; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    after = (await stat(databaseFile)).size;
  }
  t.true(after > before + 1_000_000, `the database file grew from ${before} to ${after} bytes`);
  t.is(await rows.countDocuments({}), 3_000);
  await store.close();
  const reopened = await SqliteStore.open({ dir });
  t.is(await reopened.collection('rows').countDocuments({}), 3_000);
  await reopened.close();
});

test('under steady writes the WAL starts over after the checkpoints instead of growing with everything written', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'sqlite-wal-restart-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const store = await SqliteStore.open({ dir });
  const rows = store.collection<{ _id: string; text: string }>('rows');
  // The WAL header's checkpoint sequence number (bytes 12 to 15) goes up each time the WAL starts over.
  const walFile = join(dir, 'store', `${STORE_FILE}-wal`);
  const restarts = async () => {
    const file = await open(walFile, 'r');
    try {
      const { buffer } = await file.read(Buffer.alloc(16), 0, 16, 0);
      return buffer.readUInt32BE(12);
    } finally {
      await file.close();
    }
  };
  await rows.insertOne({ _id: 'first', text: '' });
  const before = await restarts();
  // Eight writers, each writing again as soon as its last write is acknowledged: a transaction is
  // open nearly all the time, as under real load.
  const until = Date.now() + 4_000;
  let written = 1;
  await Promise.all(
    Array.from({ length: 8 }, async (_, writer) => {
      for (let n = 0; Date.now() < until; n += 1) {
        await rows.insertOne({ _id: `w${writer}-${n}`, text: 'x'.repeat(500) });
        written += 1;
      }
    }),
  );
  const after = await restarts();
  t.true(after - before >= 2, `the WAL started over ${after - before} times in 4 s of writes`);
  t.is(await rows.countDocuments({}), written);
  await store.close();
});
