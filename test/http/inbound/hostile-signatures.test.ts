import anyTest, { type TestFn } from 'ava';
import { createHmac } from 'node:crypto';
import { FAILED_VERIFICATIONS_PER_MINUTE } from '../../../ports/inbound/inbound-pipeline.use-case.ts';
import { call, createTenant, startTestApp, type TestApp, type Tenant } from '../../support/test-app.ts';
import { submitted } from '../../support/mothers.ts';

const IDENTITY_SECRET = 'identity-secret-hostile-0123456789';
const test = anyTest as TestFn<{ app: TestApp; tenant: Tenant }>;

test.before(async (t) => {
  // One trusted proxy: each test names the sender's address in X-Forwarded-For.
  const app = await startTestApp({ env: { TRUST_PROXY: '1', IDENTITY_WEBHOOK_SECRET: IDENTITY_SECRET } });
  t.context = { app, tenant: await createTenant(app) };
});
test.after.always(async (t) => t.context.app.close());

/** Every receiver and each header it reads a signature from. */
const RECEIVERS: readonly { path: string; headers: readonly string[] }[] = [
  { path: '/webhooks/payment-processor', headers: ['stripe-signature'] },
  { path: '/webhooks/identity-verification', headers: ['persona-signature', 'identity-signature'] },
  { path: '/webhooks/email-provider', headers: ['svix-signature', 'webhook-signature', 'wh-signature'] },
  { path: '/v1/esign/webhook', headers: ['x-webhook-signature', 'x-provider-a-signature', 'x-docusign-signature-1'] },
];

/** Whitespace, commas and `t=` fragments, as long as a header may be (Node refuses past 16 KiB with 431). */
const hostileValues = (): string[] => {
  const values: string[] = [];
  for (const length of [64, 1_000, 4_096, 4_097, 8_000, 15_000]) {
    values.push(' '.repeat(length - 2) + 't=');
    values.push('\t '.repeat(length / 2));
    values.push(','.repeat(length));
    values.push('t= '.repeat(Math.floor(length / 3)));
    values.push('t=1,'.repeat(Math.floor(length / 4)));
    values.push(`${' '.repeat(length - 10)}t=1,v1=ab`);
  }
  return values;
};

const deliver = (app: TestApp, path: string, headers: Record<string, string>, body = '{"id":"evt_x","type":"x"}') =>
  call(app.api, 'POST', path, { rawBody: body, headers: { 'content-type': 'application/json', ...headers } });

test('hostile signature headers on every receiver: refused (401, or 431 past the header limit), never a failure, while another tenant reads', async (t) => {
  const { app, tenant } = t.context;
  const submission = await submitted(app, tenant);
  const reads: { status: number; ms: number }[] = [];
  let fuzzing = true;
  const reader = (async () => {
    while (fuzzing) {
      const started = performance.now();
      const read = await call(app.api, 'GET', `/v1/submissions/${submission.id}`, { token: tenant.adminToken });
      reads.push({ status: read.status, ms: performance.now() - started });
    }
  })();
  const statuses = new Map<number, number>();
  let sender = 0;
  for (const receiver of RECEIVERS) {
    for (const name of receiver.headers) {
      const values = hostileValues();
      // Four at once, as in the finding, each from its own address so that the parser, not the budget, answers.
      for (let at = 0; at < values.length; at += 4) {
        const answers = await Promise.all(
          values.slice(at, at + 4).map((value) => {
            sender += 1;
            return deliver(app, receiver.path, { [name]: value, 'x-forwarded-for': `10.1.${sender >> 8}.${sender & 255}` });
          }),
        );
        for (const answer of answers) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      }
    }
  }
  fuzzing = false;
  await reader;
  t.deepEqual(
    [...statuses.keys()].filter((status) => status !== 401 && status !== 431),
    [],
    JSON.stringify([...statuses]),
  );
  t.true(reads.length > 0 && reads.every((read) => read.status === 200));
  const sorted = reads.map((read) => read.ms).sort((a, b) => a - b);
  // The target (p99 ≤ 50 ms) is measured by bench/hostile-signatures.bench.ts; logged here for the record.
  t.log(`${reads.length} reads during the fuzz, p99 ${sorted[Math.floor(sorted.length * 0.99)]?.toFixed(1)} ms`);
});

test(`after ${FAILED_VERIFICATIONS_PER_MINUTE} failed verifications in a minute an address gets 429, even for a valid delivery; other addresses do not`, async (t) => {
  const { app } = t.context;
  const path = '/webhooks/identity-verification';
  const forger = { 'x-forwarded-for': '10.9.9.9' };
  const signed = (eventId: string) => {
    const body = JSON.stringify({ data: { id: eventId, attributes: { name: 'inquiry.created' } } });
    const time = Math.floor(Date.now() / 1000);
    return { body, header: `t=${time},v1=${createHmac('sha256', IDENTITY_SECRET).update(`${time}.${body}`).digest('hex')}` };
  };
  // Valid deliveries are never counted.
  for (let n = 0; n < 3; n += 1) {
    const valid = signed(`evt_ok_${n}`);
    t.true((await deliver(app, path, { 'persona-signature': valid.header, ...forger }, valid.body)).status < 300);
  }
  for (let n = 0; n < FAILED_VERIFICATIONS_PER_MINUTE; n += 1) {
    t.is((await deliver(app, path, { 'persona-signature': `t=1,v1=${'0'.repeat(64)}`, ...forger })).status, 401);
  }
  const refused = await deliver(app, '/webhooks/payment-processor', { 'stripe-signature': 't=1,v1=00', ...forger });
  t.is(refused.status, 429);
  t.is(refused.body.error, 'rate_limited');
  t.true(Number(refused.headers.get('retry-after')) >= 1);
  const valid = signed('evt_after_budget');
  t.is((await deliver(app, path, { 'persona-signature': valid.header, ...forger }, valid.body)).status, 429);
  t.true((await deliver(app, path, { 'persona-signature': valid.header, 'x-forwarded-for': '10.9.9.10' }, valid.body)).status < 300);
});
