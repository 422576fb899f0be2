import test from 'ava';
import { aSubmission, boundPolicy, signedInPolicyholder } from '../../support/mothers.ts';
import { call, createTenant, MACHINE_SECRET, startTestApp } from '../../support/test-app.ts';

test('GET /v1/forms lists the editions in force by line, state and date; a bad filter is 400; no credential is 401', async (t) => {
  const app = await startTestApp();
  t.teardown(app.close);
  const tenant = await createTenant(app);
  const list = (query: string, token: string | null = tenant.adminToken) => call(app.api, 'GET', `/v1/forms?${query}`, token ? { token } : {});
  const texas = await list('line=GL&state=TX&asOf=2027-01-01');
  t.is(texas.status, 200);
  t.truthy(texas.body.libraryVersion);
  const numbers = (body: { data: Array<{ formNumber: string; edition: string }> }) => body.data.map((form) => `${form.formNumber} ${form.edition}`);
  t.true(numbers(texas.body).includes('PLT TX 01 2025-01'));
  t.true(numbers(texas.body).includes('CG 20 10 2019-12'));
  t.true(
    texas.body.data.every((form: { source: string }) => form.source.length > 0),
    'every form names its source',
  );
  const oklahoma = await list('line=GL&state=OK&asOf=2027-01-01');
  t.false(numbers(oklahoma.body).includes('PLT TX 01 2025-01'));
  t.true(numbers((await list('line=GL&asOf=2018-06-01')).body).includes('CG 20 10 2013-04'), 'the edition in force then');
  t.like(await list('line=BOAT'), { status: 400, body: { error: 'validation_failed' } });
  t.like(await list('asOf=2027-02-30'), { status: 400, body: { error: 'validation_failed' } });
  t.is((await list('line=GL', null)).status, 401);
});

test('coverage options travel in dollars from the submission through the quote to the policy and its forms; an endorsement replaces them; bad ones are 400', async (t) => {
  const app = await startTestApp();
  t.teardown(app.close);
  const tenant = await createTenant(app);
  const limits = {
    eachOccurrence: 1_000_000,
    damageToRentedPremises: 100_000,
    medicalExpense: 5_000,
    personalAdvertisingInjury: 1_000_000,
    generalAggregate: 2_000_000,
    productsCompletedOperationsAggregate: 2_000_000,
  };
  const contractor = {
    name: 'Lone Star General Contractors LLC',
    address: { line1: '100 Congress Ave', city: 'Austin', state: 'TX', postalCode: '78701' },
    relationship: 'general contractor',
    operations: 'ongoing',
  };
  const coverage = { limits, deductible: 2_500, additionalInsureds: [contractor] };
  const { submission, quote, policy } = await boundPolicy(app, tenant, {
    submission: { naicsCode: '238160', state: 'TX', requestedLimit: 1_000_000, coverage, mailingAddress: contractor.address },
  });
  t.deepEqual(submission.coverage, coverage);
  t.deepEqual(quote.coverage, coverage);
  t.like(policy, {
    coverage,
    mailingAddress: contractor.address,
    forms: [{ formNumber: 'CG 00 01' }, { formNumber: 'PLT TX 01' }, { formNumber: 'CG 20 10', edition: '2019-12' }],
  });
  const endorse = (changes: object) =>
    call(app.api, 'POST', `/v1/policies/${policy.id}/endorse`, { token: tenant.adminToken, body: { effectiveDate: '2027-03-01', changes } });
  const endorsed = await endorse({ coverage: { ...coverage, primaryNonContributory: true } });
  t.is(endorsed.status, 201);
  const after = (await call(app.api, 'GET', `/v1/policies/${policy.id}`, { token: tenant.adminToken })).body;
  t.deepEqual(
    after.forms.map((form: { formNumber: string }) => form.formNumber),
    ['CG 00 01', 'PLT TX 01', 'CG 20 01', 'CG 20 10'],
  );
  t.like(await endorse({ coverage: { limits: { ...limits, eachOccurrence: 0 } } }), { status: 400 });
  t.like(await endorse({ coverage: { additionalInsureds: [{ ...contractor, operations: 'sometimes' }] } }), {
    status: 400,
    body: { error: 'validation_failed' },
  });
  const mismatched = await call(app.api, 'POST', '/v1/submissions', {
    token: tenant.adminToken,
    body: aSubmission({ requestedLimit: 2_000_000, coverage: { limits } }),
  });
  t.like(mismatched, { status: 400, body: { error: 'validation_failed', details: { field: 'coverage.limits.eachOccurrence', rule: 'requestedLimit' } } });
});

test("a policy's documents: the declarations recorded by the bind, issued by the job with their sha256 and downloadable; another organization finds no policy", async (t) => {
  const app = await startTestApp();
  t.teardown(app.close);
  const [tenant, other] = [await createTenant(app), await createTenant(app)];
  const { policy } = await boundPolicy(app, tenant, { submission: { state: 'OK' } });
  const list = (token = tenant.adminToken) => call(app.api, 'GET', `/v1/policies/${policy.id}/documents`, { token });
  t.like((await list()).body.data, [{ type: 'declarations', status: 'pending', sha256: null, documentId: null, forms: policy.forms }]);
  t.is((await call(app.api, 'POST', '/v1/jobs/policy-documents/run', { token: MACHINE_SECRET })).status, 202);
  let documents = (await list()).body.data;
  for (let tries = 0; tries < 100 && documents[0].status !== 'issued'; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    documents = (await list()).body.data;
  }
  t.like(documents[0], { status: 'issued' });
  t.regex(documents[0].sha256, /^[0-9a-f]{64}$/);
  const stored = await call(app.api, 'GET', `/v1/documents/${documents[0].documentId}`, { token: tenant.adminToken });
  t.like(stored, { status: 200, body: { id: documents[0].documentId } });
  t.is((await list(other.adminToken)).status, 404);
});

test('the insured sees the documents of its policy in the portal once they are issued', async (t) => {
  const app = await startTestApp();
  t.teardown(app.close);
  const tenant = await createTenant(app);
  const insured = await signedInPolicyholder(app, tenant, { submission: { state: 'OK' } });
  t.is((await call(app.api, 'POST', '/v1/jobs/policy-documents/run', { token: MACHINE_SECRET })).status, 202);
  const declarations = async () =>
    ((await call(app.api, 'GET', '/v1/portal/documents', { token: insured.token })).body.data as Array<{ type: string; filename: string }>).filter(
      (document) => document.type === 'policy_document',
    );
  let shown = await declarations();
  for (let tries = 0; tries < 100 && shown.length === 0; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    shown = await declarations();
  }
  t.like(shown, [{ filename: `${insured.policy.policyNumber}-declarations.pdf` }]);
});
