import test from 'ava';
import { scannedTables, searchedIndexes, sortsEveryMatch } from '../../adapters/persistence/sqlite/query-plans.ts';
import { SqliteStore } from '../../adapters/persistence/sqlite/sqlite-store.engine.ts';
import { boundPolicy, type BoundPolicy } from '../support/mothers.ts';
import { call, createProducer, createTenant, startTestApp, type Tenant, type TestApp } from '../support/test-app.ts';

/**
 * Tables a statement may read whole, each with why that does not grow with the book. Every other
 * table grows with the business (policies, invoices, events, …): a plan that scans one fails.
 */
const SMALL_TABLES: Record<string, string> = {
  'main.docs:test_clocks': 'one row per organization living on a test clock (sandboxes), read by the clock job',
};

/** Statements that sort every row they match (no index gives their order), each with why that stays small. */
const SORTS_ALLOWED: ReadonlyArray<[RegExp, string]> = [
  [/ IN \([?, ]+\).* ORDER BY \+/, 'every record named by a list of keys (a batch of policies), sorted: as many as the list names'],
  [/FROM "main"\."docs:payments" WHERE \("k:invoiceId" IN \(/, 'the payments of one policy’s invoices, a few dozen at most'],
  [/FROM "main"\."docs:financial_alerts" WHERE "k:status" = \?/, 'the financial alerts still queued: a handful at any time'],
];

/** Statements that read whole tables by design, not for any request, each with why. */
const NOT_PER_REQUEST: ReadonlyArray<[RegExp, string]> = [
  [
    /^SELECT 1 FROM \S+ WHERE "k:[^"]+" = x'ff' LIMIT 1$/,
    'looks once, when an index column is added, for documents stored before it that hold an array or an object there',
  ],
  [
    /^SELECT doc FROM "main"\."docs:commission_totals" WHERE 1 /,
    'the commission totals replaced whole by their rebuild: when a store is first opened, or by the admin command',
  ],
  [
    /^SELECT doc FROM "main"\."docs:portfolio_days" WHERE 1 /,
    'the portfolio days replaced whole by their rebuild: when a store is first opened, or by the admin command',
  ],
  [
    /^SELECT doc FROM "main"\."docs:receivable_(days|marks)" WHERE 1 /,
    'the kept receivables replaced whole by their count: when a store is first opened, or by the admin command',
  ],
  [/ WHERE 0 AND /, 'a condition that is false whatever the row (an empty `$in`): SQLite reads nothing'],
];

/**
 * Reads users make whose cost still grows with the book, each with the reason. Every other read
 * must examine as many rows with three times the policies.
 */
const GROWS_WITH_BOOK: Record<string, string> = {};

/** The route a read goes to, ids replaced by the parameter names of GROWS_WITH_BOOK. */
const routeOf = (path: string): string => (path.split('?')[0] as string).replace(/^\/v1\/analytics\/[^/]+\//, '/v1/analytics/:orgId/');

const readsOf = (tenant: Tenant, policy: BoundPolicy): string[] => [
  '/v1/policies?limit=2',
  '/v1/policies?limit=2&status=active&state=OH',
  '/v1/policies?limit=2&q=blue',
  `/v1/policies?limit=2&policyNumber=${policy.policy.policyNumber}`,
  '/v1/policies?limit=2&insuredName=Blue%20Pipe%20Plumbing',
  `/v1/policies/${policy.policy.id}`,
  `/v1/policies/${policy.policy.id}/timeline`,
  `/v1/policies/${policy.policy.id}/account`,
  `/v1/policies/${policy.policy.id}/premium`,
  '/v1/submissions?limit=2',
  '/v1/submissions?limit=2&q=blue',
  '/v1/invoices?limit=2',
  '/v1/invoices?limit=2&status=open',
  `/v1/invoices?limit=2&policyId=${policy.policy.id}`,
  `/v1/invoices?limit=2&q=${policy.policy.policyNumber}`,
  `/v1/invoices/${policy.invoice.id}`,
  '/v1/claims?limit=2',
  '/v1/claims?limit=2&q=blue',
  '/v1/events?limit=2',
  '/v1/events?limit=2&type=policy.bound',
  '/v1/audit-events?limit=2',
  '/v1/ledger/entries?limit=2',
  '/v1/commissions?limit=2',
  '/v1/documents?limit=2',
  '/v1/producers?limit=2',
  '/v1/referrals?limit=2',
  `/v1/analytics/${tenant.orgId}/da-utilization`,
  `/v1/analytics/${tenant.orgId}/portfolio`,
  `/v1/analytics/${tenant.orgId}/commissions`,
  '/v1/reports/premium',
  '/v1/reports/receivables-aging?limit=2',
];

/** Rows the store examined for each read: the least of three tries, as background jobs (the outbox relay) read the same store meanwhile. */
const rowsExamined = async (app: TestApp, store: SqliteStore, tenant: Tenant, reads: readonly string[]): Promise<Map<string, number>> => {
  const rows = new Map<string, number>();
  for (const path of reads) {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const before = store.inspection.rowsRead();
      const answer = await call(app.api, 'GET', path, { token: tenant.adminToken });
      if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
      rows.set(path, Math.min(rows.get(path) ?? Number.POSITIVE_INFINITY, store.inspection.rowsRead() - before));
    }
  }
  return rows;
};

test('no statement scans a table that grows with the book, and no read examines more rows as the book grows', async (t) => {
  const store = await SqliteStore.open({});
  store.inspection.recordQueries();
  const app = await startTestApp({ store: async () => store });
  t.teardown(app.close);
  const tenant = await createTenant(app, { testClock: '2027-01-01T00:00:00Z' });
  const producerId = await createProducer(app, tenant);
  const plans = ['PIF', 'QUARTERLY', 'MONTHLY_12'];
  const states = ['OH', 'TX', 'CA'];
  let bound = 0;
  const grow = async (count: number): Promise<BoundPolicy[]> => {
    const made: BoundPolicy[] = [];
    for (let n = 0; n < count; n += 1, bound += 1) {
      const policy = await boundPolicy(app, tenant, {
        producerId,
        plan: plans[bound % plans.length] as string,
        submission: { insuredName: bound === 0 ? 'Blue Pipe Plumbing' : `Insured ${bound}`, state: states[bound % states.length], effectiveDate: '2027-01-05' },
      });
      await call(app.api, 'POST', `/v1/invoices/${policy.invoice.id}/pay`, {
        token: tenant.adminToken,
        body: { amount: policy.invoice.amount, method: 'check', reference: `chk-${bound}` },
      });
      made.push(policy);
    }
    return made;
  };
  /** Until the relay has published every bind (it runs every second), so both books have their events. */
  const published = async () => {
    for (let waited = 0; waited < 30_000; waited += 100) {
      const events = await call(app.api, 'GET', '/v1/events?type=policy.bound&limit=200', { token: tenant.adminToken });
      if (events.body.data.length >= bound) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the binds were not published within 30 s');
  };
  const [first] = (await grow(8)) as [BoundPolicy];
  await published();
  const reads = readsOf(tenant, first);
  store.inspection.refreshPlannerStatistics();
  const small = await rowsExamined(app, store, tenant, reads);
  await grow(16);
  await published();
  store.inspection.refreshPlannerStatistics();
  const large = await rowsExamined(app, store, tenant, reads);
  const growing = reads.filter((path) => (large.get(path) ?? 0) > (small.get(path) ?? 0) + 2);
  const unexplained = growing.filter((path) => !(routeOf(path) in GROWS_WITH_BOOK));
  t.log(`known to grow with the book: ${growing.filter((path) => routeOf(path) in GROWS_WITH_BOOK).join(', ')}`);
  t.deepEqual(
    unexplained.map((path) => `${path}: ${small.get(path)} rows at 8 policies, ${large.get(path)} at 24`),
    [],
    'reads whose cost grows with the book',
  );

  // A year of the clock: the scheduled work's statements are checked too.
  const advanced = await call(app.api, 'POST', `/v1/organizations/${tenant.orgId}/test-clock/advance`, {
    token: tenant.adminToken,
    body: { to: '2028-02-01' },
  });
  t.true([200, 202].includes(advanced.status));
  const scans = store.inspection
    .queryPlans()
    .filter(({ sql }) => !NOT_PER_REQUEST.some(([shape]) => shape.test(sql)))
    .flatMap(({ sql, plan }) =>
      scannedTables(plan)
        .filter((table) => !(table in SMALL_TABLES))
        .map((table) => `${table}: ${sql}`),
    );
  t.deepEqual(scans, [], 'statements that read a growing table whole');
  const sorts = store.inspection
    .queryPlans()
    .filter(({ sql, plan }) => sortsEveryMatch(plan) && !SORTS_ALLOWED.some(([shape]) => shape.test(sql)))
    .map(({ sql }) => sql);
  t.deepEqual(sorts, [], 'statements that sort every row they match');

  // MongoDB is given the same declarations (by name, keys, uniqueness and filter): every index a
  // statement searches here must be one of them, not something only the embedded engine has.
  const declared = new Set(store.inspection.declaredIndexes().map(({ collection, spec }) => `docs:${collection}/${spec.name}`));
  const searched = store.inspection
    .queryPlans()
    .filter(({ sql }) => sql.includes('"main"."docs:') && !NOT_PER_REQUEST.some(([shape]) => shape.test(sql)))
    .flatMap(({ sql, plan }) => searchedIndexes(plan).map((index) => ({ sql, index })));
  const engineOnly = searched.filter(({ index }) => index !== 'primary key' && !declared.has(index.replace(/!unique$/, '')));
  t.deepEqual(
    engineOnly.map(({ sql, index }) => `${index}: ${sql}`),
    [],
    'statements served by an index MongoDB is not given',
  );
  t.log(`${searched.length} index searches over ${new Set(searched.map(({ index }) => index)).size} indexes, each declared to MongoDB too`);
});
