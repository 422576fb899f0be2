// Writes adapters/http/platform/openapi-examples.json: the requests and answers of the main flows
// (submission → quote → bind → invoices → payments; a claim; a certificate; a webhook; sign-in)
// and of the common errors, as a service started here on a throwaway data directory answers them.
// `npm run examples:capture`; a test checks every example against its schema, so a schema that
// changes without its examples fails until they are captured again.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXAMPLES_FILE } from '../adapters/http/platform/openapi-examples.ts';
import { startApp } from './app.ts';
import { loadConfig } from './config.ts';
import { createLogger } from './logger.ts';

const API_ORIGIN = 'https://api.harbor-mga.example';
const AUTH_ORIGIN = 'https://auth.harbor-mga.example';
const HOOKS_ORIGIN = 'https://hooks.harbor-mga.example';
const SECRET = randomBytes(32).toString('base64url');

type Json = Record<string, any>;
const operations: Record<string, { request?: unknown; responses: Record<string, unknown> }> = {};
const errors: Record<string, unknown> = {};

const dayOffset = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const dataDir = await mkdtemp(join(tmpdir(), 'examples-'));
const receiver = createServer((request, response) => {
  request.resume().on('end', () => {
    response.statusCode = 200;
    response.end('ok');
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}`;
const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', AUTH_PORT: '0', PUBLIC_BASE_URL: API_ORIGIN, AUTH_BASE_URL: AUTH_ORIGIN, API_SECRET: SECRET });
const app = await startApp(config, { logger: createLogger('silent') });
const origins = { api: `http://127.0.0.1:${app.apiPort}`, auth: `http://127.0.0.1:${app.authPort}` };

/** One request; recorded under `operationId` (its body and its answer) unless that is null. */
const send = async (
  operationId: string | null,
  method: string,
  path: string,
  options: { token?: string; apiKey?: string; body?: unknown; on?: 'auth' } = {},
) => {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.apiKey) headers['x-api-key'] = options.apiKey;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${origins[options.on ?? 'api']}${path}`, {
    method,
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const body = (await response.json()) as Json;
  if (response.status >= 400) {
    if (operationId) throw new Error(`${operationId}: ${response.status} ${JSON.stringify(body)}`);
    errors[String(response.status)] ??= body;
  } else if (operationId) {
    operations[operationId] = { ...(options.body === undefined ? {} : { request: options.body }), responses: { [String(response.status)]: body } };
  }
  return body;
};

try {
  const org = await send(null, 'POST', '/v1/organizations', { token: SECRET, body: { name: 'Harbor MGA', allowedDomains: ['harbor-mga.example'] } });
  const password = 'correct horse battery staple';
  await send(null, 'POST', '/v1/users', {
    token: SECRET,
    body: { orgId: org.id, email: 'ops@harbor-mga.example', password, role: 'org_admin', name: 'Olivia Ortiz' },
  });
  const session = await send('signIn', 'POST', '/api/auth/sign-in/email', { on: 'auth', body: { email: 'ops@harbor-mga.example', password } });
  const token = session.token as string;

  const application = {
    insuredName: 'Lakeside Logistics LLC',
    naicsCode: '484121',
    annualRevenue: 4_250_000,
    requestedLimit: 1_000_000,
    effectiveDate: dayOffset(-10),
    state: 'OH',
    lineOfBusiness: 'GL',
    contactEmail: 'risk@lakeside-logistics.example',
    description: 'Regional trucking, 14 power units, warehouse in Toledo.',
  };
  const submission = await send('createSubmission', 'POST', '/v1/submissions', { token, body: application });
  await send('getSubmission', 'GET', `/v1/submissions/${submission.id}`, { token });
  await send('listSubmissions', 'GET', '/v1/submissions?limit=2', { token });
  await send('quoteSubmission', 'POST', `/v1/submissions/${submission.id}/quote`, { token });
  const policy = await send('bindSubmission', 'POST', `/v1/submissions/${submission.id}/bind`, { token, body: { installmentPlan: 'QUARTERLY' } });
  await send('getPolicy', 'GET', `/v1/policies/${policy.id}`, { token });
  await send('listPolicies', 'GET', '/v1/policies?limit=2', { token });

  const invoices = await send('listInvoices', 'GET', `/v1/invoices?policyId=${policy.id}&limit=2`, { token });
  const [first, second] = [...invoices.data].sort((a: Json, b: Json) => a.invoiceNumber.localeCompare(b.invoiceNumber));
  await send('createInvoicePaymentIntent', 'POST', `/v1/invoices/${first.id}/payment-intent`, { token, body: { confirm: true } });
  await send('getInvoice', 'GET', `/v1/invoices/${first.id}`, { token });
  await send('payInvoice', 'POST', `/v1/invoices/${second.id}/pay`, { token, body: { amount: second.amount, method: 'check', reference: 'CHK-10442' } });

  const claim = await send('fileClaim', 'POST', '/v1/claims', {
    token,
    body: {
      policyId: policy.id,
      lossDate: dayOffset(-2),
      description: 'Forklift struck a visitor’s parked car at the Toledo dock.',
      lossType: 'property_damage',
    },
  });
  await send('investigateClaim', 'POST', `/v1/claims/${claim.id}/investigate`, { token, body: {} });
  await send('setClaimReserves', 'POST', `/v1/claims/${claim.id}/reserves`, { token, body: { indemnity: 12_000, expense: 2_500 } });
  await send('offerClaimSettlement', 'POST', `/v1/claims/${claim.id}/settle`, {
    token,
    body: { amount: 9_800, payee: 'Dana Whitfield', notes: 'Body shop estimate and rental car.' },
  });
  await send('getClaim', 'GET', `/v1/claims/${claim.id}`, { token });

  await send('generateCertificate', 'POST', '/v1/coi/generate', {
    token,
    body: { policyId: policy.id, certificateHolder: { name: 'Port of Toledo Authority', address: '1 Maritime Plaza\nToledo, OH 43604' } },
  });

  const hook = await send('createWebhook', 'POST', '/v1/webhooks', {
    token,
    body: { url: `${receiverUrl}/insurance-events`, events: ['policy.bound', 'invoice.paid', 'claim.filed'], description: 'Agency management system' },
  });
  await send('listWebhooks', 'GET', '/v1/webhooks', { token });
  await send('testWebhook', 'POST', `/v1/webhooks/${hook.id}/test`, { token });
  await send('listWebhookDeliveries', 'GET', `/v1/webhooks/${hook.id}/deliveries?limit=2`, { token });

  // The common errors, as they answer.
  await send(null, 'POST', '/v1/submissions', { token, body: { ...application, effectiveDate: '2027-02-30' } });
  await send(null, 'GET', '/v1/policies', {});
  const readOnly = await send('createApiKey', 'POST', '/v1/api-keys', { token, body: { name: 'Reporting', scopes: ['policies:read'], expiresAt: null } });
  await send(null, 'POST', '/v1/submissions', { apiKey: readOnly.key, body: {} });
  await send(null, 'GET', '/v1/policies/pol_missing', { token });
  await send(null, 'POST', `/v1/submissions/${submission.id}/bind`, { token, body: { installmentPlan: 'QUARTERLY' } });
} finally {
  await app.stop();
  receiver.close();
  await rm(dataDir, { recursive: true, force: true });
}

/**
 * Secrets of the throwaway service are shown in their shape only (a secret scanner reading the
 * repository should find none): the visible prefix is kept, the rest is filled.
 */
const masked = (key: string, value: unknown): unknown => {
  if (typeof value !== 'string') return value;
  if (key === 'key') return value.replace(/(?<=^[a-z]+_[a-z]+_[A-Za-z0-9]{4}).*/, (rest) => 'x'.repeat(rest.length));
  if (key === 'clientSecret') return value.replace(/(?<=_secret_).*/, (rest) => 'x'.repeat(rest.length));
  if (key === 'secret') return '0123456789abcdef'.repeat(4);
  if (key === 'signingSecret') return `whsec_${Buffer.alloc(32).toString('base64')}`;
  if (key === 'token') return value.replace(/[^.]+$/, 'signature-of-the-service');
  return value;
};

// The receiver was on loopback; the examples name a receiver as a deployment would.
const text = JSON.stringify({ operations, errors }, masked, 2).replaceAll(receiverUrl, HOOKS_ORIGIN);
await writeFile(EXAMPLES_FILE, `${text}\n`);
console.log(`wrote ${EXAMPLES_FILE}: ${Object.keys(operations).length} operations, errors ${Object.keys(errors).join(', ')}`);
