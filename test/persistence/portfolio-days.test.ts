import test from 'ava';
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PortfolioDaysStore, PORTFOLIO_DAYS } from '../../adapters/persistence/analytics/portfolio-days.store.ts';
import { PolicyStoreRepository } from '../../adapters/persistence/policy/policy.store-repository.ts';
import { SqliteStore } from '../../adapters/persistence/sqlite/sqlite-store.engine.ts';
import { portfolioSources } from '../../bootstrap/portfolio-sources.ts';
import { figuresOn } from '../../core/analytics/portfolio-days.ts';
import { aNewPolicy } from '../support/mothers.ts';
import type { Policy } from '../../core/policy/policy.ts';
import { premiumTotals } from '../../ports/policy/policy-premium.use-case.ts';
import { withFaults, type Fault } from '../support/faulty-store.ts';

const run = promisify(execFile);
const COMMAND = join(import.meta.dirname, '../../bootstrap/rebuild-totals.ts');

const rebuild = async (dir: string): Promise<{ code: number; out: string }> => {
  try {
    const { stdout } = await run(process.execPath, [COMMAND, dir], { env: { ...process.env, MONGODB_URI: '' } });
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, out: failed.stdout };
  }
};

test('a policy and its kept days are one write; a stale change writes neither', async (t) => {
  const store = await SqliteStore.open();
  t.teardown(() => store.close());
  const days = await PortfolioDaysStore.open(store, portfolioSources(store));
  const policies = await PolicyStoreRepository.create(store, PortfolioDaysStore.policyFigures);
  const policy = aNewPolicy({ effectiveDate: '2027-01-01', premium: 365_00 });
  await policies.insert(policy, []);
  const on = async (date: string) => figuresOn(await days.monthsThrough('org_1', date.slice(0, 7)), date);
  t.like(await on('2026-12-31'), { written: 0, earned: 0, inForce: 0, bindings: 0 });
  t.like(await on('2027-01-01'), { written: 365_00, earned: 1_00, inForce: 1, bindings: 1 });
  t.like(await on('2027-06-30'), { written: 365_00, earned: 181_00, inForce: 1 });
  t.like(await on('2028-01-01'), { written: 365_00, earned: 365_00, inForce: 0, bindings: 1 });
  const step = { from: ['active'] as const, to: 'active' as const };
  const cancellation = { effectiveDate: '2027-07-01' } as NonNullable<typeof policy.cancellation>;
  // Read at version 1, changed meanwhile to version 2: the move from the stale copy keeps nothing.
  t.truthy(await policies.change(policy, step, { contactEmail: 'first@example.com' }, [], new Date()));
  t.is(await policies.change(policy, step, { cancellation }, [], new Date()), null);
  t.like(await on('2027-08-01'), { inForce: 1 });
  const current = await policies.findById('org_1', policy.id);
  t.truthy(await policies.change(current!, step, { cancellation }, [], new Date()));
  t.like(await on('2027-06-30'), { inForce: 1 });
  t.like(await on('2027-07-01'), { inForce: 0, bindings: 1 });
});

test('a policy whose figures cannot be written is not written either: its insert and its change fail whole', async (t) => {
  const engine = await SqliteStore.open();
  t.teardown(() => engine.close());
  const faults = new Map<string, number | Fault>();
  const store = withFaults(engine, faults);
  const days = await PortfolioDaysStore.open(store, portfolioSources(store));
  const policies = await PolicyStoreRepository.create(store, PortfolioDaysStore.policyFigures);
  const policy = aNewPolicy({ effectiveDate: '2027-01-01' });
  faults.set('updateOne:portfolio_days', 1);
  await t.throwsAsync(policies.insert(policy, []), { message: /injected failure/ });
  t.is(await policies.findById('org_1', policy.id), null);
  await policies.insert(policy, []);
  const step = { from: ['active'] as const, to: 'active' as const };
  const cancellation = { effectiveDate: '2027-03-01' } as NonNullable<typeof policy.cancellation>;
  faults.set('updateOne:portfolio_days', 1);
  await t.throwsAsync(policies.change(policy, step, { cancellation }, [], new Date()), { message: /injected failure/ });
  t.like(await policies.findById('org_1', policy.id), { version: policy.version, cancellation: null });
  t.like(figuresOn(await days.monthsThrough('org_1', '2027-06'), '2027-06-01'), { inForce: 1, bindings: 1 });
});

test('store:rebuild-totals names a kept portfolio month that differs from the recount, replaces it, and then finds none', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'portfolio-days-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const store = await SqliteStore.open({ dir });
  await PortfolioDaysStore.open(store, portfolioSources(store));
  const policies = await PolicyStoreRepository.create(store, PortfolioDaysStore.policyFigures);
  for (const [n, effectiveDate] of ['2027-01-15', '2027-03-01'].entries()) {
    await policies.insert(aNewPolicy({ id: `pol_${n}`, effectiveDate, sequence: n + 1 }), []);
  }
  await store.collection(PORTFOLIO_DAYS).updateOne({ _id: 'org_1:2027-03:inForce:GL' }, { $inc: { d01: 1, all: 1 } });
  await store.close();
  const first = await rebuild(dir);
  t.is(first.code, 1, first.out);
  t.regex(first.out, /Portfolio days rebuilt from 2 policies and 0 claims/);
  t.regex(first.out, /org_1 2027-03: kept .*recounted/);
  t.regex(first.out, /1 portfolio months differed from the recount/);
  const second = await rebuild(dir);
  t.is(second.code, 0, second.out);
  t.regex(second.out, /Every kept portfolio month equals the recount of its policies and claims/);
});

