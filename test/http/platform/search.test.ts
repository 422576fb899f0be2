import test from 'ava';
import { addDays, today } from '../../../core/shared/calendar-date.ts';
import { boundPolicy } from '../../support/mothers.ts';
import { call, createTenant, startTestApp } from '../../support/test-app.ts';

// What q finds among claims and invoices is tested at the use cases (claim-search, invoice-search);
// here, q read from the query string of both lists, and refused when it cannot search.

const daysAgo = (days: number) => addDays(today(new Date()), -days);

test('the claim and invoice lists take q from the query string; a q that cannot search is 400 naming it', async (t) => {
  const app = await startTestApp();
  t.teardown(app.close);
  const tenant = await createTenant(app);
  const pipe = await boundPolicy(app, tenant, { plan: 'MONTHLY_12', submission: { insuredName: 'Blue Pipe Plumbing, Inc.', effectiveDate: daysAgo(20) } });
  const claim = await call(app.api, 'POST', '/v1/claims', {
    token: tenant.adminToken,
    body: { policyId: pipe.policy.id, lossDate: daysAgo(2), description: 'Burst pipe' },
  });
  t.is(claim.status, 201, JSON.stringify(claim.body));
  t.like(await call(app.api, 'GET', '/v1/claims?q=blue%20plumb', { token: tenant.adminToken }), { status: 200, body: { data: [{ id: claim.body.id }] } });
  const invoices = await call(app.api, 'GET', `/v1/invoices?q=${encodeURIComponent(pipe.invoice.invoiceNumber)}`, { token: tenant.adminToken });
  t.like(invoices, { status: 200, body: { data: [{ id: pipe.invoice.id }] } });
  for (const path of ['/v1/claims?q=b', '/v1/invoices?q=!']) {
    t.like(
      await call(app.api, 'GET', path, { token: tenant.adminToken }),
      { status: 400, body: { error: 'validation_failed', details: { field: 'q' } } },
      path,
    );
  }
});
