import { addDays } from '../../../core/shared/calendar-date.ts';
import anyTest, { type TestFn } from 'ava';
import { aProgram, boundPolicy, createdProgram, submitted } from '../../support/mothers.ts';
import { call, createTenant, MACHINE_SECRET, PASSWORD, startTestApp, type Tenant, type TestApp } from '../../support/test-app.ts';

const test = anyTest as TestFn<{ app: TestApp }>;

test.before(async (t) => {
  t.context = { app: await startTestApp() };
});
test.after.always(async (t) => t.context.app.close());

const quoted = async (app: TestApp, tenant: Tenant, submission: Record<string, unknown> = {}) => {
  const created = await submitted(app, tenant, submission);
  return (await call(app.api, 'POST', `/v1/submissions/${created.id}/quote`, { token: tenant.adminToken })).body;
};
const patch = (app: TestApp, tenant: Tenant, id: string, body: unknown) =>
  call(app.api, 'PATCH', `/v1/programs/${id}?orgId=${tenant.orgId}`, { token: MACHINE_SECRET, body });

test('the platform operator sets an organization’s programs; its administrator reads them, another organization finds nothing', async (t) => {
  const { app } = t.context;
  const [tenant, other] = [await createTenant(app), await createTenant(app)];
  const program = await createdProgram(app, tenant);
  t.like(program, {
    orgId: tenant.orgId,
    version: 1,
    status: 'active',
    maxLimitPerRisk: 2_000_000,
    policyFee: 0,
    rateTableVersion: null,
    allowedStates: ['OH'],
  });

  t.deepEqual(
    (await call(app.api, 'GET', '/v1/programs', { token: tenant.adminToken })).body.data.map((listed: { id: string }) => listed.id),
    [program.id],
  );
  t.like((await call(app.api, 'GET', `/v1/programs/${program.id}`, { token: tenant.adminToken })).body, { id: program.id, name: 'Ohio contractors' });
  t.like((await call(app.api, 'GET', '/v1/programs/default', { token: tenant.adminToken })).body, { id: 'default', orgId: null });
  t.is((await call(app.api, 'GET', `/v1/programs/${program.id}`, { token: other.adminToken })).status, 404);
  t.is((await call(app.api, 'PATCH', `/v1/programs/${program.id}?orgId=${tenant.orgId}`, { token: other.adminToken, body: { name: 'x' } })).status, 403);
  t.deepEqual((await call(app.api, 'GET', '/v1/programs', { token: other.adminToken })).body.data, []);

  // An organization's administrator may not widen its own authority.
  t.is((await call(app.api, 'POST', '/v1/programs', { token: tenant.adminToken, body: aProgram() })).status, 403);
  t.is((await call(app.api, 'PATCH', `/v1/programs/${program.id}`, { token: tenant.adminToken, body: { aggregateCap: 1e9 } })).status, 403);

  const email = `operator@${tenant.adminEmail.split('@')[1]}`;
  const granted = await call(app.api, 'POST', '/v1/users', {
    token: MACHINE_SECRET,
    body: { email, password: PASSWORD, role: 'mhcis_operator', name: 'Operator', orgId: tenant.orgId },
  });
  t.is(granted.status, 201);
  const operator = (await call(app.auth, 'POST', '/api/auth/sign-in/email', { body: { email, password: PASSWORD } })).body.token;
  const changed = await call(app.api, 'PATCH', `/v1/programs/${program.id}?orgId=${tenant.orgId}`, { token: operator, body: { aggregateCap: 12_000_000.5 } });
  t.like(changed, { status: 200, body: { version: 2, aggregateCap: 12_000_000.5, maxLimitPerRisk: 2_000_000 } });
  const audit = (await call(app.api, 'GET', '/v1/audit-events?limit=200', { token: tenant.adminToken })).body.data;
  t.true(audit.some((entry: { action: string }) => entry.action === 'program.updated'));
});

