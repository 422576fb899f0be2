import test from 'ava';
import fc from 'fast-check';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { dereferenced, describedServices } from '../../support/descriptions.ts';
import { call, createTenant, startTestApp } from '../../support/test-app.ts';

/** Runs per operation: short in `npm test`, longer with FUZZ_RUNS; the seed is fixed unless FUZZ_SEED says otherwise. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 3);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

type Schema = Record<string, any>;

const junk = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant({}),
  fc.constant([]),
  fc.jsonValue({ maxDepth: 2 }),
);

/** Values a schema accepts, most of the time (its examples, enums and bounds), and sometimes not quite. */
const valueOf = (schema: Schema | undefined, resolve: (ref: string) => Schema, depth = 0): fc.Arbitrary<unknown> => {
  if (!schema || depth > 4) return junk;
  if (schema.$ref) return valueOf(resolve(schema.$ref), resolve, depth + 1);
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return fc.oneof(...options.map((option: Schema) => valueOf(option, resolve, depth + 1)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.examples?.length) return fc.oneof(fc.constantFrom(...schema.examples), junk);
  switch (schema.type) {
    case 'string':
      if (schema.format === 'date') return fc.oneof(fc.constant('2027-01-01'), fc.constant('2027-02-30'), fc.string({ maxLength: 12 }));
      if (schema.format === 'date-time') return fc.oneof(fc.constant('2027-01-01T00:00:00Z'), fc.string({ maxLength: 12 }));
      if (schema.format === 'email') return fc.oneof(fc.emailAddress(), fc.string({ maxLength: 12 }));
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 80) });
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1_000_000 });
    case 'number':
      return fc.oneof(fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e7, noNaN: true }), fc.constant(1250.5));
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(valueOf(schema.items, resolve, depth + 1), { maxLength: Math.min(schema.maxItems ?? 3, 3) });
    case 'object': {
      const properties = Object.entries<Schema>(schema.properties ?? {});
      const required = new Set<string>(schema.required ?? []);
      return fc.record(Object.fromEntries(properties.map(([name, property]) => [name, valueOf(property, resolve, depth + 1)])), {
        requiredKeys: properties.map(([name]) => name).filter((name) => required.has(name)),
      });
    }
    default:
      return junk;
  }
};

test('every operation of /openapi.json, with valid and invalid requests: never a 5xx, and answers as described', async (t) => {
  const app = await startTestApp();
  t.teardown(app.close);
  const tenant = await createTenant(app);
  const ajv = new Ajv2020({ strict: false, allErrors: false });
  addFormats.default(ajv);
  const validators = new Map<Schema, ValidateFunction>();
  const validatorOf = (schema: Schema) => {
    let validator = validators.get(schema);
    if (!validator) validators.set(schema, (validator = ajv.compile(schema)));
    return validator;
  };
  const resolve = (ref: string): Schema => {
    throw new Error(`a $ref left in a dereferenced description: ${ref}`);
  };

  let requests = 0;
  const answered = new Map<string, number>();
  let checked = 0;
  let paths = 0;
  // The API's description lists every route, the authentication routes included.
  for (const service of (await describedServices(app)).filter(({ origin }) => origin === app.api)) {
    const { origin } = service;
    const document = dereferenced(service.document);
    paths += Object.keys(document.paths).length;
    for (const [template, operations] of Object.entries<Record<string, Schema>>(document.paths)) {
      for (const [method, operation] of Object.entries<Schema>(operations)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        const parameters: Schema[] = operation.parameters ?? [];
        const bodySchema: Schema | undefined = operation.requestBody?.content?.['application/json']?.schema;
        const request = fc.record({
          path: fc.record(
            Object.fromEntries(
              parameters.filter((p) => p.in === 'path').map((p) => [p.name, fc.oneof(fc.constant('missing_0001'), fc.string({ minLength: 1, maxLength: 20 }))]),
            ),
          ),
          query: fc.record(Object.fromEntries(parameters.filter((p) => p.in === 'query').map((p) => [p.name, fc.oneof(valueOf(p.schema, resolve), junk)])), {
            requiredKeys: [],
          }),
          body: bodySchema ? fc.oneof({ weight: 3, arbitrary: valueOf(bodySchema, resolve) }, { weight: 1, arbitrary: junk }) : fc.constant(undefined),
        });
        await fc.assert(
          fc.asyncProperty(request, async ({ path, query, body }) => {
            const concrete = template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String((path as Record<string, unknown>)[name])));
            const search = new URLSearchParams(
              Object.entries(query).map(([key, value]): [string, string] => [key, typeof value === 'string' ? value : JSON.stringify(value)]),
            );
            const url = `${concrete}${search.size > 0 ? `?${search}` : ''}`;
            const answer = await call(origin, method.toUpperCase(), url, { token: tenant.adminToken, ...(body === undefined ? {} : { body }) });
            requests += 1;
            const statusClass = `${String(answer.status)[0]}xx`;
            answered.set(statusClass, (answered.get(statusClass) ?? 0) + 1);
            const label = `${method.toUpperCase()} ${url} ${JSON.stringify(body)?.slice(0, 200)} → ${answer.status} ${JSON.stringify(answer.body)?.slice(0, 300)}`;
            const declared = operation.responses?.[String(answer.status)];
            if (answer.status >= 500 && !(answer.status === 503 && declared)) throw new Error(`a 5xx: ${label}`);
            const schema = declared?.content?.['application/json']?.schema;
            if (schema && typeof answer.body === 'object') checked += 1;
            if (schema && typeof answer.body === 'object' && !validatorOf(schema)(answer.body)) {
              throw new Error(`an answer outside its description: ${label} ${ajv.errorsText(validatorOf(schema).errors)}`);
            }
          }),
          { numRuns: RUNS, seed: SEED, endOnFailure: true },
        );
      }
    }
  }
  t.log(
    `${requests} requests over ${paths} paths (FUZZ_RUNS=${RUNS}, seed ${SEED}): ${JSON.stringify(Object.fromEntries(answered))}, ${checked} answers checked against their schemas`,
  );
  t.true((answered.get('2xx') ?? 0) > 0, 'some requests were valid enough to succeed');
});
