import anyTest, { type TestFn } from 'ava';
import { createHmac } from 'node:crypto';
import { call, createTenant, PASSWORD, startTestApp, type TestApp, type Tenant } from '../../support/test-app.ts';
import { inquiryEvent } from '../../support/identity-events.ts';

const NEW_SECRET = 'wbhsec_new_0123456789abcdef0123456789';
const OLD_SECRET = 'wbhsec_old_abcdef0123456789abcdef0123';
const HOSTED_FLOW = 'https://withpersona.com/verify?inquiry-template-id=itmpl_Ygs16MKTkA6obnF8C3Rb17dm&environment-id=env_JYPpWD9CCQRPNSQ2hy6A26BL';
const test = anyTest as TestFn<{ app: TestApp; tenant: Tenant; domain: string }>;

test.before(async (t) => {
  // This service already holds the new secret; Persona signs with both while it rotates.
  const app = await startTestApp({ env: { IDENTITY_WEBHOOK_SECRET: NEW_SECRET, IDENTITY_VERIFICATION_URL: HOSTED_FLOW } });
  const domain = `persona-${Date.now()}.test`;
  t.context = { app, tenant: await createTenant(app, { domain }), domain };
});
test.after.always(async (t) => t.context.app.close());

/** Persona-Signature as Persona sends it: `t=…,v1=…`, and during rotation a second pair after a space. */
const personaSignature = (body: string, secrets: readonly string[], t = Math.floor(Date.now() / 1000)) =>
  secrets.map((secret) => `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`).join(' ');

const deliver = (app: TestApp, body: string, signature: string) =>
  call(app.api, 'POST', '/webhooks/identity-verification', { rawBody: body, headers: { 'content-type': 'application/json', 'persona-signature': signature } });

test('sign-up answers with the hosted verification flow carrying the producer as reference-id; Persona’s completed inquiry activates the producer', async (t) => {
  const { app, tenant, domain } = t.context;
  const signedUp = await call(app.auth, 'POST', '/api/auth/sign-up/email', {
    body: { email: `verify.me@${domain}`, password: PASSWORD, name: 'Vera Fier', orgId: tenant.orgId },
  });
  t.is(signedUp.status, 201);
  const link = new URL(signedUp.body.verification.url);
  t.is(link.origin + link.pathname, 'https://withpersona.com/verify');
  t.is(link.searchParams.get('inquiry-template-id'), 'itmpl_Ygs16MKTkA6obnF8C3Rb17dm');
  t.is(link.searchParams.get('reference-id'), signedUp.body.producerId);

  const body = inquiryEvent(`evt_persona_${signedUp.body.producerId}`, 'inquiry.completed', signedUp.body.producerId);
  // During rotation Persona's header holds the old secret's pair first, then the new one's.
  t.is((await deliver(app, body, personaSignature(body, [OLD_SECRET, NEW_SECRET]))).status, 200);
  const producer = await call(app.api, 'GET', `/v1/producers/${signedUp.body.producerId}`, { token: tenant.adminToken });
  t.is(producer.body.status, 'active');
});

test('Persona refusals: pairs signed with other secrets, an altered body or no header are 401; an old t is 400', async (t) => {
  const { app } = t.context;
  const body = inquiryEvent('evt_persona_refused', 'inquiry.completed', 'prd_nobody');
  t.like(await deliver(app, body, personaSignature(body, [OLD_SECRET, 'wbhsec_someone_else_0000000000000000'])), {
    status: 401,
    body: { error: 'invalid_signature' },
  });
  t.is((await deliver(app, body.replace('prd_nobody', 'prd_other'), personaSignature(body, [NEW_SECRET]))).status, 401);
  const bare = await call(app.api, 'POST', '/webhooks/identity-verification', { rawBody: body, headers: { 'content-type': 'application/json' } });
  t.is(bare.status, 401);
  const old = Math.floor(Date.now() / 1000) - 6 * 60;
  t.like(await deliver(app, body, personaSignature(body, [NEW_SECRET], old)), { status: 400, body: { error: 'stale_event' } });
});
