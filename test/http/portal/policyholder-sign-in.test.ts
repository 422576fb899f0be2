import anyTest, { type TestFn } from 'ava';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { addDays, today } from '../../../core/shared/calendar-date.ts';
import { boundPolicy, type BoundPolicy } from '../../support/mothers.ts';
import { awaitMailedCode, call, createTenant, mailedCodes, startTestApp, type Tenant, type TestApp } from '../../support/test-app.ts';

// Serial: policy numbers restart in every organization, so these tests' codes would otherwise replace each other's.
const test = anyTest as TestFn<{ app: TestApp; a: Tenant; b: Tenant }>;
const SUBJECT = 'Your sign-in code for policy';

test.before(async (t) => {
  const app = await startTestApp();
  t.context = { app, a: await createTenant(app), b: await createTenant(app) };
});
test.after.always(async (t) => t.context.app.close());

let insureds = 0;
const insuredPolicy = async (app: TestApp, tenant: Tenant): Promise<BoundPolicy & { email: string; insuredName: string }> => {
  insureds += 1;
  const email = `insured${insureds}-${Date.now()}@example.com`;
  const insuredName = `Insured ${insureds} LLC`;
  const bound = await boundPolicy(app, tenant, { submission: { contactEmail: email, insuredName, effectiveDate: addDays(today(new Date()), -3) } });
  return { ...bound, email, insuredName };
};

const outboxSize = async (app: TestApp) => (await readdir(join(app.config.dataDir, 'outbox')).catch(() => [])).length;

const requestCode = (app: TestApp, policyNumber: string) => call(app.api, 'POST', '/auth/policyholder-otp-request', { body: { policyNumber } });
const exchange = (app: TestApp, policyNumber: string, otp: string) => call(app.api, 'POST', '/auth/policyholder-token', { body: { policyNumber, otp } });
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString());

test.serial('a code mailed to the insured is exchanged once for an 8-hour policyholder JWT', async (t) => {
  const { app, a } = t.context;
  const { policy, email, insuredName } = await insuredPolicy(app, a);
  t.like(await requestCode(app, policy.policyNumber), { status: 202, body: { status: 'sent' } });
  const code = await awaitMailedCode(app, email, SUBJECT, 1);
  t.regex(code, /^\d{6}$/);
  t.false(JSON.stringify(await app.app.store.collection('policyholder_codes').find({})).includes(`"${code}"`), 'only a hash of the code is stored');
  const signedIn = await exchange(app, policy.policyNumber, code);
  t.is(signedIn.status, 200);
  t.deepEqual(Object.keys(signedIn.body).sort(), ['insuredName', 'orgId', 'policyNumber', 'role', 'sub', 'token']);
  t.like(signedIn.body, { role: 'policyholder', orgId: a.orgId, sub: policy.id, policyNumber: policy.policyNumber, insuredName });
  const claims = claimsOf(signedIn.body.token);
  t.like(claims, { typ: 'insured', role: 'policyholder', sub: policy.id, org: a.orgId, policyNumber: policy.policyNumber });
  t.is(claims.exp - claims.iat, 8 * 60 * 60);
  t.like(await exchange(app, policy.policyNumber, code), { status: 401, body: { error: 'invalid_otp' } }, 'a code works once');
});

test.serial('an unknown policy number is answered the same, and no mail is sent', async (t) => {
  const { app } = t.context;
  const before = await outboxSize(app);
  const answer = await requestCode(app, 'GL-1999-999999');
  t.like(answer, { status: 202, body: { status: 'sent' } });
  await new Promise((resolve) => setTimeout(resolve, 300));
  t.like(await exchange(app, 'GL-1999-999999', '123456'), { status: 401, body: { error: 'invalid_otp' } });
  t.is(await outboxSize(app), before);
});

test.serial('five wrong codes end the code; a new request mails a new one; malformed input is 400', async (t) => {
  const { app, a } = t.context;
  const { policy, email } = await insuredPolicy(app, a);
  await requestCode(app, policy.policyNumber);
  const code = await awaitMailedCode(app, email, SUBJECT, 1);
  const wrong = code === '000000' ? '111111' : '000000';
  for (let attempt = 0; attempt < 5; attempt += 1) t.like(await exchange(app, policy.policyNumber, wrong), { status: 401, body: { error: 'invalid_otp' } });
  t.is((await exchange(app, policy.policyNumber, code)).status, 401, 'the right code after five wrong tries no longer works');
  await requestCode(app, policy.policyNumber);
  const fresh = await awaitMailedCode(app, email, SUBJECT, 2);
  t.is((await exchange(app, policy.policyNumber, fresh)).status, 200);
  t.is((await exchange(app, policy.policyNumber, '12345')).status, 400);
  t.is((await call(app.api, 'POST', '/auth/policyholder-otp-request', { body: { policyNumber: 'x'.repeat(65) } })).status, 400);
});

test.serial('the same policy number in two organizations: each insured gets a code, and each code opens its own policy', async (t) => {
  const { app } = t.context;
  const [a, b] = [await createTenant(app), await createTenant(app)];
  const inA = await insuredPolicy(app, a);
  const inB = await insuredPolicy(app, b);
  t.is(inA.policy.policyNumber, inB.policy.policyNumber, 'numbers restart in every organization');
  await requestCode(app, inA.policy.policyNumber);
  const codeA = await awaitMailedCode(app, inA.email, SUBJECT, 1);
  const codeB = await awaitMailedCode(app, inB.email, SUBJECT, 1);
  t.like((await exchange(app, inB.policy.policyNumber, codeB)).body, { orgId: b.orgId, sub: inB.policy.id });
  t.like((await exchange(app, inA.policy.policyNumber, codeA)).body, { orgId: a.orgId, sub: inA.policy.id });
});

test.serial('requests per policy number are limited: past five an hour no more codes are mailed, the answer is still 202', async (t) => {
  const { app, a } = t.context;
  const { policy, email } = await insuredPolicy(app, a);
  for (let request = 0; request < 7; request += 1) t.is((await requestCode(app, policy.policyNumber)).status, 202);
  await awaitMailedCode(app, email, SUBJECT, 5);
  await new Promise((resolve) => setTimeout(resolve, 300));
  t.is((await mailedCodes(app, email, SUBJECT)).length, 5);
});