test('bad terms are 400 and change nothing; platform programs are not edited through the API', async (t) => {
  const { app } = t.context;
  const tenant = await createTenant(app);
  const program = await createdProgram(app, tenant);
  const create = (overrides: Record<string, unknown>) =>
    call(app.api, 'POST', `/v1/programs?orgId=${tenant.orgId}`, { token: MACHINE_SECRET, body: aProgram(overrides) });
  t.like(await create({ maxPremiumPerRisk: 20_000_000 }), { status: 400, body: { details: { field: 'maxPremiumPerRisk', rule: 'within_aggregate' } } });
  t.like(await create({ rateTableVersion: '1999-01' }), { status: 400, body: { details: { field: 'rateTableVersion', rule: 'one_of' } } });
  t.is((await create({ allowedStates: ['ZZ'] })).status, 400);
  t.is((await create({ allowedLines: [] })).status, 400);
  t.is((await create({ minimumEarnedPremiumPercent: 101 })).status, 400);
  t.is((await create({ aggregateCap: 10.001 })).status, 400);
  t.is((await create({ insurer: { name: 'X', naic: '12' } })).status, 400);
  t.is((await call(app.api, 'POST', '/v1/programs', { token: MACHINE_SECRET, body: aProgram() })).status, 400, 'the machine secret names the organization');
  t.is((await patch(app, tenant, program.id, {})).status, 400);
  t.is((await patch(app, tenant, program.id, { maxPremiumPerRisk: 50_000_000 })).status, 400);
  t.is((await patch(app, tenant, 'default', { name: 'Mine now' })).status, 403);
  t.is((await patch(app, tenant, 'prg_missing', { name: 'x' })).status, 404);
  t.like((await call(app.api, 'GET', `/v1/programs/${program.id}`, { token: tenant.adminToken })).body, { version: 1, maxPremiumPerRisk: 100_000 });
});

test('quotes take the organization’s program for the risk; an organization without programs writes under the default', async (t) => {
  const { app } = t.context;
  const [tenant, other] = [await createTenant(app), await createTenant(app)];
  const ohio = await createdProgram(app, tenant);
  const texas = await createdProgram(app, tenant, { name: 'Texas property', allowedStates: ['TX'], allowedLines: ['PROPERTY'] });

  t.like(await quoted(app, tenant), { programId: ohio.id, programVersion: 1, bindable: true });
  t.like(await quoted(app, tenant, { state: 'TX', lineOfBusiness: 'PROPERTY' }), { programId: texas.id, bindable: true });
  const overLimit = await quoted(app, tenant, { requestedLimit: 3_000_000 });
  t.deepEqual(
    overLimit.daFlags.map((flag: { code: string }) => flag.code),
    ['limit_exceeded'],
  );
  // No program of the organization covers Arizona: the first one answers, and says why.
  const arizona = await quoted(app, tenant, { state: 'AZ' });
  t.like(arizona, { programId: ohio.id, bindable: false });
  t.deepEqual(
    arizona.daFlags.map((flag: { code: string }) => flag.code),
    ['state_not_allowed'],
  );
  t.like(await quoted(app, tenant, { naicsCode: '238160' }), { bindable: false, daFlags: [{ code: 'naics_excluded' }] });
  t.like(await quoted(app, other, { state: 'AZ' }), { programId: 'default', programVersion: null, bindable: true });

  await patch(app, tenant, ohio.id, { status: 'suspended' });
  t.like(await quoted(app, tenant), { programId: texas.id, daFlags: [{ code: 'state_not_allowed' }, { code: 'line_not_allowed' }] });
  await patch(app, tenant, texas.id, { status: 'suspended' });
  t.like(await quoted(app, tenant), { programId: ohio.id, bindable: false, daFlags: [{ code: 'program_suspended' }] });
});

test('a policy keeps the terms of the version it was bound under; caps apply to new business at once', async (t) => {
  const { app } = t.context;
  const tenant = await createTenant(app);
  const program = await createdProgram(app, tenant, { minimumEarnedPremiumPercent: 30 });
  const bound = await boundPolicy(app, tenant);
  t.like(bound.policy, { programId: program.id, programVersion: 1 });
  t.like(await patch(app, tenant, program.id, { minimumEarnedPremiumPercent: 60, insurer: { name: 'Other Carrier', naic: '11111' } }), {
    body: { version: 2 },
  });

  // Cancelled by the insured on the term's second day: 30 % kept (version 1), not 60 % (the first day would be flat).
  const cancelled = await call(app.api, 'POST', `/v1/policies/${bound.policy.id}/cancel`, {
    token: tenant.adminToken,
    body: { effectiveDate: addDays(bound.policy.effectiveDate, 1), reason: 'insured_request' },
  });
  t.is(cancelled.status, 200, JSON.stringify(cancelled.body));
  t.is(cancelled.body.cancellation.returnPremium, Math.round(bound.policy.grossPremium * 70) / 100);

  // A quote written before the program was suspended cannot be bound after.
  const submission = await submitted(app, tenant);
  await call(app.api, 'POST', `/v1/submissions/${submission.id}/quote`, { token: tenant.adminToken });
  await patch(app, tenant, program.id, { status: 'suspended' });
  const bind = await call(app.api, 'POST', `/v1/submissions/${submission.id}/bind`, { token: tenant.adminToken, body: { installmentPlan: 'PIF' } });
  t.like(bind, { status: 422, body: { error: 'not_bindable', details: { programId: program.id } } });
});
