import anyTest, { type TestFn } from 'ava';
import { activeProducer, IDENTITY_WEBHOOK_SECRET } from '../../support/identity-events.ts';
import { boundPolicy, type BoundPolicy } from '../../support/mothers.ts';
import { call, createTenant, PASSWORD, startTestApp, type Tenant, type TestApp } from '../../support/test-app.ts';

interface Agent {
  readonly producerId: string;
  readonly token: string;
}

interface Book {
  readonly bound: BoundPolicy;
  readonly commissionId: string;
  readonly receiptId: string;
}

const test = anyTest as TestFn<{ app: TestApp; a: Tenant; b: Tenant; pat: Agent; sam: Agent; patBook: Book; samBook: Book; otherOrg: BoundPolicy }>;

/** A policy written for a producer and its first installment paid: a commission and a receipt come with it. */
const bookFor = async (app: TestApp, tenant: Tenant, producerId: string): Promise<Book> => {
  const bound = await boundPolicy(app, tenant, { producerId, plan: 'QUARTERLY' });
  const paid = await call(app.api, 'POST', `/v1/invoices/${bound.invoice.id}/pay`, {
    token: tenant.adminToken,
    body: { amount: bound.invoice.amount, method: 'check', reference: `chk-${bound.invoice.id}` },
  });
  if (paid.status !== 201) throw new Error(`pay: ${paid.status} ${JSON.stringify(paid.body)}`);
  const commissions = await call(app.api, 'GET', `/v1/commissions?policyId=${bound.policy.id}`, { token: tenant.adminToken });
  const receipt = await app.app.store
    .collection<{ _id: string; storageKey: string }>('documents')
    .findOne({ storageKey: { $regex: bound.invoice.invoiceNumber } });
  return { bound, commissionId: commissions.body.data[0].id, receiptId: receipt!._id };
};

test.before(async (t) => {
  const app = await startTestApp({ env: { IDENTITY_WEBHOOK_SECRET } });
  const a = await createTenant(app);
  const b = await createTenant(app);
  const pat = await activeProducer(app, a, 'Pat Producer');
  const sam = await activeProducer(app, a, 'Sam Producer');
  t.context = {
    app,
    a,
    b,
    pat,
    sam,
    patBook: await bookFor(app, a, pat.producerId),
    samBook: await bookFor(app, a, sam.producerId),
    otherOrg: await boundPolicy(app, b),
  };
});
test.after.always(async (t) => t.context.app.close());

const ids = (page: { data: { id: string }[] }) => page.data.map((record) => record.id).sort();

test('a producer’s lists hold its own business only: submissions, policies, invoices, commissions, producers', async (t) => {
  const { app, pat, patBook } = t.context;
  const get = async (path: string) => (await call(app.api, 'GET', path, { token: pat.token })).body;
  t.deepEqual(ids(await get('/v1/submissions')), [patBook.bound.submission.id]);
  t.deepEqual(ids(await get('/v1/policies')), [patBook.bound.policy.id]);
  t.deepEqual(ids(await get('/v1/invoices?limit=100')), patBook.bound.invoices.map((invoice: { id: string }) => invoice.id).sort());
  t.deepEqual(ids(await get('/v1/commissions')), [patBook.commissionId]);
  t.deepEqual(ids(await get('/v1/producers')), [pat.producerId]);
  // Filters narrow within what the producer sees, never beyond it.
  t.deepEqual(ids(await get(`/v1/invoices?policyId=${t.context.samBook.bound.policy.id}`)), []);
});

test('another producer’s record of the organization is 403; another organization’s, or none, is 404', async (t) => {
  const { app, pat, patBook, samBook, otherOrg } = t.context;
  const status = async (method: string, path: string) =>
    (await call(app.api, method, path, { token: pat.token, ...(method === 'POST' ? { body: {} } : {}) })).status;
  const own = patBook.bound;
  const theirs = samBook.bound;
  const cases: [string, string][] = [
    ['GET', '/v1/submissions/{submission}'],
    ['GET', '/v1/submissions/{submission}/quote-readiness'],
    ['POST', '/v1/submissions/{submission}/quote'],
    ['GET', '/v1/policies/{policy}'],
    ['GET', '/v1/policies/{policy}/timeline'],
    ['GET', '/v1/policies/{policy}/premium'],
    ['GET', '/v1/invoices/{invoice}'],
    ['GET', '/v1/documents/{receipt}'],
    ['GET', '/v1/producers/{producer}'],
    ['GET', '/v1/producers/{producer}/appointments'],
  ];
  const path = (template: string, book: { submission: string; policy: string; invoice: string; receipt: string; producer: string }) =>
    template.replace(/\{(\w+)\}/, (_, name: keyof typeof book) => book[name]);
  const pats = {
    submission: own.submission.id,
    policy: own.policy.id,
    invoice: own.invoice.id,
    receipt: patBook.receiptId,
    producer: t.context.pat.producerId,
  };
  const sams = {
    submission: theirs.submission.id,
    policy: theirs.policy.id,
    invoice: theirs.invoice.id,
    receipt: samBook.receiptId,
    producer: t.context.sam.producerId,
  };
  const others = { submission: otherOrg.submission.id, policy: otherOrg.policy.id, invoice: otherOrg.invoice.id, receipt: 'doc_none', producer: 'prd_none' };
  const none = { submission: 'sub_none', policy: 'pol_none', invoice: 'inv_none', receipt: 'doc_none', producer: 'prd_none' };
  for (const [method, template] of cases) {
    if (method === 'GET') t.is(await status(method, path(template, pats)), 200, `own: ${template}`);
    t.is(await status(method, path(template, sams)), 403, `another producer's: ${template}`);
    t.is(await status(method, path(template, others)), 404, `another organization's: ${template}`);
    t.is(await status(method, path(template, none)), 404, `none: ${template}`);
  }
  for (const hostile of ['a:b', 'x%23viewer', 'policy%3Apol_1', '*']) {
    t.is(await status('GET', `/v1/policies/${hostile}`), 404, `an id no record can have: ${hostile}`);
  }
});