test('a figure moves its own row: a bind’s earned premium is a row a month, its other figures a row each; rows kept a month whole before are counted again', async (t) => {
  const store = await SqliteStore.open();
  t.teardown(() => store.close());
  const days = await PortfolioDaysStore.open(store, portfolioSources(store));
  const policies = await PolicyStoreRepository.create(store, PortfolioDaysStore.policyFigures);
  const policy = aNewPolicy({ effectiveDate: '2027-01-15', premium: 365_00 });
  await policies.insert(policy, []);
  const rows = await store.collection<{ _id: string; figure: string }>(PORTFOLIO_DAYS).find({}, { sort: { _id: 1 } });
  const figuresOfMonth = (month: string) => rows.filter((row) => row._id.startsWith(`org_1:${month}:`)).map((row) => row.figure);
  t.deepEqual(figuresOfMonth('2027-01'), ['bindings', 'earned', 'inForce', 'terms', 'written']);
  t.deepEqual(figuresOfMonth('2027-06'), ['earned']);
  t.deepEqual(figuresOfMonth('2028-01'), ['earned', 'inForce']);
  t.like(await store.collection(PORTFOLIO_DAYS).findOne({ _id: 'org_1:2027-06:earned:GL' }), {
    orgId: 'org_1',
    month: '2027-06',
    line: 'GL',
    all: 30_00,
    d30: 1_00,
  });
  const before = figuresOn(await days.monthsThrough('org_1', '2027-06'), '2027-06-30');
  t.like(before, { written: 365_00, earned: 167_00, inForce: 1, bindings: 1, terms: 1 });

  // A store whose days were kept a row per month, all five figures in it: its rows are counted again at the next open.
  const kept = store.collection(PORTFOLIO_DAYS);
  await kept.deleteMany({});
  await kept.insertOne({ _id: 'org_1:2027-01', orgId: 'org_1', month: '2027-01', inForce: { all: 1, d15: 1 } });
  const markers = store.collection('migrations');
  await markers.deleteMany({});
  await markers.insertOne({ _id: 'portfolio-days-v1', doneAt: new Date() });
  const reopened = await PortfolioDaysStore.open(store, portfolioSources(store));
  t.deepEqual(figuresOn(await reopened.monthsThrough('org_1', '2027-06'), '2027-06-30'), before);
  t.is(await kept.countDocuments({ figure: { $exists: false } }), 0);
});

test('the premium report’s figures by line are kept: they equal a recount of the policies on any date, and reading them does not grow with the book', async (t) => {
  const store = await SqliteStore.open();
  t.teardown(() => store.close());
  const days = await PortfolioDaysStore.open(store, portfolioSources(store));
  const policies = await PolicyStoreRepository.create(store, PortfolioDaysStore.policyFigures);
  const lines = ['GL', 'PROPERTY', 'CYBER'] as const;
  const book: Policy[] = [];
  const write = async (count: number) => {
    for (let n = book.length; n < count; n += 1) {
      const effectiveDate = `2027-${String((n % 12) + 1).padStart(2, '0')}-${String((n % 27) + 1).padStart(2, '0')}`;
      const policy = aNewPolicy({
        id: `pol_${String(n).padStart(4, '0')}`,
        effectiveDate,
        premium: 1_000_00 + n * 137,
        sequence: n + 1,
        risk: { lineOfBusiness: lines[n % 3] },
      });
      await policies.insert(policy, []);
      book.push(policy);
    }
  };
  const rowsFor = async (asOf: string) => {
    const before = store.inspection.rowsRead();
    await days.premiumByLine('org_1', asOf);
    return store.inspection.rowsRead() - before;
  };
  await write(60);
  const small = await rowsFor('2027-12-31');
  await write(240);
  t.is(await rowsFor('2027-12-31'), small, 'the same rows for four times the policies');
  for (const asOf of ['2026-12-31', '2027-01-01', '2027-03-15', '2027-07-31', '2027-12-31', '2028-06-30', '2029-01-01']) {
    const recount = premiumTotals(asOf);
    for (const policy of book) recount.add(policy);
    const expected = recount
      .report()
      .byLineOfBusiness.map(({ lineOfBusiness, policyCount, written, earned }) => ({ lineOfBusiness, policyCount, written, earned }));
    const kept = (await days.premiumByLine('org_1', asOf)).sort((a, b) => a.lineOfBusiness.localeCompare(b.lineOfBusiness));
    t.deepEqual(kept, expected, asOf);
  }
});
