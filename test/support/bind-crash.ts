// Binds a quoted submission on a store in a directory and dies (SIGKILL) in the middle of the
// bind's one write, just before its write number `kill` (1-based) is applied.
import type { CollectionStore, GroupedWrite } from '../../ports/shared/persistence/collection-store.port.ts';
import { POLICY } from '../../bootstrap/policy.tokens.ts';
import { aQuotedSubmission, MACHINE, useCaseWorld } from './use-cases.ts';

const [dir, orgId, at] = process.argv.slice(2);
if (!dir || !orgId || !at) throw new Error('usage: bind-crash <dir> <orgId> <kill at write n | "count">');

/** The write, whose contents kill the process the moment the engine reads them (inside its transaction). */
const killing = (write: GroupedWrite): GroupedWrite => {
  const kind = 'insertOne' in write ? 'insertOne' : 'updateMany' in write ? 'updateMany' : 'updateOne';
  return Object.defineProperty({ collection: write.collection }, kind, {
    enumerable: true,
    get: () => process.kill(process.pid, 'SIGKILL'),
  }) as GroupedWrite;
};

let armed = false;
const crashing = (store: CollectionStore): CollectionStore =>
  new Proxy(store, {
    get(target, property, receiver) {
      if (property !== 'writeTogether') return Reflect.get(target, property, receiver);
      return (writes: readonly GroupedWrite[]) => {
        if (!armed) return target.writeTogether(writes);
        if (at === 'count') {
          process.stdout.write(`${writes.length}\n`);
          process.exit(0);
        }
        const n = Number(at) - 1;
        return target.writeTogether(writes.map((write, index) => (index === n ? killing(write) : write)));
      };
    },
  });

const world = await useCaseWorld({ storeDir: dir, store: crashing });
const { submission } = await aQuotedSubmission(world, orgId);
process.stdout.write(`${submission.id}\n`);
armed = true;
await (await world.resolve(POLICY.Binding)).bind(MACHINE, orgId, submission.id, 'QUARTERLY');
process.stdout.write('bound\n');
