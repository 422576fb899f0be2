import test from 'ava';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { plannedStat } from '../../adapters/persistence/sqlite/planned-statistics.ts';
import { PlannerStatistics } from '../../adapters/persistence/sqlite/planner-statistics.ts';
import { NO_TUNING } from '../../adapters/persistence/sqlite/embedded-tuning.ts';
import { SqliteStore, STORE_FILE } from '../../adapters/persistence/sqlite/sqlite-store.engine.ts';
import type { IndexSpec } from '../../ports/shared/persistence/collection-store.port.ts';

/** A table shaped as the store makes them: newest-first per organization, and per organization and invoice. */
const paymentsTable = (): DatabaseSync => {
  const db = new DatabaseSync(':memory:');
  db.exec(`CREATE TABLE payments (id TEXT PRIMARY KEY, doc TEXT NOT NULL, "k:orgId", "k:invoiceId");
    CREATE INDEX org_newest ON payments ("k:orgId", id DESC);
    CREATE INDEX org_invoice ON payments ("k:orgId", "k:invoiceId", id)`);
  const insert = db.prepare('INSERT INTO payments VALUES (?, ?, ?, ?)');
  db.exec('BEGIN');
  for (let n = 0; n < 2_000; n += 1) insert.run(`pay_${String(n).padStart(5, '0')}`, '{}', 'org', `inv_${n % 200}`);
  db.exec('COMMIT');
  return db;
};

const planOf = (db: DatabaseSync): string =>
  db
    .prepare('EXPLAIN QUERY PLAN SELECT doc FROM payments WHERE "k:orgId" = ? AND "k:invoiceId" IN (?, ?) ORDER BY id')
    .all('org', 'inv_1', 'inv_2')
    .map((row) => String((row as { detail: string }).detail))
    .join('; ');

test('without statistics the planner walks the whole organization; once refreshed it reads the invoice index', (t) => {
  const db = paymentsTable();
  t.regex(planOf(db), /USING INDEX org_newest/, 'the guess this guards against');
  new PlannerStatistics(db).refreshAll();
  t.regex(planOf(db), /USING INDEX org_invoice/);
});

test('statistics are refreshed every so many commits, not on each', (t) => {
  const db = paymentsTable();
  const statistics = new PlannerStatistics(db, () => [], 3);
  statistics.committed();
  statistics.committed();
  t.regex(planOf(db), /org_newest/);
  statistics.committed();
  t.regex(planOf(db), /org_invoice/);
});

test('the store refreshes the statistics of its tables when it opens', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'statistics-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const first = await SqliteStore.open({ dir });
  const payments = first.collection('payments');
  await first.ensureIndexes('payments', [{ name: 'org_invoice', keys: { orgId: 1, invoiceId: 1 } }]);
  await Promise.all(Array.from({ length: 50 }, (_, n) => payments.insertOne({ _id: `pay_${n}`, orgId: 'org', invoiceId: `inv_${n % 5}` })));
  await first.close();
  await (await SqliteStore.open({ dir })).close();
  const db = new DatabaseSync(join(dir, 'store', STORE_FILE), { readOnly: true });
  t.teardown(() => db.close());
  const stats = db.prepare("SELECT idx, stat FROM sqlite_stat1 WHERE tbl = 'docs:payments'").all() as Array<{ idx: string; stat: string }>;
  t.true(
    // 50 rows of one organization and 5 invoices, analyzed; planned as a table of at least 1,000 rows (planForGrowth).
    stats.some((row) => row.idx.includes('org_invoice') && row.stat === '1000 50 10 1'),
    JSON.stringify(stats),
  );
});

