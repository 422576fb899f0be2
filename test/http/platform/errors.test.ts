import anyTest, { type TestFn } from 'ava';
import { SqliteStore } from '../../../adapters/persistence/sqlite/sqlite-store.engine.ts';
import type { Collection, CollectionStore, GroupedWrite, StoredDocument } from '../../../ports/shared/persistence/collection-store.port.ts';
import { call, MACHINE_SECRET, startTestApp, type TestApp } from '../../support/test-app.ts';

type Faults = { ready: boolean; audit: boolean };
const test = anyTest as TestFn<{ app: TestApp; broken: Faults }>;

/** The embedded store with switchable faults, to see how the API answers a failing dependency. */
const faultyStore = async (broken: Faults): Promise<CollectionStore> => {
  const store = await SqliteStore.open();
  return Object.assign(Object.create(store) as CollectionStore, {
    engine: store.engine,
    ping: async () => {
      if (!broken.ready) throw new Error('connection refused by db-7.internal:27017');
    },
    collection: <T extends StoredDocument>(name: string, options?: object) => {
      const collection = store.collection<T>(name, options);
      if (name !== 'audit_log') return collection;
      return Object.assign(Object.create(collection) as Collection<T>, {
        insertOne: async (document: T) => {
          if (broken.audit) throw new Error('secret internal failure at /srv/app/db.ts:42');
          return collection.insertOne(document);
        },
      });
    },
    // An audit entry is written as part of its change's group, or on its own.
    writeTogether: async (writes: readonly GroupedWrite[]) => {
      if (broken.audit && writes.some((write) => write.collection === 'audit_log')) throw new Error('secret internal failure at /srv/app/db.ts:42');
      return store.writeTogether(writes);
    },
    ensureIndexes: store.ensureIndexes.bind(store),
    close: store.close.bind(store),
  });
};

test.before(async (t) => {
  const broken = { ready: true, audit: false };
  t.context = { broken, app: await startTestApp({ store: () => faultyStore(broken) }) };
});
test.after.always(async (t) => t.context.app.close());

const assertErrorShape = (t: any, result: { status: number; body: any; headers: Headers }, status: number, code: string) => {
  t.is(result.status, status);
  t.is(result.body.error, code);
  t.is(typeof result.body.message, 'string');
  t.is(typeof result.body.details, 'object');
  t.is(result.body.requestId, result.headers.get('x-request-id'));
  t.regex(result.headers.get('content-type') ?? '', /^application\/json/);
};

test('health and readiness answer without credentials or rate limits', async (t) => {
  const { app, broken } = t.context;
  const health = await call(app.api, 'GET', '/health');
  t.deepEqual(health.body, { status: 'ok' });
  t.is(health.headers.get('x-ratelimit-limit'), null);
  t.is((await call(app.api, 'GET', '/ready')).status, 200);
  const authHealth = await call(app.auth, 'GET', '/health');
  t.is(authHealth.status, 200, 'the authentication service answers health probes too');
  t.deepEqual(authHealth.body, { status: 'ok' });
  t.is((await call(app.auth, 'GET', '/ready')).status, 200);
  broken.ready = false;
  const down = await call(app.api, 'GET', '/ready');
  broken.ready = true;
  assertErrorShape(t, down, 503, 'service_unavailable');
  t.false(JSON.stringify(down.body).includes('db-7'));
});

test('unknown routes and methods: 404 and 405 in the same shape, with rate-limit headers', async (t) => {
  const { app } = t.context;
  const unknown = await call(app.api, 'GET', '/v1/nothing-here');
  assertErrorShape(t, unknown, 404, 'not_found');
  t.truthy(unknown.headers.get('x-ratelimit-limit'));
  const wrongMethod = await call(app.api, 'PUT', '/v1/organizations', { token: MACHINE_SECRET, body: {} });
  assertErrorShape(t, wrongMethod, 405, 'method_not_allowed');
  assertErrorShape(t, await call(app.auth, 'GET', '/api/auth/unknown'), 404, 'not_found');
});

test('a caller-supplied X-Request-Id is kept; a malformed one is replaced', async (t) => {
  const { app } = t.context;
  const kept = await call(app.api, 'GET', '/v1/none', { headers: { 'x-request-id': 'trace-1234-abcd' } });
  t.is(kept.body.requestId, 'trace-1234-abcd');
  const replaced = await call(app.api, 'GET', '/v1/none', { headers: { 'x-request-id': 'bad id with spaces <script>' } });
  t.regex(replaced.body.requestId, /^[0-9a-f-]{36}$/);
});

