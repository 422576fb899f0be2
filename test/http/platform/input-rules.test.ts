import anyTest, { type TestFn } from 'ava';
import { call, createTenant, MACHINE_SECRET, startTestApp, type TestApp, type Tenant } from '../../support/test-app.ts';
import { signedInPolicyholder } from '../../support/mothers.ts';
import { dereferenced, describedServices, type DescribedService } from '../../support/descriptions.ts';

/**
 * Every route that takes a date, a money amount or free text, found in the OpenAPI description
 * (so a new route is covered the day it lands), is sent a valid body with one field made
 * hostile: each answers 400 `validation_failed` naming that field and the rule, and stores nothing.
 */
const test = anyTest as TestFn<{ app: TestApp; tenant: Tenant; policyholder: string; services: DescribedService[] }>;

test.before(async (t) => {
  const app = await startTestApp();
  const tenant = await createTenant(app);
  // The insured's policy is in an organization of its own: the tenant under test stores nothing.
  const policyholder = (await signedInPolicyholder(app, await createTenant(app))).token;
  // The API's description lists every route, the authentication routes included.
  const services = (await describedServices(app))
    .filter(({ origin }) => origin === app.api)
    .map(({ origin, document }) => ({ origin, document: dereferenced(document) }));
  t.context = { app, tenant, policyholder, services };
});
test.after.always(async (t) => t.context.app.close());

type Schema = Record<string, any>;

/** A value the schema accepts (enough for validation to reach every field). */
const example = (schema: Schema): unknown => {
  if (schema.examples) return schema.examples[0];
  if (schema.enum) return schema.enum[0];
  if ('const' in schema) return schema.const;
  if (schema.anyOf) return example(schema.anyOf.find((option: Schema) => option.type !== 'null') ?? schema.anyOf[0]);
  switch (schema.type) {
    case 'object':
      return Object.fromEntries((schema.required ?? []).map((name: string) => [name, example(schema.properties[name])]));
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => example(schema.items));
    case 'number':
    case 'integer':
      return schema.maximum !== undefined && schema.maximum < 100 ? schema.maximum : 100;
    case 'boolean':
      return true;
    default:
      if (schema.format === 'date') return '2027-03-01';
      if (schema.format === 'date-time') return '2027-03-01T00:00:00Z';
      if (schema.format === 'email') return 'someone@example.com';
      if (schema.pattern === '^\\d{2,6}$') return '541511';
      if (schema.pattern) return undefined;
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
  }
};

interface Probe {
  readonly path: string[];
  readonly value: unknown;
  readonly rule: string;
}

/** Hostile values for each date, money and text field of a body schema, with the rule each must trip. */
const probes = (schema: Schema, path: string[] = []): Probe[] => {
  if (schema.anyOf) return schema.anyOf.flatMap((option: Schema) => (option.type === 'null' ? [] : probes(option, path)));
  if (schema.type === 'object' && schema.properties)
    return Object.entries(schema.properties).flatMap(([name, property]) => probes(property as Schema, [...path, name]));
  if (schema.type === 'array' && schema.items && (schema.maxItems ?? 1) > 0) return probes(schema.items, [...path, '0']);
  const found: Probe[] = [];
  if (schema.format === 'date') {
    for (const value of ['2027-02-30', '2027-99-99', '2026-02-29', '2027-13-01', '2027-04-31']) found.push({ path, value, rule: 'date' });
  }
  if (schema['x-money']) {
    found.push(
      { path, value: 90_071_992_547_409.92, rule: 'maximum' },
      { path, value: 10_000_000_000.01, rule: 'maximum' },
      { path, value: 12.345, rule: 'multipleOf' },
      { path, value: 1e-7, rule: 'multipleOf' },
    );
  }
  if (schema['x-text']) {
    for (const value of ['a\u0000b', 'a\u001b[31mred', '\u202Egnp.exe', 'a\u2066b', 'lone \uD800 surrogate', 'a\u0085b'])
      found.push({ path, value, rule: 'text' });
    if (schema['x-text'] === 'line') found.push({ path, value: 'two\nlines', rule: 'text' });
    if ((schema.minLength ?? 0) > 0) found.push({ path, value: '   ', rule: 'minLength' });
  }
  return found;
};

/** The sub-schema at `key` (through unions to the first non-null option). */
const child = (schema: Schema, key: string): Schema => {
  const object = schema.anyOf ? schema.anyOf.find((option: Schema) => option.type !== 'null') : schema;
  return /^\d+$/.test(key) ? object.items : object.properties[key];
};