/** The plan of a read of the rare value of a store's flag index, once the store has refreshed its statistics. */
const flagReadPlan = async (readsRareValues: boolean): Promise<{ stat: string; plan: string }> => {
  const dir = await mkdtemp(join(tmpdir(), 'statistics-'));
  try {
    const tuning = { ...NO_TUNING, rareValueIndexes: readsRareValues ? [{ collection: 'invoices', index: 'outbox' }] : [] };
    const store = await SqliteStore.open({ dir, tuning });
    await store.ensureIndexes('invoices', [
      { name: 'org_invoice_number', keys: { orgId: 1, invoiceNumber: 1 }, unique: true },
      { name: 'org_policy', keys: { orgId: 1, policyId: 1, _id: -1 } },
      { name: 'org_status', keys: { orgId: 1, status: 1, _id: -1 } },
      { name: 'outbox', keys: { hasPendingEvents: 1 } },
    ]);
    const invoices = store.collection('invoices');
    const pad = 'x'.repeat(500);
    for (let n = 0; n < 30_000; n += 500) {
      await Promise.all(
        Array.from({ length: 500 }, (_, k) =>
          invoices.insertOne({
            _id: `inv_${String(n + k).padStart(5, '0')}`,
            orgId: 'org',
            policyId: `pol_${(n + k) % 2_500}`,
            invoiceNumber: `N${n + k}`,
            status: 'paid',
            hasPendingEvents: false,
            pad,
          }),
        ),
      );
    }
    await store.close();
    // Reopened: the statistics are refreshed while every row holds `false` (all events published).
    await (await SqliteStore.open({ dir, tuning })).close();
    const db = new DatabaseSync(join(dir, 'store', STORE_FILE), { readOnly: true });
    try {
      const [row] = db.prepare("SELECT stat FROM sqlite_stat1 WHERE idx = 'docs:invoices/outbox'").all() as Array<{ stat: string }>;
      const plan = db
        .prepare('EXPLAIN QUERY PLAN SELECT doc FROM "docs:invoices" WHERE "k:hasPendingEvents" = ? LIMIT 100')
        .all(new Uint8Array([1, 1]))
        .map((step) => String((step as { detail: string }).detail))
        .join('; ');
      return { stat: row?.stat ?? '', plan };
    } finally {
      db.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

test('an index read for a rare value stays an index lookup when nearly every row holds the common one', async (t) => {
  const plain = await flagReadPlan(false);
  t.regex(plain.plan, /^SCAN/, 'what average statistics make of it');
  const rare = await flagReadPlan(true);
  t.regex(rare.stat, / 1 1$/);
  t.regex(rare.plan, /USING INDEX docs:invoices\/outbox/);
});

test('figures as planned: a table of at least 1,000 rows, an organization a tenth of it at most, a partial index as large as a tenth', (t) => {
  t.is(plannedStat('37797 37797 1', { leadsWithOrg: true, partial: false }), '37797 3779 1');
  t.is(plannedStat('37797 1 1', { leadsWithOrg: false, partial: false }), '37797 1 1');
  t.is(plannedStat('1 1', { leadsWithOrg: false, partial: false }), '1000 1');
  t.is(plannedStat('20 20 20 2 1', { leadsWithOrg: true, partial: true }), '1000 100 100 100 1');
  t.is(plannedStat('0 0 0 0 0', { leadsWithOrg: true, partial: true }), '1000 100 100 100 1');
  t.is(plannedStat('5000 2500 1', { leadsWithOrg: true, partial: false }), '5000 500 1');
  t.is(plannedStat('78500 78500 78500 216 1', { leadsWithOrg: true, partial: false }), '78500 7850 7850 216 1', 'more keys never match more rows');
  t.is(plannedStat('12', { leadsWithOrg: true, partial: false }), null);
  t.is(plannedStat('12 x', { leadsWithOrg: true, partial: false }), null);
});

test('an organization that joins a book of one reads its newest page through its own index, not by walking the other’s rows', async (t) => {
  const store = await SqliteStore.open({});
  t.teardown(() => store.close());
  await store.ensureIndexes('claims', [{ name: 'org_newest', keys: { orgId: 1, _id: -1 } }]);
  const claims = store.collection('claims');
  const id = (n: number) => `clm_01a21a485b74${n.toString(16).padStart(16, '0')}`;
  await store.writeTogether(Array.from({ length: 3_000 }, (_, n) => ({ collection: 'claims', insertOne: { _id: id(n), orgId: 'org_large' } })));
  // Analyzed while one organization holds every row; the next organization's first rows come before the next refresh.
  store.inspection.refreshPlannerStatistics();
  await claims.insertOne({ _id: id(3_000), orgId: 'org_new' });
  await claims.insertOne({ _id: id(3_001), orgId: 'org_new' });
  store.inspection.recordQueries();
  const page = await claims.find({ orgId: 'org_new' }, { sort: { _id: -1 }, limit: 1 });
  t.deepEqual(
    page.map((claim) => claim._id),
    [id(3_001)],
  );
  const plans = store.inspection.queryPlans().filter(({ sql }) => sql.includes('"docs:claims"') && sql.includes('ORDER BY id DESC'));
  t.true(plans.length > 0);
  for (const { plan } of plans) t.regex(plan.map((step) => step.detail).join('; '), /USING INDEX docs:claims\/org_newest/);
});

test('an index saved while its declaration still said `readsRareValues` is the same index now: opening the store does not build it again', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'statistics-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const before = await SqliteStore.open({ dir });
  // As stores saved it before the engine's tuning left the collection port.
  await before.ensureIndexes('invoices', [{ name: 'outbox', keys: { hasPendingEvents: 1 }, readsRareValues: true } as IndexSpec]);
  await before.close();
  const store = await SqliteStore.open({ dir });
  t.teardown(() => store.close());
  await store.ensureIndexes('invoices', [{ name: 'outbox', keys: { hasPendingEvents: 1 } }]);
  const saved = store.inspection.declaredIndexes().find(({ collection, spec }) => collection === 'invoices' && spec.name === 'outbox');
  t.like(saved?.spec, { readsRareValues: true }, 'kept as saved: not dropped and made again');
});
