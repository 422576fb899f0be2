import anyTest, { type TestFn } from 'ava';
import { pdfText } from '../../../adapters/documents/pdf-text.ts';
import { addDays, today } from '../../../core/shared/calendar-date.ts';
import { activeProducer, IDENTITY_WEBHOOK_SECRET } from '../../support/identity-events.ts';
import { boundPolicy, type BoundPolicy } from '../../support/mothers.ts';
import { call, createApiKey, createTenant, startTestApp, type Tenant, type TestApp } from '../../support/test-app.ts';

const test = anyTest as TestFn<{ app: TestApp; a: Tenant; b: Tenant; policy: BoundPolicy; producer: { token: string; producerId: string } }>;

const HOLDER = { name: 'City of Oakland', address: { line1: '1 Frank H. Ogawa Plaza', city: 'Oakland', state: 'CA', postalCode: '94612' } };

test.before(async (t) => {
  const app = await startTestApp({ env: { IDENTITY_WEBHOOK_SECRET } });
  const a = await createTenant(app);
  const producer = await activeProducer(app, a, 'Pat Producer');
  t.context = {
    app,
    a,
    b: await createTenant(app),
    producer,
    policy: await boundPolicy(app, a, {
      producerId: producer.producerId,
      submission: {
        insuredName: 'Blue Pipe Plumbing LLC',
        effectiveDate: addDays(today(new Date()), -10),
        coverage: { additionalInsureds: [{ ...HOLDER, relationship: 'permit issuer', operations: 'ongoing' }] },
      },
    }),
  };
});
test.after.always(async (t) => t.context.app.close());

const generate = (t: { context: { app: TestApp } }, token: string, body: Record<string, unknown>, apiKey?: string) =>
  call(t.context.app.api, 'POST', '/v1/coi/generate', { ...(apiKey ? { apiKey } : { token }), body });

const download = async (app: TestApp, link: string) => {
  const url = new URL(link);
  return fetch(`${app.api}${url.pathname}${url.search}`);
};

test('a certificate is a PDF that pdf.js reads with the policy, the insurer, the holder and its own number', async (t) => {
  const { app, a, policy } = t.context;
  const issued = await generate(t, a.adminToken, {
    policyId: policy.policy.id,
    certificateHolder: HOLDER,
    additionalInsured: 'City of Oakland',
    description: 'Plumbing work at city hall.',
  });
  t.is(issued.status, 201);
  t.like(issued.body, { type: 'coi', contentType: 'application/pdf', policyId: policy.policy.id });
  t.regex(issued.body.certificateNumber, /^COI-\d{4}-\d{6}$/);
  t.true(Math.abs(Date.parse(issued.body.expiresAt) - Date.now() - 15 * 60_000) < 60_000);
  const pdf = await download(app, issued.body.downloadUrl);
  t.is(pdf.headers.get('content-type'), 'application/pdf');
  const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
  for (const expected of [
    'Blue Pipe Plumbing LLC',
    policy.policy.policyNumber,
    'Harborline Casualty Company',
    'City of Oakland',
    'Oakland, CA 94612',
    'ADDITIONAL INSURED: City of Oakland',
    'Plumbing work at city hall.',
    issued.body.certificateNumber,
    'Pat Producer',
  ]) {
    t.true(text.includes(expected), expected);
  }
  const listed = await call(app.api, 'GET', `/v1/documents?type=coi&policyId=${policy.policy.id}`, { token: a.adminToken });
  t.true(listed.body.data.some((document: { id: string }) => document.id === issued.body.id));
  t.is((await call(app.api, 'GET', `/v1/documents?type=receipt&policyId=${policy.policy.id}`, { token: a.adminToken })).body.data.length, 0);
});

test('names outside the standard fonts print as ? instead of failing; a postal address object is checked', async (t) => {
  const { a, policy } = t.context;
  const unicode = await generate(t, a.adminToken, { policyId: policy.policy.id, certificateHolder: { name: '株式会社 東京 🏢', address: HOLDER.address } });
  t.is(unicode.status, 201);
  const structured = { name: 'Port of Oakland', address: { line1: '530 Water St', city: 'Oakland', state: 'CA', postalCode: '94607' } };
  t.is((await generate(t, a.adminToken, { policyId: policy.policy.id, certificateHolder: structured })).status, 201);
  const badZip = await generate(t, a.adminToken, {
    policyId: policy.policy.id,
    certificateHolder: { ...structured, address: { ...structured.address, postalCode: '9460' } },
  });
  t.is(badZip.status, 400);
  t.is((await generate(t, a.adminToken, { policyId: policy.policy.id, certificateHolder: { name: 'x' } })).status, 400);
  // The ACORD 25 holder block is free text: an address given as one string is printed line by line.
  const freeText = await generate(t, a.adminToken, {
    policyId: policy.policy.id,
    certificateHolder: { name: 'Port of Oakland', address: 'Attn: Risk Management\n530 Water St\nOakland, CA 94607' },
  });
  t.is(freeText.status, 201);
  const printed = await pdfText(new Uint8Array(await (await download(t.context.app, freeText.body.downloadUrl)).arrayBuffer()));
  t.true(printed.includes('Attn: Risk Management') && printed.includes('530 Water St'), printed.slice(0, 400));
  const tooLong = await generate(t, a.adminToken, { policyId: policy.policy.id, certificateHolder: { name: 'x', address: 'a\nb\nc\nd\ne' } });
  t.like(tooLong, { status: 400, body: { details: { field: 'certificateHolder.address', rule: 'lines' } } });
});

test('who may certify: a key with coi:generate, the producer of the policy; other organizations see no policy; cancelled policies are 422', async (t) => {
  const { app, a, b, policy, producer } = t.context;
  const key = await createApiKey(app, a, ['coi:generate']);
  t.is((await generate(t, '', { policyId: policy.policy.id, certificateHolder: HOLDER }, key)).status, 201);
  const unscoped = await createApiKey(app, a, ['policies:read']);
  t.like(await generate(t, '', { policyId: policy.policy.id, certificateHolder: HOLDER }, unscoped), { status: 403, body: { error: 'insufficient_scope' } });
  t.is((await generate(t, producer.token, { policyId: policy.policy.id, certificateHolder: HOLDER })).status, 201);
  const other = await boundPolicy(app, a, { submission: { effectiveDate: addDays(today(new Date()), -5) } });
  t.is((await generate(t, producer.token, { policyId: other.policy.id, certificateHolder: HOLDER })).status, 403, 'not the producer’s policy');
  t.is((await generate(t, b.adminToken, { policyId: policy.policy.id, certificateHolder: HOLDER })).status, 404);
  const cancelled = await call(app.api, 'POST', `/v1/policies/${other.policy.id}/cancel`, {
    token: a.adminToken,
    body: { effectiveDate: addDays(today(new Date()), 1), reason: 'insured_request' },
  });
  t.is(cancelled.status, 200);
  const refused = await generate(t, a.adminToken, { policyId: other.policy.id, certificateHolder: HOLDER });
  t.like(refused, { status: 422, body: { error: 'policy_not_in_force' } });
});
