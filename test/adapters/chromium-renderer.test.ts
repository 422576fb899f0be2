import test from 'ava';
import { createServer } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { ChromiumRenderer, DEFAULT_CHROMIUM } from '../../adapters/documents/chromium-renderer.ts';
import { pdfText } from '../../adapters/documents/pdf-text.ts';
import { CHROMIUM, chromiumMissing } from '../support/chromium.ts';

const renderer = (options: Partial<typeof DEFAULT_CHROMIUM> = {}) => new ChromiumRenderer({ ...DEFAULT_CHROMIUM, executablePath: CHROMIUM, ...options });

test.before((t) => {
  const missing = chromiumMissing();
  if (missing) t.fail(missing);
});

test('nothing a page refers to is fetched, over any scheme, and its scripts do not run', async (t) => {
  const hits: string[] = [];
  const server = createServer((request, response) => {
    hits.push(request.url ?? '');
    response.end('x');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => server.close());
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const chromium = renderer();
  t.teardown(() => chromium.close());
  const pdf = await chromium.render(
    'org_a',
    `<!doctype html><html><head>
<meta http-equiv="refresh" content="0;url=${origin}/refresh">
<link rel="stylesheet" href="${origin}/style.css"><link rel="prefetch" href="${origin}/prefetch">
<style>@import url("${origin}/import.css"); body { background: url("${origin}/background.png") }</style></head>
<body><h1>Quarterly statement</h1><img src="${origin}/image.png"><img src="file:///etc/hostname">
<iframe src="file:///etc/passwd"></iframe><iframe src="${origin}/frame"></iframe><object data="${origin}/object"></object>
<video src="${origin}/video.mp4"></video><script src="${origin}/script.js"></script><script>document.body.append('SCRIPT RAN')</script>
<form action="${origin}/form"><input name="q"></form><a href="${origin}/link">link</a></body></html>`,
  );
  const text = await pdfText(pdf);
  t.true(text.includes('Quarterly statement'));
  t.false(text.includes('SCRIPT RAN'));
  t.false(text.includes('root:'), 'no local file is read');
  await new Promise((resolve) => setTimeout(resolve, 300));
  t.deepEqual(hits, []);
});

test('a render past its budget is refused and its page replaced; the next render works', async (t) => {
  // Room enough for a small page while the killed one's work winds down on a loaded machine.
  const chromium = renderer({ pages: 1, budgetMs: 5_000 });
  t.teardown(() => chromium.close());
  await chromium.warm();
  // Some 500 pages of table: about 18 seconds of printing on this machine.
  const heavy = `<table>${'<tr><td>cell</td><td>cell</td><td>cell</td></tr>'.repeat(20_000)}</table>`;
  await t.throwsAsync(chromium.render('org_a', heavy), { message: /within 5 seconds/ });
  t.true((await pdfText(await chromium.render('org_a', '<p>after the budget</p>'))).includes('after the budget'));
});

test('a crashed browser is started again by the next render; a full queue answers 503', async (t) => {
  const chromium = renderer({ pages: 1, maxQueue: 1 });
  t.teardown(() => chromium.close());
  await chromium.render('org_a', '<p>one</p>');
  const browser = await (chromium as unknown as { browser: Promise<{ process(): { kill(signal: string): void } | null }> }).browser;
  browser.process()?.kill('SIGKILL');
  // Whether or not the browser's death has been noticed yet, the next render starts a new one.
  t.true((await pdfText(await chromium.render('org_a', '<p>after the crash</p>'))).includes('after the crash'));
  const burst = await Promise.allSettled([1, 2, 3].map((n) => chromium.render('org_a', `<p>${n}</p>`)));
  t.is(burst.filter((outcome) => outcome.status === 'fulfilled').length, 2);
  const refused = burst.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult;
  t.like(refused.reason, { code: 'service_unavailable' });
});

test('without Chromium, renders answer 503 and say where it was looked for', async (t) => {
  const chromium = renderer({ executablePath: '/nonexistent/chromium' });
  await t.throwsAsync(chromium.render('org_a', '<p>x</p>'), { message: /no Chromium at \/nonexistent\/chromium/ });
});

test('a page makes Chromium open no connection at all: preconnect, prefetch and frames reach no host, not even loopback', async (t) => {
  // Counts TCP connections, not requests: a preconnect (and a TLS handshake) opens one without any request.
  let connections = 0;
  const server = createNetServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => server.close());
  const port = (server.address() as AddressInfo).port;
  const chromium = renderer();
  t.teardown(() => chromium.close());
  const pdf = await chromium.render(
    'org_a',
    `<!doctype html><html><head>
<link rel="preconnect" href="http://127.0.0.1:${port}"><link rel="preconnect" href="https://localhost:${port}">
<link rel="dns-prefetch" href="http://localhost:${port}"><link rel="preload" as="image" href="http://127.0.0.1:${port}/preload.png">
<link rel="prerender" href="http://127.0.0.1:${port}/next"></head>
<body><h1>Renewal offer</h1><iframe src="http://127.0.0.1:${port}/frame"></iframe><iframe src="https://localhost:${port}/frame"></iframe>
<img src="http://[::ffff:127.0.0.1]:${port}/mapped.png"></body></html>`,
  );
  t.true((await pdfText(pdf)).includes('Renewal offer'));
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  t.is(connections, 0);
});

test('organizations take turns at the pages: one with its share of the queue waiting is told to wait, another goes next', async (t) => {
  const chromium = renderer({ pages: 1, maxQueue: 8, maxQueuePerTenant: 2 });
  t.teardown(() => chromium.close());
  const finished: string[] = [];
  const render = (tenant: string, label: string) => chromium.render(tenant, `<p>${label}</p>`).then(() => finished.push(label));
  const first = [render('org_a', 'a1'), render('org_a', 'a2'), render('org_a', 'a3')];
  const beyond = await t.throwsAsync(chromium.render('org_a', '<p>a4</p>'));
  t.like(beyond, { code: 'rate_limited' }, 'a fourth: one rendering and two waiting is its share');
  const other = render('org_b', 'b1');
  await Promise.all([...first, other]);
  t.deepEqual(finished, ['a1', 'b1', 'a2', 'a3'], 'b, holding no page, goes before a’s waiting renders');
});
