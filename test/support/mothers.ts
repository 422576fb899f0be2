import { cents } from '../../core/shared/money.ts';
import type { Invoice } from '../../core/billing/invoice.ts';
import type { CompleteRisk } from '../../core/underwriting/risk.ts';
import { randomUUID } from 'node:crypto';
import { addDays, today } from '../../core/shared/calendar-date.ts';
import { awaitMailedCode, call, MACHINE_SECRET, type Tenant, type TestApp } from './test-app.ts';
import { newPolicy, type Policy } from '../../core/policy/policy.ts';
import { NO_CHARGE_TERMS } from '../../core/underwriting/charge-terms.ts';
import type { ProgramTerms } from '../../core/underwriting/program-terms.ts';

/**
 * Test data in one place (Object Mothers): the records a test needs, built the way an integrator
 * makes them through the API, with defaults a test overrides only where it matters to it.
 */

/** The same risk as the core sees it (money in cents), for core and use-case tests. */
export const aRisk = (overrides: Partial<CompleteRisk> = {}): CompleteRisk => ({
  insuredName: 'Card Co',
  naicsCode: '541511',
  annualRevenue: cents(400_000_000),
  requestedLimit: cents(100_000_000),
  effectiveDate: '2027-01-01',
  state: 'OH',
  lineOfBusiness: 'GL',
  ...overrides,
});

/** An open $100 installment invoice as the core holds it. */
export const anInvoice = (overrides: Partial<Invoice> = {}): Invoice => ({
  id: 'inv_1',
  orgId: 'org_1',
  policyId: 'pol_1',
  invoiceNumber: 'GL-2027-000001-01',
  kind: 'installment',
  amount: cents(10_000),
  lines: [{ kind: 'premium', amount: cents(10_000) }],
  paidAmount: cents(0),
  dueDate: '2027-01-01',
  status: 'open',
  createdAt: new Date('2027-01-01T00:00:00Z'),
  ...overrides,
});

/** A complete GL submission body as an integrator sends it (money in dollars). */
export const aSubmission = (overrides: Record<string, unknown> = {}) => ({
  insuredName: 'Card Co',
  naicsCode: '541511',
  annualRevenue: 4_000_000,
  requestedLimit: 1_000_000,
  effectiveDate: '2027-01-01',
  state: 'OH',
  lineOfBusiness: 'GL',
  ...overrides,
});

const expectStatus =
  (status: number) =>
  <T extends { status: number; body: unknown }>(what: string, result: T): T => {
    if (result.status !== status) throw new Error(`${what}: ${result.status} ${JSON.stringify(result.body)}`);
    return result;
  };
const expect201 = expectStatus(201);
const expect200 = expectStatus(200);

export const submitted = async (app: TestApp, tenant: Tenant, overrides: Record<string, unknown> = {}) =>
  expect201('submission', await call(app.api, 'POST', '/v1/submissions', { token: tenant.adminToken, body: aSubmission(overrides) })).body;

export interface BoundPolicy {
  readonly submission: any;
  readonly quote: any;
  readonly policy: any;
  readonly invoices: any[];
  /** The first installment (`-01`). */
  readonly invoice: any;
}

/** A submission quoted and bound on an installment plan, with the invoices the bind created. */
export const boundPolicy = async (
  app: TestApp,
  tenant: Tenant,
  options: { plan?: string; producerId?: string; submission?: Record<string, unknown> } = {},
): Promise<BoundPolicy> => {
  const submission = await submitted(app, tenant, { ...(options.producerId ? { producerId: options.producerId } : {}), ...options.submission });
  const quote = expect201('quote', await call(app.api, 'POST', `/v1/submissions/${submission.id}/quote`, { token: tenant.adminToken })).body;
  const policy = expect201(
    'bind',
    await call(app.api, 'POST', `/v1/submissions/${submission.id}/bind`, { token: tenant.adminToken, body: { installmentPlan: options.plan ?? 'PIF' } }),
  ).body;
  const invoices = (await call(app.api, 'GET', `/v1/invoices?policyId=${policy.id}&limit=100`, { token: tenant.adminToken })).body.data;
  return { submission, quote, policy, invoices, invoice: invoices.find((invoice: { invoiceNumber: string }) => invoice.invoiceNumber.endsWith('-01')) };
};

