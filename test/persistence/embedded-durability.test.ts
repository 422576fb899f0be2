import test from 'ava';
import { spawn } from 'node:child_process';
import { appendFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddedStore } from '../../adapters/persistence/embedded/embedded-store.engine.ts';
import { JournalCorruptError } from '../../adapters/persistence/embedded/journal.ts';

const journalPath = (dir: string) => join(dir, 'store', 'journal.log');

test('every acknowledged write survives SIGKILL and the journal reopens cleanly', async (t) => {
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

  const store = await EmbeddedStore.open({ dir });
  const rows = store.collection<{ _id: string }>('rows');
  const stored = new Set((await rows.find({})).map((row) => row._id));
  const lost = acknowledged.filter((id) => !stored.has(id));
  t.deepEqual(lost, [], `${lost.length} of ${acknowledged.length} acknowledged writes lost`);
  t.log(`${acknowledged.length} acknowledged, ${stored.size} stored after SIGKILL`);
  await rows.insertOne({ _id: 'after-restart' });
  await store.close();

  const reopened = await EmbeddedStore.open({ dir });
  t.truthy(await reopened.collection('rows').findOne({ _id: 'after-restart' }));
  await reopened.close();
});

test('a torn last record is cut off; damage before the end is refused', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'journal-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const store = await EmbeddedStore.open({ dir });
  await store.collection('rows').insertOne({ _id: 'a' });
  await store.collection('rows').insertOne({ _id: 'b' });
  await store.close();

  await appendFile(journalPath(dir), '0badf00d {"op":"put","c":"rows","d":{"_id":"c"');
  const recovered = await EmbeddedStore.open({ dir });
  t.deepEqual(
    (await recovered.collection('rows').find({}, { sort: { _id: 1 } })).map((r) => r._id),
    ['a', 'b'],
  );
  await recovered.collection('rows').insertOne({ _id: 'c' });
  await recovered.close();

  const text = await readFile(journalPath(dir), 'utf8');
  await writeFile(journalPath(dir), text.replace('"_id":"a"', '"_id":"z"'));
  await t.throwsAsync(EmbeddedStore.open({ dir }), { instanceOf: JournalCorruptError });
});

test('a data directory is owned by one live process at a time', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'lock-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const store = await EmbeddedStore.open({ dir });
  await t.throwsAsync(EmbeddedStore.open({ dir }), { message: /in use by another running instance/ });
  await store.close();
  await (await EmbeddedStore.open({ dir })).close();
});

test('compaction keeps the live documents and drops the history', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'compact-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const store = await EmbeddedStore.open({ dir, compactAboveBytes: 20_000 });
  const rows = store.collection<{ _id: string; n: number }>('rows');
  await rows.insertOne({ _id: 'a', n: 0 });
  for (let i = 0; i < 500; i += 1) await rows.updateOne({ _id: 'a' }, { $inc: { n: 1 } });
  await rows.insertOne({ _id: 'b', n: 0 });
  await store.close();
  t.true((await readFile(journalPath(dir), 'utf8')).length < 20_000);
  const reopened = await EmbeddedStore.open({ dir });
  t.is((await reopened.collection<{ _id: string; n: number }>('rows').findOne({ _id: 'a' }))?.n, 500);
  t.truthy(await reopened.collection('rows').findOne({ _id: 'b' }));
  await reopened.close();
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

  const refused = await t.throwsAsync(EmbeddedStore.open({ dir }));
  t.is(refused?.message, `The data directory ${dir} is in use by another running instance (process ${pid}).`);

  process.kill(pid, 'SIGKILL');
  // A zombie: its threads are gone (the kernel released their files), its process id is not.
  const zombie = (status: string) => /^State:\s+Z/m.test(status) && /^Threads:\s+1$/m.test(status);
  await waitUntil(async () => zombie(await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '')), 'the writer to become a zombie');
  const store = await EmbeddedStore.open({ dir });
  t.teardown(() => store.close());
  await store.collection('rows').insertOne({ _id: 'after-the-kill' });
  t.truthy(await store.collection('rows').findOne({ _id: 'after-the-kill' }));
});

test('an owner record naming a live process (a reused id) does not hold the directory', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'lock-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  await (await EmbeddedStore.open({ dir })).close();
  await writeFile(join(dir, 'store', 'LOCK.owner'), String(process.ppid));
  await writeFile(join(dir, 'store', 'LOCK'), String(process.ppid));
  const store = await EmbeddedStore.open({ dir });
  await store.close();
  t.pass();
});
