import anyTest, { type TestFn } from 'ava';
import { addDays, addMonths, today, type CalendarDate } from '../../../core/shared/calendar-date.ts';
import { submitted } from '../../support/mothers.ts';
import { call, createApiKey, createTenant, startTestApp, type Tenant, type TestApp } from '../../support/test-app.ts';

const test = anyTest as TestFn<{ app: TestApp; a: Tenant }>;

test.before(async (t) => {
  const app = await startTestApp();
  t.context = { app, a: await createTenant(app) };
});
test.after.always(async (t) => t.context.app.close());

/** Quotes a submission starting on `effectiveDate` and tries to bind it with `credential`. */
const tryBind = async (app: TestApp, tenant: Tenant, submission: Record<string, unknown>, credential: { token?: string; apiKey?: string }) => {
  const created = await submitted(app, tenant, submission);
  const quote = await call(app.api, 'POST', `/v1/submissions/${created.id}/quote`, { token: tenant.adminToken });
  if (quote.status !== 201) throw new Error(`quote: ${quote.status} ${JSON.stringify(quote.body)}`);
  const bind = await call(app.api, 'POST', `/v1/submissions/${created.id}/bind`, { ...credential, body: { installmentPlan: 'PIF' } });
  return { created, bind };
};

const on = (days: number): CalendarDate => addDays(today(new Date()), days);

test('new business starts within 30 days back and 18 months ahead; further back needs an underwriter’s authority', async (t) => {
  const { app, a } = t.context;
  const key = await createApiKey(app, a, ['submissions:read', 'submissions:write', 'policies:read', 'policies:write']);
  const old = await submitted(app, a, { effectiveDate: '2019-06-01' });
  const unrated = await call(app.api, 'POST', `/v1/submissions/${old.id}/quote`, { token: a.adminToken });
  t.is(unrated.status, 400, 'no rate filing was in force in 2019');
  t.like(unrated.body, { error: 'validation_failed', details: { field: 'effectiveDate', rule: 'rated' } });
  for (const effectiveDate of ['2099-01-01', addMonths(on(1), 18)]) {
    const { bind } = await tryBind(app, a, { effectiveDate }, { token: a.adminToken });
    t.is(bind.status, 422, effectiveDate);
    t.is(bind.body.error, 'effective_date_out_of_window');
    t.like(bind.body.details, { effectiveDate, latest: addMonths(on(0), 18) });
  }
  const backdated = await tryBind(app, a, { effectiveDate: on(-45) }, { apiKey: key });
  t.is(backdated.bind.status, 422, 'an integration key holds no authority to backdate');
  t.regex(backdated.bind.body.message, /underwriter may backdate up to 90 days/);
  const quoted = await call(app.api, 'GET', `/v1/submissions/${backdated.created.id}`, { token: a.adminToken });
  t.is(quoted.body.status, 'quoted', 'a refused bind changes nothing');
  t.is((await tryBind(app, a, { effectiveDate: on(-45) }, { token: a.adminToken })).bind.status, 201, 'an administrator may backdate 45 days');
  t.is((await tryBind(app, a, { effectiveDate: on(-29) }, { apiKey: key })).bind.status, 201);
  t.is((await tryBind(app, a, { effectiveDate: addMonths(on(0), 18) }, { apiKey: key })).bind.status, 201, 'the last day of the window');
});

test('a submission triage declined does not bind: 422 referral_required', async (t) => {
  const { app, a } = t.context;
  const losses = [1, 2, 3, 4].map((year) => ({ date: `202${year}-06-01`, amount: 40_000, description: `Water damage ${year}` }));
  const { created, bind } = await tryBind(
    app,
    a,
    { annualRevenue: 50_000, requestedLimit: 1_000_000, priorLosses: losses, effectiveDate: on(10) },
    { token: a.adminToken },
  );
  t.is(created.triage.band, 'decline');
  t.is(bind.status, 422);
  t.is(bind.body.error, 'referral_required');
  t.like(bind.body.details, { triage: { band: 'decline' } });
  const policies = await call(app.api, 'GET', `/v1/policies?limit=100`, { token: a.adminToken });
  t.false(policies.body.data.some((policy: { submissionId: string }) => policy.submissionId === created.id));
});
