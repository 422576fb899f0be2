import anyTest, { type TestFn } from 'ava';
import { activeProducer, IDENTITY_WEBHOOK_SECRET } from '../../support/identity-events.ts';
import { call, createTenant, signedInUser, startTestApp, type Tenant, type TestApp } from '../../support/test-app.ts';

const test = anyTest as TestFn<{ app: TestApp; tenant: Tenant }>;

test.before(async (t) => {
  const app = await startTestApp({ env: { IDENTITY_WEBHOOK_SECRET } });
  t.context = { app, tenant: await createTenant(app) };
});
test.after.always(async (t) => t.context.app.close());

/** Every report of the organization's money, with what each needs to answer. */
const REPORTS = [
  '/v1/reports/premium',
  '/v1/reports/receivables-aging',
  '/v1/reports/bordereaux?month=2027-01',
  '/v1/reports/surplus-lines-taxes?quarter=2027-Q1',
] as const;

test('every report answers only to roles that see the whole book’s money (ledger:read): not an adjuster, not a producer', async (t) => {
  const { app, tenant } = t.context;
  const adjuster = await signedInUser(app, tenant, 'claims_adjuster', 'adjuster');
  const producer = await activeProducer(app, tenant, 'Report Reader');
  const analyst = await signedInUser(app, tenant, 'finance_analyst', 'analyst');
  for (const path of REPORTS) {
    for (const [who, token] of [
      ['claims adjuster', adjuster.token],
      ['producer', producer.token],
    ] as const) {
      t.like(await call(app.api, 'GET', path, { token }), { status: 403, body: { error: 'forbidden' } }, `${who}: ${path}`);
    }
    const read = await call(app.api, 'GET', path, { token: analyst.token });
    t.true(read.status === 200 || read.status === 400, `finance analyst: ${path} ${read.status} ${JSON.stringify(read.body)}`);
    t.not(read.status, 403);
  }
});
