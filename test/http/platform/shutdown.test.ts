import test from 'ava';
import { request } from 'node:http';
import { MACHINE_SECRET, startTestApp } from '../../support/test-app.ts';

test('SIGTERM-style stop: no new connections, requests in flight finish, the store closes', async (t) => {
  const app = await startTestApp();
  t.teardown(app.close);
  const body = JSON.stringify({ name: 'In flight' });
  const req = request(`${app.api}/v1/organizations`, {
    method: 'POST',
    headers: { authorization: `Bearer ${MACHINE_SECRET}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const inFlight = new Promise<{ status: number; text: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
  });
  // The headers and the start of the body are sent; once a later request on another connection
  // has been answered, the server has read them: the request is in flight, however busy the machine.
  req.write(body.slice(0, 5));
  await new Promise((resolve) => req.once('socket', (socket) => socket.once('connect', resolve)));
  await (await fetch(`${app.api}/health`, { headers: { connection: 'close' } })).text();
  const stopped = app.app.stop();
  await t.throwsAsync(fetch(`${app.api}/health`));
  req.end(body.slice(5));
  const finished = await inFlight;
  t.is(finished.status, 201);
  t.is(JSON.parse(finished.text).name, 'In flight');
  await stopped;
  await t.throwsAsync(app.app.store.collection('organizations').insertOne({ _id: 'after-close' }));
});
