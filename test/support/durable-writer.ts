// Writes documents as fast as it can and reports each one only after the store acknowledged it.
import { SqliteStore } from '../../adapters/persistence/sqlite/sqlite-store.engine.ts';

const dir = process.argv[2];
if (!dir) throw new Error('usage: durable-writer <dir>');
const store = await SqliteStore.open({ dir });
const rows = store.collection<{ _id: string; orgId: string; payload: string }>('rows');
let next = 0;
const writeOne = async (): Promise<void> => {
  const id = `row-${String(next++).padStart(8, '0')}`;
  await rows.insertOne({ _id: id, orgId: 'o', payload: 'x'.repeat(200) });
  process.stdout.write(`${id}\n`);
};
for (;;) await Promise.all(Array.from({ length: 8 }, writeOne));