/** A copy of `body` with `value` at `path`; containers on the way that are missing are filled with valid examples. */
const setAt = (schema: Schema, body: any, path: string[], value: unknown): any => {
  const copy = structuredClone(body);
  let target = copy;
  let at = schema;
  for (const key of path.slice(0, -1)) {
    at = child(at, key);
    if (target[key] === undefined) {
      const object = at.anyOf ? at.anyOf.find((option: Schema) => option.type !== 'null') : at;
      target[key] = object.type === 'array' ? [example(object.items)] : example(object);
    }
    target = target[key];
  }
  target[path.at(-1) as string] = value;
  return copy;
};

/** Ids name nothing (the body is refused before any lookup); a month is a valid one, since its pattern is checked first. */
const concretePath = (template: string): string => template.replace(/\{month\}/g, '2027-01').replace(/\{[^}]+\}/g, 'nonexistent_0001');

test('every date, money and text field of every route refuses hostile values with its field and rule', async (t) => {
  const { app, tenant, policyholder, services } = t.context;
  let checked = 0;
  const routesSeen = new Set<string>();
  for (const { origin, document } of services)
    for (const [template, operations] of Object.entries<Record<string, any>>(document.paths)) {
      for (const [method, operation] of Object.entries<any>(operations)) {
        const schema = operation.requestBody?.content?.['application/json']?.schema;
        if (!schema || template.startsWith('/webhooks/') || template === '/v1/esign/webhook') continue;
        const base = example(schema) as Record<string, unknown>;
        for (const probe of probes(schema)) {
          const body = setAt(schema, base, probe.path, probe.value);
          const answer = await call(origin, method.toUpperCase(), concretePath(template), {
            token:
              template.startsWith('/v1/organizations') || template.startsWith('/v1/programs')
                ? MACHINE_SECRET
                : template.startsWith('/v1/portal')
                  ? policyholder
                  : tenant.adminToken,
            body,
          });
          const label = `${method.toUpperCase()} ${template} ${probe.path.join('.')}=${JSON.stringify(probe.value)}`;
          t.is(answer.status, 400, label);
          t.is(answer.body?.error, 'validation_failed', label);
          // The hostile field comes first; other problems of the generated body may follow in `problems`.
          t.like(answer.body?.details, { field: probe.path.join('.'), rule: probe.rule }, label);
          checked += 1;
          routesSeen.add(`${method} ${template}`);
        }
      }
    }
  t.log(`${checked} hostile values over ${routesSeen.size} routes`);
  for (const route of [
    'post /v1/submissions',
    'post /v1/policies/{id}/endorse',
    'post /v1/policies/{id}/cancel',
    'post /v1/invoices/{id}/pay',
    'post /v1/invoices/{id}/refund',
    'post /api/auth/sign-up/email',
  ]) {
    t.true(routesSeen.has(route), route);
  }
  t.is((await call(app.api, 'GET', '/v1/submissions', { token: tenant.adminToken })).body.data.length, 0, 'nothing was stored');
});

test('hostile characters are refused in query strings and in fields no schema marks as text', async (t) => {
  const { app, tenant } = t.context;
  const query = await call(app.api, 'GET', `/v1/producers?q=${encodeURIComponent('a\u202Eb')}`, { token: tenant.adminToken });
  t.deepEqual(query.body.details, { field: 'q', rule: 'text' });
  const nested = await call(app.api, 'POST', '/v1/submissions', { token: tenant.adminToken, body: { producerId: 'p\u0000' } });
  t.deepEqual(nested.body.details, { field: 'producerId', rule: 'text' });
  const deep = await call(app.api, 'POST', '/v1/submissions', {
    token: tenant.adminToken,
    rawBody: `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
    headers: { 'content-type': 'application/json' },
  });
  t.is(deep.status, 400);
});

test('text is trimmed before it is stored and before its length is checked', async (t) => {
  const { app } = t.context;
  const tenant = await createTenant(app);
  const created = await call(app.api, 'POST', '/v1/submissions', {
    token: tenant.adminToken,
    body: {
      insuredName: '  Trim Me LLC \t',
      naicsCode: '541511',
      annualRevenue: 144_335_143.7,
      requestedLimit: 1_000_000,
      effectiveDate: '2028-02-29',
      state: 'OH',
      lineOfBusiness: 'GL',
      description: 'line one\nline two',
    },
  });
  t.is(created.status, 201);
  t.is(created.body.insuredName, 'Trim Me LLC');
  t.is(created.body.annualRevenue, 144_335_143.7);
  t.is(created.body.description, 'line one\nline two');
});
