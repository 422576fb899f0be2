import test from 'ava';
import { addDays, today } from '../../../core/shared/calendar-date.ts';
import { boundPolicy } from '../../support/mothers.ts';
import { call, createProducer, createTenant, signedInUser, startTestApp } from '../../support/test-app.ts';

const rows = (csv: string) =>
  csv
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','));

test('monthly bordereaux as CSV: a line per policy active in the month and per claim open in it, for the organization only', async (t) => {
  const app = await startTestApp();
  t.teardown(app.close);
  const [tenant, other] = [await createTenant(app), await createTenant(app)];
  const now = today(new Date());
  const month = now.slice(0, 7);
  const producerId = await createProducer(app, tenant);
  const bound = await boundPolicy(app, tenant, { producerId, submission: { effectiveDate: addDays(now, -3) } });
  await call(app.api, 'POST', `/v1/invoices/${bound.invoice.id}/payment-intent`, { token: tenant.adminToken, body: { confirm: true } });
  const claim = (
    await call(app.api, 'POST', '/v1/claims', {
      token: tenant.adminToken,
      body: { policyId: bound.policy.id, lossDate: addDays(now, -1), description: 'Fire' },
    })
  ).body;
  await call(app.api, 'POST', `/v1/claims/${claim.id}/reserves`, { token: tenant.adminToken, body: { indemnity: 4_000, expense: 500.25 } });

  const premium = await call(app.api, 'GET', `/v1/reports/bordereaux?type=premium&month=${month}`, { token: tenant.adminToken });
  t.is(premium.status, 200);
  t.regex(premium.headers.get('content-type') ?? '', /^text\/csv/);
  const [header, line] = rows(premium.body);
  t.deepEqual(header?.slice(0, 4), ['Policy Number', 'Insured Name', 'Risk State', 'Line of Business']);
  const column = (name: string) => line?.[header?.indexOf(name) ?? -1];
  const written = bound.policy.effectiveDate.slice(0, 7) === month ? bound.policy.grossPremium : 0;
  t.is(column('Policy Number'), bound.policy.policyNumber);
  t.is(Number(column('Written Premium')), written);
  const commissions = (await call(app.api, 'GET', `/v1/commissions?policyId=${bound.policy.id}`, { token: tenant.adminToken })).body.data;
  const commission =
    commissions.reduce(
      (sum: number, row: { agentCommission: number; mgaCommission: number }) => sum + Math.round((row.agentCommission + row.mgaCommission) * 100),
      0,
    ) / 100;
  t.is(Number(column('Commission')), commission);

  const claims = await call(app.api, 'GET', `/v1/reports/bordereaux?type=claims&month=${month}`, { token: tenant.adminToken });
  const [claimHeader, claimLine] = rows(claims.body);
  t.deepEqual(claimHeader, ['Claim Number', 'Policy Number', 'Insured Name', 'Loss Date', 'Reported', 'Status', 'Paid', 'Reserves', 'Incurred']);
  t.deepEqual(claimLine?.slice(0, 2), [claim.claimNumber, bound.policy.policyNumber]);
  t.deepEqual(claimLine?.slice(5), ['open', '0', '4500.25', '4500.25']);

  t.is(
    rows((await call(app.api, 'GET', `/v1/reports/bordereaux?type=premium&month=${month}`, { token: other.adminToken })).body).length,
    1,
    'the header alone',
  );
  t.is(rows((await call(app.api, 'GET', `/v1/reports/bordereaux?type=premium&month=2020-01`, { token: tenant.adminToken })).body).length, 1);
  t.is(rows((await call(app.api, 'GET', `/v1/reports/bordereaux?type=premium&month=${month}&programId=other`, { token: tenant.adminToken })).body).length, 1);
  t.is((await call(app.api, 'GET', '/v1/reports/bordereaux?type=premium&month=2027-13', { token: tenant.adminToken })).status, 400);
  t.is((await call(app.api, 'GET', `/v1/reports/bordereaux?type=losses&month=${month}`, { token: tenant.adminToken })).status, 400);
  const underwriter = await signedInUser(app, tenant, 'underwriter');
  t.is((await call(app.api, 'GET', `/v1/reports/bordereaux?type=premium&month=${month}`, { token: underwriter.token })).status, 403);
});

