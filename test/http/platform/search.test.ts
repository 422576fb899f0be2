import test from 'ava';
import { addDays, today } from '../../../core/shared/calendar-date.ts';
import { boundPolicy } from '../../support/mothers.ts';
import { call, createTenant, startTestApp } from '../../support/test-app.ts';

const daysAgo = (days: number) => addDays(today(new Date()), -days);

test('q finds claims by the beginnings of the words of the claim number, the policy number or the insured’s name', async (t) => {
  const app = await startTestApp();
  t.teardown(app.close);
  const tenant = await createTenant(app);
  const file = async (policyId: string) => {
    const answer = await call(app.api, 'POST', '/v1/claims', { token: tenant.adminToken, body: { policyId, lossDate: daysAgo(2), description: 'Burst pipe' } });
    t.is(answer.status, 201, JSON.stringify(answer.body));
    return answer.body as { id: string; claimNumber: string; insuredName: string };
  };
  const pipe = await boundPolicy(app, tenant, { submission: { insuredName: 'Blue Pipe Plumbing, Inc.', effectiveDate: daysAgo(20) } });
  const bakery = await boundPolicy(app, tenant, { submission: { insuredName: 'Bluebird Bakery', effectiveDate: daysAgo(20) } });
  const pipeClaim = await file(pipe.policy.id);
  const bakeryClaim = await file(bakery.policy.id);
  t.is(pipeClaim.insuredName, 'Blue Pipe Plumbing, Inc.', 'the claim keeps the insured’s name');
  const elsewhere = await createTenant(app);
  const foreign = await boundPolicy(app, elsewhere, { submission: { insuredName: 'Blue Pipe Plumbing, Inc.', effectiveDate: daysAgo(20) } });
  t.is(
    (await call(app.api, 'POST', '/v1/claims', { token: elsewhere.adminToken, body: { policyId: foreign.policy.id, lossDate: daysAgo(2), description: 'x' } }))
      .status,
    201,
  );

  const search = async (q: string, more = '') => {
    const answer = await call(app.api, 'GET', `/v1/claims?q=${encodeURIComponent(q)}${more}`, { token: tenant.adminToken });
    t.is(answer.status, 200, `${q}: ${JSON.stringify(answer.body)}`);
    return answer.body.data.map((claim: { id: string }) => claim.id).sort();
  };
  t.deepEqual(await search('blue'), [pipeClaim.id, bakeryClaim.id].sort(), 'the insured’s name, within the organization');
  t.deepEqual(await search('blue plumb'), [pipeClaim.id]);
  t.deepEqual(await search(pipeClaim.claimNumber), [pipeClaim.id], 'the claim number');
  t.deepEqual(await search(bakery.policy.policyNumber), [bakeryClaim.id], 'the policy number');
  t.deepEqual(await search('blue', '&status=closed'), [], 'with the other filters');
  t.deepEqual(await search('bakery pipe'), []);
  t.like(await call(app.api, 'GET', '/v1/claims?q=b', { token: tenant.adminToken }), {
    status: 400,
    body: { error: 'validation_failed', details: { field: 'q' } },
  });
});

test('q finds invoices by the beginning of the invoice number or of the policy number that begins it', async (t) => {
  const app = await startTestApp();
  t.teardown(app.close);
  const tenant = await createTenant(app);
  const monthly = await boundPolicy(app, tenant, { plan: 'MONTHLY_12' });
  const other = await boundPolicy(app, tenant, { plan: 'QUARTERLY' });
  const foreign = await boundPolicy(app, await createTenant(app), { plan: 'MONTHLY_12' });
  const search = async (q: string, more = '') => {
    const answer = await call(app.api, 'GET', `/v1/invoices?q=${encodeURIComponent(q)}&limit=100${more}`, { token: tenant.adminToken });
    t.is(answer.status, 200, `${q}: ${JSON.stringify(answer.body)}`);
    return answer.body.data.map((invoice: { id: string }) => invoice.id).sort();
  };
  const ids = (invoices: ReadonlyArray<{ id: string }>) => invoices.map((invoice) => invoice.id).sort();
  const number = monthly.policy.policyNumber as string;
  t.deepEqual(await search(number), ids(monthly.invoices), 'a policy number finds its invoices');
  t.deepEqual(await search(number.toLowerCase().replaceAll('-', ' ')), ids(monthly.invoices), 'any separators, case ignored');
  t.deepEqual(await search(monthly.invoice.invoiceNumber), [monthly.invoice.id], 'an invoice number finds that invoice');
  t.deepEqual(await search(number, '&status=paid'), [], 'with the other filters');
  t.false((await search(number.split('-')[0] as string)).includes(foreign.invoice.id), 'never another organization’s');
  t.true((await search(number.split('-').slice(0, 2).join('-'))).includes(other.invoice.id), 'a number’s beginning');
  t.deepEqual(await search(number.split('-')[2] as string), [], 'the number is matched from its start');
  t.like(await call(app.api, 'GET', '/v1/invoices?q=!', { token: tenant.adminToken }), {
    status: 400,
    body: { error: 'validation_failed', details: { field: 'q' } },
  });
});
