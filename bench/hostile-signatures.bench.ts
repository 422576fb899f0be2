// Hostile signature headers on every provider receiver, against the real server: whitespace, commas
// and `t=` fragments up to Node's 16 KiB header limit, four at once, from fresh addresses (so the
// parser, not the failure budget, answers), while another tenant reads one record over 10
// connections. Target (CONTRACT 18.19): that tenant's read p99 stays <= 50 ms. Then one address
// keeps forging: past 60 failures a minute it gets 429. `npm run bench:hostile-signatures`
// (BENCH_SECONDS, 10 by default).
import { join } from 'node:path';
import { BENCH_JWT_SECRET, BENCH_SECRET, demoToken, json } from './flow-client.ts';
import { measure, startProcess, stopProcess } from './support.ts';

const duration = Number(process.env.BENCH_SECONDS ?? 10);

const RECEIVERS: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['/webhooks/payment-processor', ['stripe-signature']],
  ['/webhooks/identity-verification', ['persona-signature', 'identity-signature']],
  ['/webhooks/email-provider', ['svix-signature', 'webhook-signature', 'wh-signature']],
  ['/v1/esign/webhook', ['x-webhook-signature', 'x-provider-a-signature', 'x-docusign-signature-1']],
];

/** Header values as long as a request may carry: the shapes that made the old parsers work hardest. */
const VALUES = [4_000, 4_097, 15_000].flatMap((length) => [
  `${' '.repeat(length - 2)}t=`,
  '\t '.repeat(length / 2),
  ','.repeat(length),
  't= '.repeat(Math.floor(length / 3)),
  't=1,'.repeat(Math.floor(length / 4)),
]);

const api = await startProcess<{ apiPort: number }>(join(import.meta.dirname, 'api.server.ts'), {
  API_SECRET: BENCH_SECRET,
  JWT_SECRET: BENCH_JWT_SECRET,
  RATE_LIMIT_PER_MINUTE: '1000000',
  TRUST_PROXY: '1',
  IDENTITY_WEBHOOK_SECRET: 'bench-identity-secret-0123456789',
  LOG_LEVEL: 'warn',
});
try {
  const base = `http://127.0.0.1:${api.ready.apiPort}`;
  const org = await json(`${base}/v1/organizations`, BENCH_SECRET, 'POST', { name: 'Bystander', allowedDomains: ['bystander.test'] });
  const token = await demoToken(base, org.id);
  const user = await json(`${base}/v1/users`, token, 'POST', {
    email: 'reader@bystander.test',
    password: 'bench password 123',
    role: 'auditor',
    name: 'Reader',
  });
  let fuzzing = true;
  let sent = 0;
  const statuses = new Map<number, number>();
  const forge = async (path: string, header: string, value: string, address: string) => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [header]: value, 'x-forwarded-for': address },
      body: '{"id":"evt_x","type":"x"}',
    }).catch(() => null);
    const status = response?.status ?? 0;
    await response?.arrayBuffer();
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  };
  const attackers = Array.from({ length: 4 }, async (_, lane) => {
    while (fuzzing) {
      for (const [path, headers] of RECEIVERS) {
        for (const header of headers) {
          for (const value of VALUES) {
            if (!fuzzing) return;
            sent += 1;
            await forge(path, header, value, `10.${lane}.${(sent >> 8) & 255}.${sent & 255}`);
          }
        }
      }
    }
  });
  const read = await measure({ url: `${base}/v1/users/${user.id}`, headers: { authorization: `Bearer ${token}` }, connections: 10, duration });
  fuzzing = false;
  await Promise.all(attackers);
  console.log(`${sent} hostile deliveries in ${duration} s: ${JSON.stringify(Object.fromEntries(statuses))}`);
  console.log(
    `another tenant's read: ${read.requestsPerSecond.toFixed(0)} req/s, p50 ${read.p50Ms} ms, p99 ${read.p99Ms} ms (target <= 50 ms), non-2xx ${read.non2xx}`,
  );

  // One address forging again and again: the failure budget answers past 60 a minute.
  statuses.clear();
  for (let n = 0; n < 100; n += 1) await forge('/webhooks/payment-processor', 'stripe-signature', 't=1,v1=00', '10.200.0.1');
  console.log(`one address, 100 forged deliveries: ${JSON.stringify(Object.fromEntries(statuses))} (target: 60 answered 401, then 429)`);
  if (read.p99Ms > 50 || read.non2xx > 0 || [...statuses.keys()].some((status) => status >= 500)) process.exitCode = 1;
} finally {
  await stopProcess(api.child);
}
