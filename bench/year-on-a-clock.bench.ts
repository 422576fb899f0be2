// A year of a book on a test clock: BENCH_POLICIES (100,000) monthly-plan policies bound through
// the use cases on the embedded store, on a program without an aggregate cap, their terms starting
// through a year of business (BENCH_SPREAD_DAYS, 365: renewals, expiries and lapses fall month
// after month as in a real book); then the organization's clock is advanced a month at a time
// through 13 months. Before each month 95 % of the policies pay what falls due in it (in bulk, not timed);
// the other 5 % never pay after their first installment. Each advance runs the scheduled work of
// its days (past due, notices, rescissions, cancellations, expiries, renewal offers, compliance
// deadlines, DA alerts, webhook events) and is timed. Target: at most 60 s a simulated month.
// Then the service is started on the same data and the reads users make of the book are timed
// (as bench:scale times them).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteStore } from '../adapters/persistence/sqlite/sqlite-store.engine.ts';
import { BILLING } from '../bootstrap/billing.tokens.ts';
import { loadConfig } from '../bootstrap/config.ts';
import { buildContainer, contextModules } from '../bootstrap/container.ts';
import { createLogger } from '../bootstrap/logger.ts';
import { POLICY } from '../bootstrap/policy.tokens.ts';
import { TENANCY } from '../bootstrap/tenancy.tokens.ts';
import { UNDERWRITING } from '../bootstrap/underwriting.tokens.ts';
import { WEBHOOKS } from '../bootstrap/webhooks.tokens.ts';
import { addDays, addMonths, compareDates } from '../core/shared/calendar-date.ts';
import type { InstallmentPlan } from '../core/billing/installment-plan.ts';
import type { Principal } from '../core/shared/access/principal.ts';
import { cents } from '../core/shared/money.ts';
import { readsOfTheBook, startService, stopService } from './book-service.ts';
import { demoToken } from './flow-client.ts';

const policies = Number(process.env.BENCH_POLICIES ?? 100_000);
const months = Number(process.env.BENCH_MONTHS ?? 13);
/** MONTHLY_12 as the target says; PIF measures the renewal and expiry months without a year of bulk payments. */
const plan = (process.env.BENCH_PLAN ?? 'MONTHLY_12') as InstallmentPlan;
const spreadDays = Number(process.env.BENCH_SPREAD_DAYS ?? 365);
const START = '2027-01-01';
const MACHINE: Principal = { kind: 'machine' };
const dataDir = mkdtempSync(join(tmpdir(), 'clock-year-'));
process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));

const store = await SqliteStore.open({ dir: dataDir });
const config = loadConfig({ DATA_DIR: dataDir, APP_ENV: 'local', TEST_CLOCK_ANSWER_MS: String(3_600_000) });
const { resolve } = await buildContainer(contextModules(config, store, createLogger('silent')));
const organization = await (await resolve(TENANCY.Organizations)).create(MACHINE, { name: 'Clock Bench MGA' });
const orgId = organization.id;
const clocks = await resolve(TENANCY.TestClocks);
await clocks.start(MACHINE, orgId, new Date(`${START}T00:00:00Z`));
await (
  await resolve(UNDERWRITING.Programs)
).create(MACHINE, orgId, {
  name: 'Uncapped',
  status: 'active',
  maxLimitPerRisk: cents(500_000_000),
  maxPremiumPerRisk: cents(50_000_000),
  allowedStates: null,
  allowedLines: null,
  excludedNaics: [],
  aggregateCap: cents(Number.MAX_SAFE_INTEGER),
  minimumEarnedPremiumPercent: 25,
  policyFee: cents(0),
  surplusLines: false,
  rateTableVersion: null,
  insurer: { name: 'Harborline Casualty Company', naic: '10562' },
});

const submissions = await resolve(UNDERWRITING.Submissions);
const quoting = await resolve(UNDERWRITING.Quoting);
const binding = await resolve(POLICY.Binding);
const invoices = await resolve(BILLING.InvoiceRepository);
const payments = await resolve(BILLING.InvoicePayments);
const webhooks = await resolve(WEBHOOKS.Webhooks);
const STATES = ['OH', 'TX', 'CA', 'NY', 'NC', 'IL', 'FL', 'PA'];
const lapsing = (n: number) => n % 20 === 0;

