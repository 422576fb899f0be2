// Signed payment_intent.succeeded deliveries per second on the embedded store, each a new payment
// (verify, claim the event id, record the payment once per intent, receipt, outbox), against a bare
// verify-and-200 handler in the same run. Then the effect is checked: exactly one payment per
// acknowledged delivery, and re-sent deliveries change nothing. Target: >= 500 deliveries/s.
import { createHmac } from 'node:crypto';
import { join } from 'node:path';
import type autocannon from 'autocannon';
import { daysFromToday } from './flow-client.ts';
import { measure, startProcess, stopProcess, warmUp } from './support.ts';

const SECRET = 'bench-machine-secret-0123456789abcdef';
const WEBHOOK_SECRET = 'whsec_bench_0123456789abcdef';
const here = import.meta.dirname;
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const policies = Number(process.env.BENCH_POLICIES ?? 50);
const AMOUNT_CENTS = 100;

const request = async (url: string, token: string, method: string, body?: unknown) => {
  const response = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await response.json()) as Record<string, any>;
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(json)}`);
  return json;
};

const signed = (payload: string) => {
  const t = Math.floor(Date.now() / 1000);
  return `t=${t},v1=${createHmac('sha256', WEBHOOK_SECRET).update(`${t}.${payload}`).digest('hex')}`;
};

const built = { count: 0 };

/** Every request a new event and a new intent, on the invoices round robin. */
const deliveries = (url: string, invoices: readonly { id: string }[], orgId: string, tag: string, sent: string[] | null): autocannon.Options => {
  let n = 0;
  return {
    url,
    method: 'POST',
    requests: [
      {
        setupRequest: (req) => {
          n += 1;
          if (tag !== 'bare') built.count += 1;
          const invoice = invoices[n % invoices.length] as { id: string };
          const payload = JSON.stringify({
            id: `evt_${tag}_${n}`,
            object: 'event',
            type: 'payment_intent.succeeded',
            data: {
              object: {
                id: `pi_${tag}_${n}`,
                object: 'payment_intent',
                amount: AMOUNT_CENTS,
                amount_received: AMOUNT_CENTS,
                currency: 'usd',
                metadata: { invoiceId: invoice.id, orgId },
              },
            },
          });
          if (sent && sent.length < 200) sent.push(payload);
          return { ...req, body: payload, headers: { 'content-type': 'application/json', 'stripe-signature': signed(payload) } };
        },
      },
    ],
  };
};

const bare = await startProcess<{ port: number }>(join(here, 'verify-only.server.ts'), { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
const api = await startProcess<{ apiPort: number }>(join(here, 'api.server.ts'), {
  API_SECRET: SECRET,
  JWT_SECRET: 'bench-jwt-secret-0123456789abcdef0123456789',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
});
try {
  const base = `http://127.0.0.1:${api.ready.apiPort}`;
  const org = await request(`${base}/v1/organizations`, SECRET, 'POST', { name: 'Bench payments', allowedDomains: ['payments.bench.test'] });
  await request(`${base}/v1/organizations/${org.id}`, SECRET, 'PATCH', { rateLimitPerMinute: 1_000_000 });
  const { token } = await request(`${base}/auth/demo`, SECRET, 'POST', { secret: SECRET, orgId: org.id });
  const invoices: { id: string; amount: number }[] = [];
  for (let i = 0; i < policies; i += 1) {
    const submission = await request(`${base}/v1/submissions`, token, 'POST', {
      insuredName: `Payer ${i}`,
      naicsCode: '541511',
      annualRevenue: 50_000_000,
      requestedLimit: 5_000_000,
      effectiveDate: daysFromToday(30),
      state: 'OH',
      lineOfBusiness: 'GL',
    });
    await request(`${base}/v1/submissions/${submission.id}/quote`, token, 'POST', {});
    const policy = await request(`${base}/v1/submissions/${submission.id}/bind`, token, 'POST', { installmentPlan: 'MONTHLY_12' });
    invoices.push(...(await request(`${base}/v1/invoices?policyId=${policy.id}&limit=200`, token, 'GET')).data);
  }

  const bareOptions = deliveries(`http://127.0.0.1:${bare.ready.port}/webhooks/payment-processor`, invoices, org.id, 'bare', null);
  await warmUp(bareOptions);
  const warm = await warmUp(deliveries(`${base}/webhooks/payment-processor`, invoices, org.id, 'warm', null));
  const baseline = await measure({ ...bareOptions, duration });
  const sent: string[] = [];
  const platform = await measure({ ...deliveries(`${base}/webhooks/payment-processor`, invoices, org.id, 'run', sent), duration });

  // The effect: one payment per acknowledged delivery, warm-up included; re-sends change nothing.
  const paidCents = async () => {
    let total = 0;
    for (let cursor: string | null = null, first = true; first || cursor; first = false) {
      const page: { data: { paidAmount: number }[]; nextCursor: string | null } = (await request(
        `${base}/v1/invoices?limit=200${cursor ? `&cursor=${cursor}` : ''}`,
        token,
        'GET',
      )) as never;
      total += page.data.reduce((sum, invoice) => sum + Math.round(invoice.paidAmount * 100), 0);
      cursor = page.nextCursor;
    }
    return total;
  };
  // Deliveries still in flight when the run ended finish on the server after it: the count is
  // taken once the total has stopped moving, so they are not mistaken for effects of the re-sends.
  const settled = async () => {
    for (let last = await paidCents(); ;) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const now = await paidCents();
      if (now === last) return now;
      last = now;
    }
  };
  const before = await settled();
  for (const payload of sent.slice(0, 100)) {
    const replay = JSON.parse(payload) as { id: string };
    const again = JSON.stringify({ ...replay, id: `${replay.id}_resent` });
    await fetch(`${base}/webhooks/payment-processor`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signed(again) },
      body: again,
    });
  }
  const after = await settled();

  const row = (name: string, m: typeof baseline) =>
    `${name.padEnd(40)} ${m.requestsPerSecond.toFixed(0).padStart(7)} /s   p50 ${String(m.p50Ms).padStart(3)} ms   p99 ${String(m.p99Ms).padStart(4)} ms   non-2xx ${m.non2xx}   errors ${m.errors}`;
  console.log(`50 connections, ${duration} s each, ${invoices.length} invoices, node ${process.version}`);
  console.log(row('bare verify-and-200 handler', baseline));
  console.log(row('payment_intent.succeeded, recorded', platform));
  console.log(
    `ratio ${(platform.requestsPerSecond / baseline.requestsPerSecond).toFixed(2)}; target >= 500 deliveries/s: ${platform.requestsPerSecond >= 500 ? 'met' : 'NOT met'}`,
  );
  // Deliveries still in flight when a run ends are processed but not counted as acknowledged.
  const acknowledged = warm['2xx'] + platform.ok;
  const recorded = before / AMOUNT_CENTS;
  const exact = acknowledged <= recorded && recorded <= built.count;
  console.log(
    `exactly once: ${built.count} deliveries sent, ${acknowledged} acknowledged within the runs, ${recorded} payments recorded (${exact ? 'consistent' : 'INCONSISTENT'}); 100 re-sends under new event ids added ${(after - before) / AMOUNT_CENTS}`,
  );
  if (platform.non2xx > 0 || platform.errors > 0 || after !== before || !exact) process.exitCode = 1;
} finally {
  await Promise.all([stopProcess(bare.child), stopProcess(api.child)]);
}
