import anyTest, { type TestFn } from 'ava';
import { createHmac } from 'node:crypto';
import { call, createTenant, mailedCode, PASSWORD, startTestApp, type TestApp, type Tenant } from '../../support/test-app.ts';

const IDENTITY_WEBHOOK_SECRET = 'identity-secret-0123456789abcdef';
const test = anyTest as TestFn<{ app: TestApp; tenant: Tenant; domain: string }>;

test.before(async (t) => {
  const app = await startTestApp({ env: { IDENTITY_WEBHOOK_SECRET } });
  const domain = `verify-${Date.now()}.test`;
  t.context = { app, tenant: await createTenant(app, { domain }), domain };
});
test.after.always(async (t) => t.context.app.close());

const signUp = (app: TestApp, tenant: Tenant, email: string) =>
  call(app.auth, 'POST', '/api/auth/sign-up/email', { body: { email, password: PASSWORD, name: 'Outsider', orgId: tenant.orgId } });
const signIn = (app: TestApp, email: string, password = PASSWORD) => call(app.auth, 'POST', '/api/auth/sign-in/email', { body: { email, password } });
const verify = (app: TestApp, email: string, code: string) => call(app.auth, 'POST', '/api/auth/verify-email', { body: { email, code } });

const activate = async (app: TestApp, producerId: string) => {
  const body = JSON.stringify({
    data: {
      type: 'event',
      id: `evt_${producerId}`,
      attributes: {
        name: 'inquiry.completed',
        'created-at': new Date().toISOString(),
        payload: { data: { type: 'inquiry', id: 'inq_1', attributes: { 'reference-id': producerId } } },
      },
    },
  });
  const t = Math.floor(Date.now() / 1000);
  const signature = `t=${t},v1=${createHmac('sha256', IDENTITY_WEBHOOK_SECRET).update(`${t}.${body}`).digest('hex')}`;
  const answer = await call(app.api, 'POST', '/webhooks/identity-verification', {
    rawBody: body,
    headers: { 'content-type': 'application/json', 'identity-signature': signature },
  });
  if (answer.status !== 200) throw new Error(`activation: ${answer.status}`);
};

test('a new account cannot sign in until the mailed code is confirmed', async (t) => {
  const { app, tenant, domain } = t.context;
  const email = `outsider@${domain}`;
  t.is((await signUp(app, tenant, email)).status, 201);
  const code = await mailedCode(app, email);
  t.regex(code, /^\d{6}$/);
  t.false(JSON.stringify(await app.app.store.collection('email_verifications').find({})).includes(code), 'only a hash of the code is stored');

  const early = await signIn(app, email);
  t.is(early.status, 401);
  t.is(early.body.error, 'email_not_verified');
  const wrongPassword = await signIn(app, email, 'not the password at all');
  t.is(wrongPassword.body.error, 'invalid_credentials', 'the state of an account is told only to who knows its password');

  const wrong = await verify(app, email, code === '000000' ? '111111' : '000000');
  t.is(wrong.status, 401);
  t.is(wrong.body.error, 'invalid_otp');
  t.like(await verify(app, email, code), { status: 200, body: { verified: true } });
  t.is((await verify(app, email, code)).status, 401, 'a code works once');
  t.is((await signIn(app, email)).status, 200);
});

test('five wrong codes end the code; a resent one works; unknown addresses learn nothing', async (t) => {
  const { app, tenant, domain } = t.context;
  const email = `guesser@${domain}`;
  await signUp(app, tenant, email);
  const code = await mailedCode(app, email);
  const wrongCode = code === '999999' ? '999998' : '999999';
  for (let i = 0; i < 5; i += 1) t.is((await verify(app, email, wrongCode)).status, 401);
  t.is((await verify(app, email, code)).status, 401, 'the right code no longer works after five wrong tries');

  await new Promise((resolve) => setTimeout(resolve, 5));
  t.like(await call(app.auth, 'POST', '/api/auth/verify-email/resend', { body: { email } }), { status: 202, body: { status: 'sent' } });
  const fresh = await mailedCode(app, email);
  t.is((await verify(app, email, fresh)).status, 200);

  const unknown = await call(app.auth, 'POST', '/api/auth/verify-email/resend', { body: { email: `nobody@${domain}` } });
  t.like(unknown, { status: 202, body: { status: 'sent' } });
  const unknownVerify = await verify(app, `nobody@${domain}`, '123456');
  t.is(unknownVerify.status, 401);
  t.is(unknownVerify.body.error, 'invalid_otp');
  t.deepEqual((await verify(app, email, '12345')).body.details, { field: 'code', rule: 'pattern' });
});

test('a signed-up producer sees no data until identity verification activates it', async (t) => {
  const { app, tenant, domain } = t.context;
  const email = `pending@${domain}`;
  const created = await signUp(app, tenant, email);
  await verify(app, email, await mailedCode(app, email));
  const token = (await signIn(app, email)).body.token;
  for (const path of ['/v1/submissions', '/v1/policies', '/v1/invoices', '/v1/commissions', '/v1/producers']) {
    const denied = await call(app.api, 'GET', path, { token });
    t.is(denied.status, 403, path);
    t.is(denied.body.error, 'forbidden', path);
  }
  t.is((await call(app.api, 'POST', '/v1/submissions', { token, body: {} })).status, 403);

  await activate(app, created.body.producerId);
  t.is((await call(app.api, 'GET', '/v1/submissions', { token })).status, 200, 'the same token works once the producer is active');
});

test('accounts created by an administrator are verified from the start', async (t) => {
  const { app, tenant, domain } = t.context;
  const email = `staff@${domain}`;
  t.is(
    (await call(app.api, 'POST', '/v1/users', { token: tenant.adminToken, body: { email, password: PASSWORD, role: 'underwriter', name: 'Staff' } })).status,
    201,
  );
  t.is((await signIn(app, email)).status, 200);
});
