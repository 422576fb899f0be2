import test from 'ava';
import { connect } from 'node:net';
import { call, createTenant, MACHINE_SECRET, PRODUCTION_ENV, startTestApp } from '../../support/test-app.ts';

test('every answer says nosniff and names no product; credentialed answers are never cached; HSTS in production', async (t) => {
  const local = await startTestApp();
  const production = await startTestApp({ env: PRODUCTION_ENV });
  t.teardown(async () => Promise.all([local.close(), production.close()]));
  const tenant = await createTenant(local);
  const anonymous = await call(local.api, 'GET', '/health');
  t.is(anonymous.headers.get('x-content-type-options'), 'nosniff');
  t.is(anonymous.headers.get('server'), null);
  t.is(anonymous.headers.get('strict-transport-security'), null);
  const missing = await call(local.api, 'GET', '/nowhere');
  t.is(missing.headers.get('x-content-type-options'), 'nosniff');
  t.is(missing.headers.get('server'), null);
  for (const response of [
    await call(local.api, 'GET', '/v1/policies', { token: tenant.adminToken }),
    await call(local.api, 'GET', '/v1/policies', { token: 'wrong' }),
  ]) {
    t.is(response.headers.get('cache-control'), 'no-store');
    t.is(response.headers.get('x-content-type-options'), 'nosniff');
  }
  const auth = await call(local.auth, 'POST', '/api/auth/sign-in/email', { body: { email: 'nobody@nowhere.test', password: 'x' } });
  t.is(auth.headers.get('server'), null);
  const secure = await call(production.api, 'GET', '/health');
  t.is(secure.headers.get('strict-transport-security'), 'max-age=31536000; includeSubDomains');
});

/** Sends the request line and headers, then trickles the body; resolves with what the server answered and when. */
const trickle = (port: number, headerTimeoutOnly: boolean, token = ''): Promise<{ text: string; afterMs: number }> =>
  new Promise((resolve) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('close', () => resolve({ text, afterMs: Date.now() - started }));
    socket.on('error', () => undefined);
    socket.write(
      headerTimeoutOnly
        ? 'POST /v1/submissions HTTP/1.1\r\nHost: x\r\n'
        : `POST /v1/submissions HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{`,
    );
    const timer = setInterval(() => (socket.writable ? socket.write(headerTimeoutOnly ? 'X-Slow: 1\r\n' : ' ') : clearInterval(timer)), 200);
    socket.on('close', () => clearInterval(timer));
  });

test('clients trickling headers or a body are cut off at the configured timeouts; connections are capped', async (t) => {
  const app = await startTestApp({ env: { HTTP_HEADERS_TIMEOUT_MS: '1000', HTTP_REQUEST_TIMEOUT_MS: '1500', HTTP_MAX_CONNECTIONS: '3' } });
  t.teardown(app.close);
  const port = app.app.apiPort;
  const tenant = await createTenant(app);
  const [headers, body] = await Promise.all([trickle(port, true), trickle(port, false, tenant.adminToken)]);
  t.true(headers.afterMs < 5_000, `headers held ${headers.afterMs} ms`);
  t.regex(headers.text, /^HTTP\/1\.1 408/);
  // The body's reader already holds the response, so Node ends the connection without a 408.
  t.true(body.afterMs < 5_000, `body held ${body.afterMs} ms`);
  t.false(body.text.includes(' 201 '));

  const held = await Promise.all(
    Array.from(
      { length: 3 },
      () =>
        new Promise<ReturnType<typeof connect>>((resolve) => {
          const socket = connect(port, '127.0.0.1', () => resolve(socket));
          socket.on('error', () => undefined);
        }),
    ),
  );
  const refused = await new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(true));
    socket.on('data', () => resolve(false));
    socket.write('GET /health HTTP/1.1\r\nHost: x\r\n\r\n');
  });
  t.true(refused, 'a fourth connection is closed without an answer');
  held.forEach((socket) => socket.destroy());
});

test('behind trusted proxies, anonymous limits key on the address the outermost trusted proxy appended', async (t) => {
  const app = await startTestApp({ env: { TRUST_PROXY: '2', RATE_LIMIT_PER_MINUTE: '3' } });
  t.teardown(app.close);
  // The client controls everything left of what the two proxies appended.
  const from = (chosen: string, client: string) => ({ headers: { 'x-forwarded-for': `${chosen}, ${client}, 10.0.0.2` } });
  for (let i = 0; i < 3; i += 1) t.is((await call(app.api, 'GET', '/nowhere', from(`198.51.100.${i}`, '203.0.113.7'))).status, 404);
  const limited = await call(app.api, 'GET', '/nowhere', from('198.51.100.99', '203.0.113.7'));
  t.is(limited.status, 429, 'rotating the client-chosen entry does not buy a new budget');
  t.is((await call(app.api, 'GET', '/nowhere', from('198.51.100.1', '203.0.113.8'))).status, 404, 'another client keeps its own budget');
  t.is((await call(app.api, 'GET', '/v1/organizations', { token: MACHINE_SECRET })).status, 200);
});