test('validation messages are written for people: the field, the rule and an example, never the validator’s words', async (t) => {
  const { app } = t.context;
  const tenant = await call(app.api, 'POST', '/v1/organizations', { token: MACHINE_SECRET, body: { name: 'Messages MGA' } });
  const token = (await call(app.api, 'POST', '/auth/demo', { body: { secret: MACHINE_SECRET, orgId: tenant.body.id } })).body.token;
  const messageOf = async (method: string, path: string, body?: unknown) =>
    (await call(app.api, method, path, { token: path.startsWith('/v1/organizations') ? MACHINE_SECRET : token, ...(body ? { body } : {}) })).body
      .message as string;
  t.is(await messageOf('GET', '/v1/policies?q=2'), `'q' must be at least 2 characters long, e.g. "blue pipe".`);
  t.is(await messageOf('GET', '/v1/reports/bordereaux?type=premium&month=2026-13'), `'month' must be a month (YYYY-MM) from 1900-01 to 2999-12, e.g. 2026-11.`);
  t.is(
    await messageOf('POST', '/v1/organizations', { name: 'x', allowedDomains: ['not a domain'] }),
    `'allowedDomains.0' is not in the expected form, e.g. "harbor.example".`,
  );
  t.is(await messageOf('POST', '/v1/organizations', { name: 42 }), `'name' must be text.`);
  t.is(await messageOf('GET', '/v1/policies?limit=500'), `'limit' must be at most 200.`);
  const many = await call(app.api, 'POST', '/v1/submissions', {
    token,
    body: { insuredName: '', naicsCode: 'x', annualRevenue: -1, requestedLimit: 'lots', effectiveDate: '2027-02-30', state: 'Ohio', lineOfBusiness: 'GL' },
  });
  const messages = (many.body.details.problems as Array<{ message: string }>).map((problem) => problem.message);
  t.true(messages.length >= 5, messages.join(' | '));
  for (const message of messages) t.notRegex(message, /must NOT|must match|must be equal|must have required|must be >=|must be <=/, message);
});

test('malformed JSON, missing and invalid fields: 400 validation_failed with field and rule', async (t) => {
  const { app } = t.context;
  const malformed = await call(app.api, 'POST', '/v1/organizations', {
    token: MACHINE_SECRET,
    rawBody: '{"name": ',
    headers: { 'content-type': 'application/json' },
  });
  assertErrorShape(t, malformed, 400, 'validation_failed');
  t.deepEqual(malformed.body.details, { field: 'body', rule: 'json' });
  const missing = await call(app.api, 'POST', '/v1/organizations', { token: MACHINE_SECRET, body: {} });
  t.deepEqual(missing.body.details, { field: 'name', rule: 'required' });
  const wrongType = await call(app.api, 'POST', '/v1/organizations', { token: MACHINE_SECRET, body: { name: 42 } });
  t.deepEqual(wrongType.body.details, { field: 'name', rule: 'type' });
  const notObject = await call(app.api, 'POST', '/v1/organizations', { token: MACHINE_SECRET, body: [1, 2] });
  t.is(notObject.body.details.rule, 'type');
  const nested = await call(app.api, 'POST', '/v1/organizations', { token: MACHINE_SECRET, body: { name: 'x', allowedDomains: ['ok.test', 'not a domain'] } });
  t.deepEqual(nested.body.details, { field: 'allowedDomains.1', rule: 'pattern' });
  const mediaType = await call(app.api, 'POST', '/v1/organizations', {
    token: MACHINE_SECRET,
    rawBody: 'name=x',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  assertErrorShape(t, mediaType, 415, 'unsupported_media_type');
});

test.serial('bodies over 1 MiB: 413, and nothing is stored', async (t) => {
  const { app } = t.context;
  const before = await call(app.api, 'GET', '/v1/organizations?limit=200', { token: MACHINE_SECRET });
  const big = await call(app.api, 'POST', '/v1/organizations', { token: MACHINE_SECRET, body: { name: 'x'.repeat(1024 * 1024 + 10) } });
  assertErrorShape(t, big, 413, 'payload_too_large');
  const after = await call(app.api, 'GET', '/v1/organizations?limit=200', { token: MACHINE_SECRET });
  t.is(after.body.data.length, before.body.data.length);
});

test.serial('an unexpected failure is a 500 that shows neither stack nor internal message', async (t) => {
  const { app, broken } = t.context;
  broken.audit = true;
  const failed = await call(app.api, 'POST', '/v1/organizations', { token: MACHINE_SECRET, body: { name: 'explode' } });
  broken.audit = false;
  assertErrorShape(t, failed, 500, 'internal_error');
  t.deepEqual(failed.body.details, {});
  t.false(JSON.stringify(failed.body).includes('secret internal failure'));
  t.false(JSON.stringify(failed.body).includes('.ts'));
});