test('direct business: the bordereau and commission analytics show the MGA commission the ledger posted, to the cent', async (t) => {
  const app = await startTestApp();
  t.teardown(app.close);
  const tenant = await createTenant(app);
  const now = today(new Date());
  const month = now.slice(0, 7);
  const bound = await boundPolicy(app, tenant, { submission: { effectiveDate: addDays(now, -3) } });
  await call(app.api, 'POST', `/v1/invoices/${bound.invoice.id}/payment-intent`, { token: tenant.adminToken, body: { confirm: true } });
  const entries = (await call(app.api, 'GET', `/v1/ledger/entries?policyId=${bound.policy.id}`, { token: tenant.adminToken })).body.data;
  const posted = (account: string) =>
    entries.reduce(
      (sum: number, entry: { lines: { account: string; debit: number; credit: number }[] }) =>
        sum + entry.lines.filter((line) => line.account === account).reduce((total, line) => total + Math.round((line.credit - line.debit) * 100), 0),
      0,
    );
  const mga = posted('mgaCommissionIncome');
  t.true(mga > 0, 'the ledger posted MGA commission');
  const [header, line] = rows((await call(app.api, 'GET', `/v1/reports/bordereaux?type=premium&month=${month}`, { token: tenant.adminToken })).body);
  t.is(Math.round(Number(line?.[header?.indexOf('Commission') ?? -1]) * 100), mga);
  const periods = (await call(app.api, 'GET', `/v1/analytics/${tenant.orgId}/commissions?from=${month}&to=${month}`, { token: tenant.adminToken })).body
    .periods;
  t.like(periods, [{ period: month, agentCommission: 0, mgaCommission: mga / 100, carrierNet: posted('carrierPayable') / 100 }]);
});

test('a bordereau streams as NDJSON or pages as JSON by Accept, in the CSV’s order and columns', async (t) => {
  const app = await startTestApp();
  t.teardown(app.close);
  const tenant = await createTenant(app);
  const now = today(new Date());
  const month = now.slice(0, 7);
  for (let n = 0; n < 3; n += 1) await boundPolicy(app, tenant, { submission: { effectiveDate: addDays(now, -3), insuredName: `Streamed ${n}` } });
  const path = `/v1/reports/bordereaux?type=premium&month=${month}`;
  const csv = rows((await call(app.api, 'GET', path, { token: tenant.adminToken, headers: { Accept: 'text/csv' } })).body);
  const numbers = csv.slice(1).map((line) => line[0]);
  t.is(numbers.length, 3);

  const ndjson = await call(app.api, 'GET', path, { token: tenant.adminToken, headers: { Accept: 'application/x-ndjson' } });
  t.is(ndjson.status, 200);
  t.regex(ndjson.headers.get('content-type') ?? '', /^application\/x-ndjson/);
  const objects = (ndjson.body as string)
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line));
  t.deepEqual(
    objects.map((line) => line['Policy Number']),
    numbers,
  );
  t.deepEqual(Object.keys(objects[0]), csv[0], 'keyed by the CSV columns');

  const page = async (query: string) => {
    const answer = await call(app.api, 'GET', `${path}${query}`, { token: tenant.adminToken, headers: { Accept: 'application/json, text/csv;q=0.5' } });
    t.is(answer.status, 200, JSON.stringify(answer.body));
    return answer.body as { columns: string[]; closed: boolean; data: Array<Record<string, unknown>>; nextCursor: string | null };
  };
  const first = await page('&limit=2');
  t.like(first, { closed: false, columns: csv[0] });
  t.is(first.data.length, 2);
  t.truthy(first.nextCursor);
  const second = await page(`&limit=2&cursor=${first.nextCursor}`);
  t.is(second.nextCursor, null);
  t.deepEqual(
    [...first.data, ...second.data].map((line) => line['Policy Number']),
    numbers,
  );
  const badCursor = await call(app.api, 'GET', `${path}&cursor=%21%21`, { token: tenant.adminToken, headers: { Accept: 'application/json' } });
  t.like(badCursor, { status: 400, body: { error: 'validation_failed', details: { field: 'cursor' } } });
  const tooMany = await call(app.api, 'GET', `${path}&limit=1001`, { token: tenant.adminToken, headers: { Accept: 'application/json' } });
  t.like(tooMany, { status: 400, body: { details: { field: 'limit' } } });
});
