import test from 'ava';
import { boundPolicy } from '../../support/mothers.ts';
import { startReceiver } from '../../support/receiver.ts';
import { call, createTenant, MACHINE_SECRET, startTestApp } from '../../support/test-app.ts';

const METRICS_TOKEN = 'scraper-token-0123456789';

test('/metrics: Prometheus text for the machine secret or METRICS_TOKEN, with requests by declared route, store, jobs, outbox and webhooks', async (t) => {
  const app = await startTestApp({ env: { METRICS_TOKEN } });
  t.teardown(app.close);
  t.is((await call(app.api, 'GET', '/metrics')).status, 401);
  t.like(await call(app.api, 'GET', '/metrics', { token: 'wrong' }), { status: 401, body: { error: 'unauthenticated' } });
  const tenant = await createTenant(app);
  t.is((await call(app.api, 'GET', '/metrics', { token: tenant.adminToken })).status, 401, 'an organization’s credential reads no platform metrics');

  const receiver = await startReceiver();
  t.teardown(() => receiver.close());
  await call(app.api, 'POST', '/v1/webhooks', { token: tenant.adminToken, body: { url: receiver.url, events: ['policy.bound'] } });
  const { policy } = await boundPolicy(app, tenant);
  await call(app.api, 'GET', `/v1/policies/${policy.id}`, { token: tenant.adminToken });
  await receiver.waitFor(1);

  const scrape = () => fetch(`${app.api}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const scraped = await scrape();
  t.is(scraped.status, 200);
  t.regex(scraped.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
  let text = await scraped.text();
  // The attempt is counted once it is logged, a moment after the receiver has it.
  for (let attempt = 0; attempt < 30 && !text.includes('webhook_deliveries_total{outcome="delivered"}'); attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    text = await (await scrape()).text();
  }
  t.regex(text, /http_request_duration_seconds_count\{method="GET",route="\/v1\/policies\/:id",status="200"\} 1\n/);
  t.false(text.includes(policy.id), 'routes as declared, never their ids');
  t.regex(text, /http_request_duration_seconds_count\{method="GET",route="\/metrics",status="401"\} 3\n/);
  t.regex(text, /http_request_duration_seconds_count\{method="GET",route="\/metrics",status="200"\} \d+\n/);
  // A bind is one group: the submission and quote it moves, the policy with the portfolio days it moves, its books.
  t.regex(
    text,
    /store_operation_duration_seconds_count\{operation="writeTogether",collection="submissions\+quotes\+da_aggregates\+[^"]*policies\+portfolio_days[^"]*"\} \d+/,
  );
  t.regex(text, /job_run_duration_seconds_count\{job="outbox-relay",outcome="succeeded"\} \d+/);
  t.regex(text, /webhook_deliveries_total\{outcome="delivered"\} 1\n/);
  t.regex(text, /outbox_lag_seconds \d/);
  t.regex(text, /process_resident_memory_bytes \d+/);
  t.is((await call(app.api, 'GET', '/metrics', { token: MACHINE_SECRET })).status, 200);
});