test('a producer submits its own business: named or not, the submission is theirs; naming another producer is 403', async (t) => {
  const { app, pat, sam } = t.context;
  const body = {
    insuredName: 'Own Book Co',
    naicsCode: '541511',
    annualRevenue: 1_000_000,
    requestedLimit: 1_000_000,
    effectiveDate: '2027-01-01',
    state: 'OH',
    lineOfBusiness: 'GL',
  };
  const created = await call(app.api, 'POST', '/v1/submissions', { token: pat.token, body });
  t.is(created.status, 201);
  t.is(created.body.producerId, pat.producerId);
  t.is((await call(app.api, 'GET', `/v1/submissions/${created.body.id}`, { token: pat.token })).status, 200);
  t.is((await call(app.api, 'GET', `/v1/submissions/${created.body.id}`, { token: sam.token })).status, 403);
  const forged = await call(app.api, 'POST', '/v1/submissions', { token: pat.token, body: { ...body, producerId: sam.producerId } });
  t.is(forged.status, 403);
});

test('staff and integration keys keep the whole book of their own organization', async (t) => {
  const { app, a, patBook, samBook } = t.context;
  const policies = ids((await call(app.api, 'GET', '/v1/policies?limit=200', { token: a.adminToken })).body);
  t.true(policies.includes(patBook.bound.policy.id) && policies.includes(samBook.bound.policy.id));
  t.is((await call(app.api, 'GET', `/v1/documents/${samBook.receiptId}`, { token: a.adminToken })).status, 200);
});

test('every credentialed route on one submission, policy, invoice, producer or document declares its relationship check', async (t) => {
  const document = (await call(t.context.app.api, 'GET', '/openapi.json')).body as {
    paths: Record<string, Record<string, { security?: unknown[]; 'x-relationship'?: { type: string; relation: string } }>>;
  };
  const guarded = Object.entries(document.paths)
    .filter(([path]) => /^\/v1\/(submissions|policies|invoices|producers|documents)\/\{id\}/.test(path))
    .flatMap(([path, operations]) => Object.entries(operations).map(([method, operation]) => ({ route: `${method.toUpperCase()} ${path}`, operation })))
    .filter(({ operation }) => (operation.security?.length ?? 0) > 0);
  t.true(guarded.length >= 20);
  for (const { route, operation } of guarded) t.truthy(operation['x-relationship'], route);
});

test('an auditor reads the whole book, changes nothing, and every read is itself in the audit log', async (t) => {
  const { app, a, samBook } = t.context;
  const email = `auditor@${a.adminEmail.split('@')[1]}`;
  const created = await call(app.api, 'POST', '/v1/users', {
    token: a.adminToken,
    body: { email, password: PASSWORD, role: 'auditor', name: 'Avery Auditor' },
  });
  t.is(created.status, 201);
  const token = (await call(app.auth, 'POST', '/api/auth/sign-in/email', { body: { email, password: PASSWORD } })).body.token;
  t.is((await call(app.api, 'GET', `/v1/policies/${samBook.bound.policy.id}`, { token })).status, 200);
  t.is((await call(app.api, 'GET', '/v1/invoices?limit=5', { token })).status, 200);
  const pay = await call(app.api, 'POST', `/v1/invoices/${samBook.bound.invoices[1].id}/pay`, {
    token,
    body: { amount: 1, method: 'check', reference: 'aud-1' },
  });
  t.is(pay.status, 403, 'an auditor changes nothing');
  const log = (await call(app.api, 'GET', '/v1/audit-events?limit=200', { token: a.adminToken })).body.data as {
    action: string;
    actor: string;
    targetType: string;
    targetId: string;
  }[];
  const reads = log.filter((entry) => entry.action === 'record.read' && entry.actor === `user:${created.body.id}`);
  t.true(reads.some((entry) => entry.targetType === 'policy' && entry.targetId === samBook.bound.policy.id));
  t.true(reads.some((entry) => entry.targetType === 'route' && entry.targetId === 'listInvoices'));
});

test('a producer’s next page holds its own business only: the cursor narrows the list, never widens it', async (t) => {
  const { app, a, pat } = t.context;
  // Business of the organization written after Pat's: newer ids, so they would follow Pat's in a page of everything.
  await boundPolicy(app, a, { plan: 'QUARTERLY' });
  for (const path of ['/v1/submissions', '/v1/policies', '/v1/invoices']) {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { data: { id: string }[]; nextCursor: string | null } = (
        await call(app.api, 'GET', `${path}?limit=1${cursor ? `&cursor=${cursor}` : ''}`, { token: pat.token })
      ).body;
      seen.push(...page.data.map((record) => record.id));
      cursor = page.nextCursor;
    } while (cursor && seen.length < 50);
    const own = ids((await call(app.api, 'GET', `${path}?limit=200`, { token: pat.token })).body);
    t.true(own.length > 0 && own.length < 50);
    t.deepEqual(seen.sort(), own, path);
  }
});
