import anyTest, { type TestFn } from 'ava';
import { aProgram, createdProgram } from '../../support/mothers.ts';
import { call, createTenant, MACHINE_SECRET, PASSWORD, startTestApp, type Tenant, type TestApp } from '../../support/test-app.ts';

// Which program a quote takes and what a bound policy keeps of it is tested at the use cases
// (test/use-cases/underwriting/programs.test.ts); here, who sets programs and what the API refuses.

const test = anyTest as TestFn<{ app: TestApp }>;

test.before(async (t) => {
  t.context = { app: await startTestApp() };
});
test.after.always(async (t) => t.context.app.close());

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
