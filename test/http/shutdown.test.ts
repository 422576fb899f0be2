import test from 'ava';
import { request } from 'node:http';
import { MACHINE_SECRET, startTestApp } from '../support/test-app.ts';

test('SIGTERM-style stop: no new connections, requests in flight finish, the store closes', async (t) => {
  const app = await startTestApp();
  t.teardown(app.close);
  const body = JSON.stringify({ name: 'In flight' });
  const inFlight = new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = request(`${app.api}/v1/organizations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${MACHINE_SECRET}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.write(body.slice(0, 5));
    setTimeout(() => req.end(body.slice(5)), 400);
  });
  await new Promise((resolve) => setTimeout(resolve, 150));
  const stopped = app.app.stop();
  await new Promise((resolve) => setTimeout(resolve, 50));
  await t.throwsAsync(fetch(`${app.api}/health`));
  const finished = await inFlight;
  t.is(finished.status, 201);
  t.is(JSON.parse(finished.text).name, 'In flight');
  await stopped;
  await t.throwsAsync(app.app.store.collection('organizations').insertOne({ _id: 'after-close' }));
});