const bindOne = async (n: number): Promise<string> => {
  const risk = {
    insuredName: `Clock Insured ${n}`,
    naicsCode: '541511',
    annualRevenue: cents(100_000_000 + (n % 50) * 1_000_000),
    requestedLimit: cents(100_000_000),
    effectiveDate: addDays(START, n % spreadDays),
    state: STATES[n % STATES.length] as string,
    lineOfBusiness: 'GL' as const,
  };
  const submission = await submissions.create(MACHINE, orgId, risk, 'json');
  await quoting.quote(orgId, submission.id);
  return (await binding.bind(MACHINE, orgId, submission.id, plan)).id;
};

let started = performance.now();
const ids: string[] = [];
for (let n = 0; n < policies; n += 50) {
  ids.push(...(await Promise.all(Array.from({ length: Math.min(50, policies - n) }, (_, offset) => bindOne(n + offset)))));
  if ((n + 50) % 10_000 === 0) console.log(`bound ${n + 50} policies (${((performance.now() - started) / 1000).toFixed(0)} s)`);
}
console.log(`bound ${ids.length} policies in ${((performance.now() - started) / 1000).toFixed(1)} s`);

/** Pays, in bulk, what the paying policies owe that falls due before `until` (the first installment of every policy). */
const payDue = async (until: string): Promise<number> => {
  let paid = 0;
  for (let n = 0; n < ids.length; n += 100) {
    await Promise.all(
      ids.slice(n, n + 100).map(async (policyId, offset) => {
        for (const invoice of await invoices.forPolicy(orgId, policyId)) {
          const first = invoice.invoiceNumber.endsWith('-01');
          if ((!first && lapsing(n + offset)) || compareDates(invoice.dueDate, until) >= 0) continue;
          if (!['open', 'past_due'].includes(invoice.status) || invoice.amount <= invoice.paidAmount) continue;
          await payments.pay(MACHINE, orgId, invoice.id, {
            amount: cents(invoice.amount - invoice.paidAmount),
            method: 'ach',
            reference: `bulk-${invoice.id}`,
          });
          paid += 1;
        }
      }),
    );
  }
  return paid;
};

// BENCH_PROFILE=<prefix>: a CPU profile of each month's advance alone (<prefix>.month<n>.cpuprofile).
const profiler = process.env.BENCH_PROFILE ? new Session() : null;
profiler?.connect();
await profiler?.post('Profiler.enable');
const perMonth: number[] = [];
for (let month = 1; month <= months; month += 1) {
  const to = addMonths(START, month);
  const paying = performance.now();
  const paid = await payDue(to);
  const payingSeconds = (performance.now() - paying) / 1000;
  // The payments' own events are published as the relay job would, every second, before the advance.
  await webhooks.relayAll(orgId);
  await profiler?.post('Profiler.start');
  started = performance.now();
  const { clock } = await clocks.advance(MACHINE, orgId, { instant: new Date(`${to}T00:00:00Z`) });
  const seconds = (performance.now() - started) / 1000;
  const stopped = await profiler?.post('Profiler.stop');
  if (stopped) writeFileSync(`${process.env.BENCH_PROFILE}.month${month}.cpuprofile`, JSON.stringify(stopped.profile));
  perMonth.push(seconds);
  console.log(
    `month ${month} to ${to}: ${seconds.toFixed(1)} s (${paid} installments paid before it in ${payingSeconds.toFixed(0)} s) ran ${JSON.stringify(clock.ran)}`,
  );
}
const worst = Math.max(...perMonth);
console.log(
  JSON.stringify({
    policies: ids.length,
    plan,
    spreadDays,
    months,
    secondsPerMonth: perMonth.map((s) => Number(s.toFixed(1))),
    worst: Number(worst.toFixed(1)),
    target: 60,
  }),
);
await store.close();

// The book after its year, read through the service as `npm start` runs it on the same data.
const service = await startService(dataDir);
const token = await demoToken(service.base, orgId);
// The policies were bound on the clock's first day: their premium is booked in its month.
const readTable = await readsOfTheBook(service.base, token, orgId, `Clock Insured ${Math.floor(ids.length / 2)}`, START.slice(0, 7), service.child.pid!);
await stopService(service.child);
console.log(['| read after the year | median of 5 | status |', '|---|---|---|', ...readTable].join('\n'));
process.exit(worst <= 60 ? 0 : 1);
