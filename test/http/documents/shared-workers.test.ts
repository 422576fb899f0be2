import test from 'ava';
import { acordPdf, COMPLETE } from '../../../fixtures/acord125/acord125-generator.ts';
import { boundPolicy } from '../../support/mothers.ts';
import { call, createTenant, startTestApp, type Tenant, type TestApp } from '../../support/test-app.ts';

/**
 * One tenant cannot starve the PDF workers: reading what senders upload and drawing the
 * platform's own documents are separate lanes, each organization has a share of a lane's queue,
 * and reading is limited by the worker time each organization's documents took this minute.
 */
const junk = () => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(10 * 1024 * 1024 - 16, 'A')]);

const intake = (app: TestApp, tenant: Tenant, body: Buffer) =>
  call(app.api, 'POST', '/v1/submissions', { token: tenant.adminToken, rawBody: body, headers: { 'content-type': 'application/pdf' } });

test('junk PDFs from one organization leave another’s certificates and applications served', async (t) => {
  const app = await startTestApp({ env: { PDF_PARSE_BUDGET_MS: '1000', PDF_READ_MS_PER_MINUTE: '1000', PDF_QUEUE: '8', PDF_QUEUE_PER_ORGANIZATION: '3' } });
  t.teardown(app.close);
  const [attacker, bystander] = [await createTenant(app), await createTenant(app)];
  const policy = await boundPolicy(app, bystander);

  const uploads = Array.from({ length: 10 }, () => intake(app, attacker, junk()));
  const attack = Promise.all(uploads);
  // Once the first upload is answered, the attacker's others hold the reading thread and its queue.
  await Promise.race(uploads);
  const certificate = await call(app.api, 'POST', '/v1/coi/generate', {
    token: bystander.adminToken,
    body: {
      policyId: policy.policy.id,
      certificateHolder: { name: 'Lakeside Property Management', address: { line1: '1 Harbor Way', city: 'Columbus', state: 'OH', postalCode: '43215' } },
    },
  });
  t.is(certificate.status, 201, 'a certificate is drawn in its own lane, never behind another organization’s parsing');
  const application = await intake(app, bystander, Buffer.from(await acordPdf(COMPLETE)));
  t.is(application.status, 201, 'the other organization’s application is read in its turn, on its own budget');

  const statuses = (await attack).map((answer) => answer.status);
  t.false(statuses.includes(503), `the attacker fills no more than its share: ${statuses.join(' ')}`);
  t.true(
    statuses.filter((status) => status === 429).length >= 6,
    `beyond three waiting and a second of reading, the attacker is told to wait: ${statuses.join(' ')}`,
  );
  const refused = (await attack).find((answer) => answer.status === 429);
  t.is(refused?.body.error, 'rate_limited');
  t.truthy(refused?.headers.get('retry-after'));
});
