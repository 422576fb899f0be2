import test from 'ava';
import { Writable } from 'node:stream';
import { createLogger } from '../../../bootstrap/logger.ts';
import { call, createApiKey, createTenant, MACHINE_SECRET, PASSWORD, startTestApp } from '../../support/test-app.ts';

test('logs carry the request id and never a credential, cookie or password', async (t) => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const app = await startTestApp({ logger: createLogger('info', sink) });
  try {
    const tenant = await createTenant(app);
    const key = await createApiKey(app, tenant, ['users:read']);
    const signIn = await call(app.auth, 'POST', '/api/auth/sign-in/email', { body: { email: tenant.adminEmail, password: PASSWORD } });
    const session = /svc_session=([^;]+)/.exec(signIn.headers.get('set-cookie') ?? '')?.[1] ?? '';
    await call(app.api, 'GET', '/v1/users', { apiKey: key });
    await call(app.api, 'GET', '/v1/users', { token: key });
    await call(app.auth, 'GET', '/api/auth/get-session', { headers: { cookie: `svc_session=${session}` } });
    await call(app.api, 'GET', `/v1/users?token=${session}`, { token: tenant.adminToken, headers: { 'x-request-id': 'trace-logging-0001' } });
    await call(app.api, 'POST', '/auth/demo', { body: { secret: MACHINE_SECRET } });
    const output = lines.join('\n');
    for (const secret of [key, session, signIn.body.token, tenant.adminToken, MACHINE_SECRET, PASSWORD, app.config.secrets.jwtSecret]) {
      t.false(output.includes(secret), `a secret starting ${secret.slice(0, 12)} reached the logs`);
    }
    t.true(output.includes('[Redacted]'));
    const traced = lines.map((line) => JSON.parse(line)).find((entry) => entry.reqId === 'trace-logging-0001');
    t.is(traced?.req.url, '/v1/users?token=[Redacted]');
    // A parameter the route does not take is refused by name, and still never logged.
    t.is(traced?.res.statusCode, 400);
    t.is(traced?.req.headers.authorization, '[Redacted]');
    const direct = createLogger('info', sink);
    direct.info({ password: PASSWORD, config: { secret: MACHINE_SECRET, apiKey: key } }, 'direct');
    t.false(lines.join('\n').includes(PASSWORD));
    t.false(lines.join('\n').includes(key));
  } finally {
    await app.close();
  }
});
