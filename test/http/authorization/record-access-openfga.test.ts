import test from 'ava';
import { activeProducer, IDENTITY_WEBHOOK_SECRET } from '../../support/identity-events.ts';
import { boundPolicy } from '../../support/mothers.ts';
import { OpenFgaDouble } from '../../support/openfga-double.ts';
import { call, createTenant, startTestApp } from '../../support/test-app.ts';

const STORE = '01JBQ7ZK5T2VX8M4N6P3R9S0WA';

test('with OPENFGA_API_URL set, the service keeps its relationships on the OpenFGA server and answers from it', async (t) => {
  const openfga = new OpenFgaDouble();
  await openfga.start();
  openfga.createStore(STORE);
  const app = await startTestApp({ env: { IDENTITY_WEBHOOK_SECRET, OPENFGA_API_URL: openfga.url, OPENFGA_STORE_ID: STORE } });
  t.teardown(async () => {
    await app.close();
    await openfga.stop();
  });
  const a = await createTenant(app);
  const pat = await activeProducer(app, a, 'Pat Producer');
  const sam = await activeProducer(app, a, 'Sam Producer');
  const own = await boundPolicy(app, a, { producerId: pat.producerId });
  const theirs = await boundPolicy(app, a, { producerId: sam.producerId });
  const listed = await call(app.api, 'GET', '/v1/policies', { token: pat.token });
  t.deepEqual(
    listed.body.data.map((policy: { id: string }) => policy.id),
    [own.policy.id],
  );
  t.is((await call(app.api, 'GET', `/v1/policies/${theirs.policy.id}`, { token: pat.token })).status, 403);
  t.is((await call(app.api, 'GET', `/v1/invoices/${own.invoice.id}`, { token: pat.token })).status, 200);
  t.true(openfga.tuplesOf(STORE).some((tuple) => tuple.object === `policy:${a.orgId}|${own.policy.id}` && tuple.relation === 'producer'));
  t.true(openfga.requests.some((request) => request.path.endsWith('/list-objects')));
});

test('half an OpenFGA configuration stops the start', async (t) => {
  await t.throwsAsync(startTestApp({ env: { OPENFGA_API_URL: 'http://127.0.0.1:9' } }), { message: /OPENFGA_API_URL and OPENFGA_STORE_ID/ });
});
