import test from 'ava';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';
import { CHROMIUM, chromiumMissing } from '../../support/chromium.ts';
import { call, startTestApp } from '../../support/test-app.ts';

const OUTPUT = join(import.meta.dirname, '../../../test-output');

test('/docs renders the live description in Chromium, with nothing loaded from anywhere else', async (t) => {
  const missing = chromiumMissing();
  if (missing) return t.fail(missing);
  const app = await startTestApp();
  t.teardown(app.close);
  const page = await call(app.api, 'GET', '/docs');
  t.is(page.status, 200);
  t.regex(page.headers.get('content-security-policy') ?? '', /script-src 'self'/);
  t.is((await call(app.api, 'GET', '/docs/assets/elsewhere.js')).status, 404);

  const browser = await puppeteer.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'], headless: true });
  t.teardown(() => browser.close());
  const tab = await browser.newPage();
  await tab.setViewport({ width: 1400, height: 900 });
  const elsewhere: string[] = [];
  const failures: string[] = [];
  tab.on('request', (request) => {
    const url = new URL(request.url());
    if (!['data:', 'blob:'].includes(url.protocol) && url.host !== new URL(app.api).host) elsewhere.push(request.url());
  });
  tab.on('pageerror', (error) => failures.push(String(error)));
  await tab.goto(`${app.api}/docs`, { waitUntil: 'networkidle0', timeout: 60_000 });
  // Every tag is in the navigation; opened, a tag lists its operations by their summaries.
  await tab.waitForFunction("document.body.innerText.includes('Open Group - submissions')", { timeout: 30_000 });
  const text = String(await tab.evaluate('document.body.innerText'));
  for (const tag of ['submissions', 'policies', 'claims', 'billing', 'webhooks', 'deal-rooms', 'referrals']) t.true(text.includes(`Open Group - ${tag}`), tag);
  for (const [tag, summary] of [
    ['submissions', 'Rate the submission into a quote'],
    ['policies', 'Cancel within the term'],
    ['claims', 'First notice of loss on a policy'],
  ]) {
    await tab.evaluate(`[...document.querySelectorAll('button')].find((button) => button.textContent.includes('Open Group - ${tag}')).click()`);
    await tab.waitForFunction(`document.body.innerText.includes(${JSON.stringify(summary)})`, { timeout: 10_000 });
    t.pass(summary);
  }
  await mkdir(OUTPUT, { recursive: true });
  await tab.screenshot({ path: join(OUTPUT, 'api-reference.png') });
  t.deepEqual(elsewhere, [], 'every asset is served by the service');
  t.deepEqual(failures, []);
});
