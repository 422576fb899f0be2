import anyTest, { type TestFn } from 'ava';
import { pdfText } from '../../../adapters/documents/pdf-text.ts';
import { CHROMIUM, chromiumMissing } from '../../support/chromium.ts';
import { call, createTenant, startTestApp, type Tenant, type TestApp } from '../../support/test-app.ts';

const test = anyTest as TestFn<{ app: TestApp; a: Tenant; b: Tenant }>;

test.before(async (t) => {
  const missing = chromiumMissing();
  if (missing) t.fail(missing);
  const app = await startTestApp({ env: { PUPPETEER_EXECUTABLE_PATH: CHROMIUM } });
  t.context = { app, a: await createTenant(app), b: await createTenant(app) };
});
test.after.always(async (t) => t.context.app.close());

const render = (t: { context: { app: TestApp; a: Tenant } }, body: unknown, token = t.context.a.adminToken) =>
  call(t.context.app.api, 'POST', '/v1/documents/render-pdf', { token, body });

const textOf = async (app: TestApp, link: string) => {
  const url = new URL(link);
  const response = await fetch(`${app.api}${url.pathname}${url.search}`);
  return { type: response.headers.get('content-type'), text: await pdfText(new Uint8Array(await response.arrayBuffer())) };
};

test('HTML renders to a stored PDF with its page count and a download link; another organization cannot see it', async (t) => {
  const { app, a, b } = t.context;
  const pages = Array.from({ length: 3 }, (_, n) => `<section style="page-break-after:always"><h1>Schedule page ${n + 1}</h1></section>`).join('');
  const rendered = await render(t, { html: `<!doctype html><html><body>${pages}</body></html>`, filename: '../Schedule of values.html' });
  t.is(rendered.status, 201);
  t.like(rendered.body, { type: 'rendered', pages: 3, contentType: 'application/pdf', filename: 'Schedule of values.html.pdf' });
  const pdf = await textOf(app, rendered.body.downloadUrl);
  t.is(pdf.type, 'application/pdf');
  t.true(pdf.text.includes('Schedule page 3'));
  t.is((await call(app.api, 'GET', `/v1/documents/${rendered.body.id}`, { token: a.adminToken })).status, 200);
  t.is((await call(app.api, 'GET', `/v1/documents/${rendered.body.id}`, { token: b.adminToken })).status, 404);
  t.true((await call(app.api, 'GET', '/v1/documents?type=rendered', { token: a.adminToken })).body.data.some((d: { id: string }) => d.id === rendered.body.id));
});

test('named templates escape every value and total the lines to the cent', async (t) => {
  const invoice = await render(t, {
    template: 'invoice',
    data: {
      invoiceNumber: 'INV-2026-0042',
      issuedOn: '2026-11-01',
      dueDate: '2026-12-01',
      billTo: { name: '<b>Bold & Sons</b>', address: { line1: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701' } },
      lines: [
        { description: 'Premium <script>alert(1)</script>', amount: 1000.1 },
        { description: 'Policy fee', amount: 250.4 },
      ],
    },
  });
  t.is(invoice.status, 201);
  t.like(invoice.body, { filename: 'invoice.pdf', pages: 1 });
  const { text } = await textOf(t.context.app, invoice.body.downloadUrl);
  for (const expected of ['Invoice INV-2026-0042', '<b>Bold & Sons</b>', 'Premium <script>alert(1)</script>', '$1,250.50', 'Austin, TX 78701'])
    t.true(text.includes(expected), expected);
  const receipt = await render(t, {
    template: 'receipt',
    data: { receiptNumber: 'R-1', receivedOn: '2026-11-02', receivedFrom: 'Bold & Sons', amount: 1250.5, method: 'check', reference: 'CHK 1001' },
  });
  t.is(receipt.status, 201);
  t.true((await textOf(t.context.app, receipt.body.downloadUrl)).text.includes('CHK 1001'));
});

test('bad requests: both or neither of html and template, data that does not fit the template, HTML over 2 MiB', async (t) => {
  t.like(await render(t, { html: '<p>x</p>', template: 'invoice', data: {} }), { status: 400, body: { details: { field: 'template', rule: 'exclusive' } } });
  t.like(await render(t, {}), { status: 400, body: { details: { field: 'html', rule: 'required' } } });
  t.like(await render(t, { template: 'receipt' }), { status: 400, body: { details: { field: 'data', rule: 'required' } } });
  t.like(await render(t, { template: 'nope', data: {} }), { status: 400, body: { details: { field: 'template' } } });
  const badLine = { invoiceNumber: 'I', issuedOn: '2026-11-01', dueDate: '2026-02-30', billTo: { name: 'x' }, lines: [{ description: 'x', amount: 1 }] };
  t.like(await render(t, { template: 'invoice', data: badLine }), { status: 400, body: { details: { field: 'data.dueDate', rule: 'date' } } });
  const cents = { ...badLine, dueDate: '2026-12-01', lines: [{ description: 'x', amount: 1.005 }] };
  t.like(await render(t, { template: 'invoice', data: cents }), { status: 400, body: { details: { field: 'data.lines.0.amount', rule: 'multipleOf' } } });
  const tooLarge = await render(t, { html: `<p>${'x'.repeat(2 * 1024 * 1024)}</p>` });
  t.like(tooLarge, { status: 413, body: { error: 'payload_too_large' } });
});
