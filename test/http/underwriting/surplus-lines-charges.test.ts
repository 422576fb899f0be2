import anyTest, { type TestFn } from 'ava';
import { boundPolicy, createdProgram, submitted } from '../../support/mothers.ts';
import { call, createTenant, startTestApp, type Tenant, type TestApp } from '../../support/test-app.ts';

// How the home state, localities and cancellations charge is tested at the use cases
// (test/use-cases/billing/taxes-and-fees.test.ts); here, the schedules, the lines as a client reads them, the report.

const test = anyTest as TestFn<{ app: TestApp }>;

test.before(async (t) => {
  t.context = { app: await startTestApp() };
});
test.after.always(async (t) => t.context.app.close());

/** A tenant writing only a nationwide surplus lines program with a $250 policy fee. */
const surplusTenant = async (app: TestApp): Promise<Tenant> => {
  const tenant = await createTenant(app);
  await createdProgram(app, tenant, {
    name: 'Nationwide E&S',
    allowedStates: null,
    allowedLines: null,
    excludedNaics: [],
    maxPremiumPerRisk: 250_000,
    aggregateCap: 50_000_000,
    policyFee: 250,
    surplusLines: true,
  });
  return tenant;
};

const codes = (components: { code: string }[]) => components.map((component) => component.code);
const cents = (dollars: number) => Math.round(dollars * 100);

test('a state’s schedule is published with its sources, for any effective date', async (t) => {
  const { app } = t.context;
  const tenant = await createTenant(app);
  const kentucky = await call(app.api, 'GET', '/v1/tax-schedules/KY?on=2027-01-01', { token: tenant.adminToken });
  t.is(kentucky.status, 200);
  t.deepEqual(codes(kentucky.body.components), ['tax', 'surcharge', 'local']);
  t.true(kentucky.body.components.every((component: { source: string }) => component.source.includes('KRS')));
  t.like(
    kentucky.body.localities.find((locality: { code: string }) => locality.code === 'ALBANY'),
    { name: 'Albany', rates: { GL: 10, PROPERTY: 10 } },
  );
  const kansas = async (on: string) => (await call(app.api, 'GET', `/v1/tax-schedules/KS?on=${on}`, { token: tenant.adminToken })).body.components[0].percent;
  t.is(await kansas('2023-06-01'), 6);
  t.is(await kansas('2024-01-01'), 3);
  t.is((await call(app.api, 'GET', '/v1/tax-schedules/PR', { token: tenant.adminToken })).body.components[0].percent, 9);
  t.like(await call(app.api, 'GET', '/v1/tax-schedules/XX', { token: tenant.adminToken }), { status: 400, body: { error: 'validation_failed' } });
  t.like(await call(app.api, 'GET', '/v1/tax-schedules/TX?on=2027-02-30', { token: tenant.adminToken }), { status: 400 });
});

test('Kentucky’s local premium tax needs the risk’s locality, then bills on its own line', async (t) => {
  const { app } = t.context;
  const tenant = await surplusTenant(app);
  const bare = await submitted(app, tenant, { state: 'KY' });
  const refused = await call(app.api, 'POST', `/v1/submissions/${bare.id}/quote`, { token: tenant.adminToken });
  t.like(refused, { status: 422, body: { error: 'locality_required', details: { field: 'locality' } } });
  t.true(refused.body.details.localities.includes('ALBANY'));

  const { quote, invoice } = await boundPolicy(app, tenant, { submission: { state: 'KY', locality: 'ALBANY' } });
  t.deepEqual(codes(quote.taxesAndFees.components), ['tax', 'surcharge', 'local']);
  t.like(quote.taxesAndFees, { locality: 'ALBANY', policyFee: 250 });
  // Each on premium and the policy fee: 3 %, 1.8 % and Albany's 10 % on casualty.
  const base = cents(quote.grossPremium) + 250_00;
  t.is(cents(quote.taxesAndFees.localPremiumTax), Math.round(base * 0.1));
  t.is(cents(quote.taxesAndFees.stateFundFee), Math.round(base * 0.018));
  t.like(
    invoice.lines.find((line: { code: string }) => line.code === 'local'),
    { kind: 'local_premium_tax', name: 'Local government premium tax (Albany)', amount: quote.taxesAndFees.localPremiumTax },
  );
});

test('the month’s taxes and fees by home state, payee and component: what to remit to whom', async (t) => {
  const { app } = t.context;
  const tenant = await surplusTenant(app);
  const york = await boundPolicy(app, tenant, { submission: { state: 'NY' } });
  const kentucky = await boundPolicy(app, tenant, { submission: { state: 'KY', locality: 'ANCHORAGE' } });
  const report = await call(app.api, 'GET', '/v1/reports/surplus-lines-taxes?month=2027-01', { token: tenant.adminToken });
  t.is(report.status, 200);
  const componentsOf = (quote: { taxesAndFees: { components: { code: string; payee: string; amount: number }[] } }, state: string) =>
    quote.taxesAndFees.components.map((component) => [state, component.payee, component.code, component.amount, 1]);
  t.deepEqual(
    report.body.rows.map((row: { homeState: string; payee: string; code: string; amount: number; policies: number }) => [
      row.homeState,
      row.payee,
      row.code,
      row.amount,
      row.policies,
    ]),
    [...componentsOf(kentucky.quote, 'KY'), ...componentsOf(york.quote, 'NY')].sort((a, b) =>
      `${a[0]}${['surplusLinesTax', 'stampingFee', 'fireMarshalTax', 'stateFundFee', 'localPremiumTax'].indexOf(String(a[1]))}`.localeCompare(
        `${b[0]}${['surplusLinesTax', 'stampingFee', 'fireMarshalTax', 'stateFundFee', 'localPremiumTax'].indexOf(String(b[1]))}`,
      ),
    ),
  );
  const csv = await call(app.api, 'GET', '/v1/reports/surplus-lines-taxes?month=2027-01', { token: tenant.adminToken, headers: { accept: 'text/csv' } });
  t.is(String(csv.body).split('\r\n')[0], 'Home State,Payee,Component,Code,Amount,Policies');
  t.true(String(csv.body).includes('KY,localPremiumTax,Local government premium tax (Anchorage),local,'));
  t.deepEqual((await call(app.api, 'GET', '/v1/reports/surplus-lines-taxes?month=2027-02', { token: tenant.adminToken })).body.rows, []);
  t.is((await call(app.api, 'GET', '/v1/reports/surplus-lines-taxes?month=2027-13', { token: tenant.adminToken })).status, 400);
});
