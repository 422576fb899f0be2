import test from 'ava';
import { boundPolicy } from '../../support/mothers.ts';
import { startSmtpSink } from '../../support/smtp-sink.ts';
import { call, createTenant, PRODUCTION_ENV, startTestApp } from '../../support/test-app.ts';

test('in production the policyholder code goes through the configured SMTP server', async (t) => {
  const sink = await startSmtpSink();
  t.teardown(() => sink.close());
  const app = await startTestApp({ env: { ...PRODUCTION_ENV, SMTP_URL: sink.url, MAIL_FROM: 'Acme MGA <no-reply@acme.example>' } });
  t.teardown(() => app.close());
  const tenant = await createTenant(app);
  const { policy } = await boundPolicy(app, tenant, { submission: { contactEmail: 'owner@bluepipe.example' } });
  t.is((await call(app.api, 'POST', '/auth/policyholder-otp-request', { body: { policyNumber: policy.policyNumber } })).status, 202);
  for (let waited = 0; sink.received.length === 0 && waited < 5_000; waited += 25) await new Promise((resolve) => setTimeout(resolve, 25));
  const [mail] = sink.received;
  t.deepEqual(mail?.to, ['owner@bluepipe.example']);
  t.is(mail?.from, 'no-reply@acme.example');
  const code = /sign-in code is (\d{6})/.exec(mail?.raw ?? '')?.[1];
  t.truthy(code);
  t.is((await call(app.api, 'POST', '/auth/policyholder-token', { body: { policyNumber: policy.policyNumber, otp: code } })).status, 200);
});