/**
 * A bound policy whose insured has signed in to the portal with a mailed code, as a policyholder
 * would: the policy and the policyholder JWT.
 */
export const signedInPolicyholder = async (
  app: TestApp,
  tenant: Tenant,
  options: { submission?: Record<string, unknown> } = {},
): Promise<BoundPolicy & { token: string; email: string }> => {
  const email = `insured-${randomUUID().slice(0, 8)}@example.com`;
  const bound = await boundPolicy(app, tenant, { submission: { contactEmail: email, effectiveDate: addDays(today(new Date()), -5), ...options.submission } });
  const requested = await call(app.api, 'POST', '/auth/policyholder-otp-request', { body: { policyNumber: bound.policy.policyNumber } });
  if (requested.status !== 202) throw new Error(`code request: ${requested.status}`);
  const code = await awaitMailedCode(app, email, 'Your sign-in code for policy', 1);
  const signedIn = expect200(
    'policyholder token',
    await call(app.api, 'POST', '/auth/policyholder-token', { body: { policyNumber: bound.policy.policyNumber, otp: code } }),
  );
  return { ...bound, token: signedIn.body.token, email };
};

/** A delegated-authority program body as the platform operator sends it (dollars). */
export const aProgram = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ohio contractors',
  maxLimitPerRisk: 2_000_000,
  maxPremiumPerRisk: 100_000,
  allowedStates: ['OH'],
  allowedLines: ['GL'],
  excludedNaics: ['2381'],
  aggregateCap: 10_000_000,
  minimumEarnedPremiumPercent: 30,
  insurer: { name: 'Buckeye Mutual Insurance Company', naic: '24740' },
  ...overrides,
});

/** A program of the tenant's, created with the machine secret. */
export const createdProgram = async (app: TestApp, tenant: Tenant, overrides: Record<string, unknown> = {}) =>
  expect201('program', await call(app.api, 'POST', `/v1/programs?orgId=${tenant.orgId}`, { token: MACHINE_SECRET, body: aProgram(overrides) })).body;

/** A new policy of org_1 as binding makes it (no charges, paid in full), for repository tests. */
export const aNewPolicy = (
  options: { id?: string; risk?: Partial<CompleteRisk>; premium?: number; effectiveDate?: string; sequence?: number; at?: Date } = {},
): Policy => {
  const id = options.id ?? 'pol_1';
  const at = options.at ?? new Date('2027-01-01T00:00:00Z');
  return newPolicy(
    {
      policyId: id,
      orgId: 'org_1',
      submissionId: `sub_${id}`,
      quoteId: `quo_${id}`,
      risk: aRisk(options.risk),
      contactEmail: null,
      producerId: null,
      premium: cents(options.premium ?? 277_400),
      effectiveDate: options.effectiveDate ?? '2027-01-01',
      plan: 'PIF',
      programId: 'default',
      programVersion: null,
      rateTableVersion: '2026-01',
      chargeTerms: NO_CHARGE_TERMS,
      renewalOf: null,
      renewalOfferDays: 60,
    },
    options.sequence ?? 1,
    at,
    { bookedOn: '2027-01-01', accountingMonth: '2027-01' },
  );
};

/** A program's terms as the core holds them (Ohio GL contractors, $2M limit, $100,000 premium authority), for use-case tests. */
export const aProgramTerms = (overrides: Partial<ProgramTerms> = {}): ProgramTerms => ({
  name: 'Ohio contractors',
  status: 'active',
  maxLimitPerRisk: cents(200_000_000),
  maxPremiumPerRisk: cents(10_000_000),
  allowedStates: ['OH'],
  allowedLines: ['GL'],
  excludedNaics: [],
  aggregateCap: cents(1_000_000_000),
  minimumEarnedPremiumPercent: 25,
  policyFee: cents(0),
  surplusLines: false,
  rateTableVersion: null,
  insurer: { name: 'Buckeye Mutual', naic: '24740' },
  ...overrides,
});
