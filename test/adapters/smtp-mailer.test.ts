import test from 'ava';
import { SmtpMailer } from '../../adapters/notifications/smtp-mailer.ts';
import { loadConfig } from '../../bootstrap/config.ts';
import { startSmtpSink } from '../support/smtp-sink.ts';

const MESSAGE = {
  to: ['insured@example.com'],
  subject: 'Your sign-in code for policy GL-2027-000001',
  text: 'Your sign-in code is 123456.',
  html: '<p>123456</p>',
};

test('a message is handed to the SMTP server, authenticated, with its sender, recipients, subject and both bodies', async (t) => {
  const sink = await startSmtpSink();
  t.teardown(() => sink.close());
  const mailer = new SmtpMailer({ url: sink.url, from: 'Insurance Platform <no-reply@platform.example>' });
  t.teardown(() => mailer.close());
  await mailer.send(MESSAGE);
  t.is(sink.received.length, 1);
  const [mail] = sink.received;
  t.is(mail?.from, 'no-reply@platform.example');
  t.deepEqual(mail?.to, ['insured@example.com']);
  t.true(mail?.raw.includes('Subject: Your sign-in code for policy GL-2027-000001'));
  t.true(mail?.raw.includes('Your sign-in code is 123456.'));
  t.true(mail?.raw.includes('text/html'));
});

test('a refused recipient, wrong credentials or no server reject the send, so the mail stays queued', async (t) => {
  const sink = await startSmtpSink();
  t.teardown(() => sink.close());
  const refused = new SmtpMailer({ url: sink.url, from: 'no-reply@platform.example' });
  t.teardown(() => refused.close());
  await t.throwsAsync(refused.send({ ...MESSAGE, to: ['nobody@refused.example'] }));
  const wrong = new SmtpMailer({ url: sink.url.replace('mail-secret', 'wrong'), from: 'no-reply@platform.example' });
  t.teardown(() => wrong.close());
  await t.throwsAsync(wrong.send(MESSAGE), { message: /Invalid username or password|authenticat/i });
  const absent = new SmtpMailer({ url: 'smtp://127.0.0.1:9', from: 'no-reply@platform.example' });
  t.teardown(() => absent.close());
  await t.throwsAsync(absent.send(MESSAGE));
  t.is(sink.received.length, 0);
});

test('production without SMTP_URL refuses to start; a malformed SMTP_URL is named', (t) => {
  const secrets = {
    API_SECRET: 'x'.repeat(32),
    JWT_SECRET: 'y'.repeat(32),
    STRIPE_WEBHOOK_SECRET: 'a',
    IDENTITY_WEBHOOK_SECRET: 'b',
    EMAIL_WEBHOOK_SECRET: 'c',
    ESIGN_WEBHOOK_SECRET: 'd',
  };
  t.throws(() => loadConfig({ APP_ENV: 'production', ...secrets }), { message: /APP_ENV=production needs SMTP_URL/ });
  t.throws(() => loadConfig({ APP_ENV: 'production', ...secrets, SMTP_URL: 'http://mail.example.com' }), { message: /smtp:\/\/ or smtps:\/\// });
  t.like(loadConfig({ APP_ENV: 'production', ...secrets, SMTP_URL: 'smtps://u:p@mail.example.com:465' }).smtp, {
    from: 'Insurance Platform <no-reply@mail.example.com>',
  });
  t.is(loadConfig({ APP_ENV: 'local', ...secrets }).smtp, null);
});
