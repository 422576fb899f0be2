import test from 'ava';
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { POLICY } from '../../../bootstrap/policy.tokens.ts';
import { MACHINE, useCaseWorld } from '../../support/use-cases.ts';

/**
 * A bind is one atomic write: a process killed (SIGKILL) in the middle of it, after some of its
 * writes were applied and before the others, leaves after restart exactly what was there before
 * the bind, and the same bind then issues the policy.
 */
const ORG = 'org_bind_crash';
const CRASHER = join(import.meta.dirname, '../../support/bind-crash.ts');
const run = promisify(execFile);

/** Runs the crashing bind; its output, and whether it was killed. */
const crash = async (dir: string, at: string): Promise<{ lines: string[]; killed: boolean }> => {
  try {
    const { stdout } = await run(process.execPath, [CRASHER, dir, ORG, at]);
    return { lines: stdout.trim().split('\n'), killed: false };
  } catch (error) {
    const failed = error as { stdout: string; signal: string | null };
    return { lines: failed.stdout.trim().split('\n'), killed: failed.signal === 'SIGKILL' };
  }
};

const COLLECTIONS = ['policies', 'invoices', 'policy_transactions', 'ledger_entries', 'commissions', 'search_terms'];

test('a bind killed between any two writes of its group leaves all or nothing after restart', async (t) => {
  const probe = await mkdtemp(join(tmpdir(), 'bind-crash-'));
  t.teardown(() => rm(probe, { recursive: true, force: true }));
  const { lines } = await crash(probe, 'count');
  const size = Number(lines.at(-1));
  t.true(size >= 10, `the bind's group has ${size} writes`);
  // After the first write, in the middle, and before the last one.
  for (const at of [2, Math.ceil(size / 2), size]) {
    const dir = await mkdtemp(join(tmpdir(), 'bind-crash-'));
    t.teardown(() => rm(dir, { recursive: true, force: true }));
    const outcome = await crash(dir, String(at));
    t.true(outcome.killed, `killed at write ${at} of ${size}`);
    const submissionId = outcome.lines[0]!;
    const world = await useCaseWorld({ storeDir: dir });
    const counts = async () =>
      Object.fromEntries(await Promise.all(COLLECTIONS.map(async (name) => [name, await world.store.collection(name).countDocuments({ orgId: ORG })])));
    t.like(await counts(), { policies: 0, invoices: 0, policy_transactions: 0, ledger_entries: 0, commissions: 0 }, `write ${at}`);
    t.is((await world.store.collection('submissions').findOne({ _id: submissionId }))?.status, 'quoted');
    t.is(await world.store.collection('quotes').countDocuments({ orgId: ORG, status: 'active' }), 1);
    const written = await world.store.collection<{ _id: string; written: number }>('da_aggregates').findOne({ orgId: ORG });
    t.is(written?.written ?? 0, 0);
    const policy = await (await world.resolve(POLICY.Binding)).bind(MACHINE, ORG, submissionId, 'QUARTERLY');
    t.like(await counts(), { policies: 1, invoices: 4, policy_transactions: 1, ledger_entries: 1 });
    t.is(policy.status, 'active');
    await world.close();
  }
});
