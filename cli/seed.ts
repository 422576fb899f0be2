import { randomBytes } from 'node:crypto';
import { addDays, today } from '../core/shared/calendar-date.ts';
import { platformClient } from '../clients/typescript/index.ts';
import { cliFetch, expectData, platform, type Connection } from './connection.ts';

const INSUREDS = [
  'Harbor Bakery LLC',
  'Summit Roofing Inc',
  'Bluewater Logistics',
  'Pine Street Dental',
  'Copperline Electric',
  'Northgate Cafe',
  'Riverbend Plumbing',
];
const STATES = ['CA', 'TX', 'OH', 'IL', 'FL', 'NY', 'WA'] as const;
const NAICS = ['311811', '238160', '484110', '621210', '238210', '722515', '238220'];

/** The seeded organization's requests a minute: its submissions, quotes, binds and payments come at once. */
export const SEED_RATE_LIMIT_PER_MINUTE = 1_200;

interface SeedProgress {
  start(total: number): void;
  increment(): void;
  stop(): void;
}

interface SeedResult {
  readonly orgId: string;
  readonly adminEmail: string;
  readonly adminPassword: string;
  readonly producers: number;
  readonly policies: number;
  readonly payments: number;
  readonly claims: number;
}

/**
 * A demo organization through the API, as an integrator would build it (its rate limit raised to
 * SEED_RATE_LIMIT_PER_MINUTE, as an operator would for a contract's burst): an administrator,
 * producers signed up on the authentication service, submissions quoted and bound (a term started
 * a month ago for every third one), their first installments paid, and claims on the terms in force.
 */
export const seedDemo = async (connection: Connection, options: { policies: number; name: string }, progress: SeedProgress): Promise<SeedResult> => {
  const operator = platform(connection);
  const suffix = randomBytes(3).toString('hex');
  const domain = `demo-${suffix}.example`;
  const org = expectData('organization', await operator.POST('/v1/organizations', { body: { name: options.name, allowedDomains: [domain] } }));
  // A demo is written in a burst: its organization gets a contract limit above the tier's (100 a minute).
  expectData(
    'rate limit',
    await operator.PATCH('/v1/organizations/{id}', { params: { path: { id: org.id } }, body: { rateLimitPerMinute: SEED_RATE_LIMIT_PER_MINUTE } }),
  );
  const adminEmail = `admin@${domain}`;
  const adminPassword = randomBytes(12).toString('base64url');
  expectData(
    'administrator',
    await operator.POST('/v1/users', { body: { email: adminEmail, password: adminPassword, role: 'org_admin', name: 'Demo Admin', orgId: org.id } }),
  );
  const signIn = await cliFetch(`${connection.auth}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: adminEmail, password: adminPassword }),
  });
  const admin = platformClient(connection.api, { token: ((await signIn.json()) as { token: string }).token }, { fetch: cliFetch });

  const producerIds: string[] = [];
  for (const name of ['Pat Producer', 'Sam Broker']) {
    const signedUp = await cliFetch(`${connection.auth}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `${name.split(' ')[0]?.toLowerCase()}@${domain}`, password: randomBytes(12).toString('base64url'), name, orgId: org.id }),
    });
    producerIds.push(((await signedUp.json()) as { producerId: string }).producerId);
  }

  progress.start(options.policies);
  try {
    return { orgId: org.id, adminEmail, adminPassword, producers: producerIds.length, ...(await seedPolicies(admin, producerIds, options.policies, progress)) };
  } finally {
    // A bar left running keeps a terminal's process alive: it stops whatever happened.
    progress.stop();
  }
};

/** Submissions quoted and bound, first installments paid, claims on the terms in force. */
const seedPolicies = async (admin: ReturnType<typeof platformClient>, producerIds: readonly string[], count: number, progress: SeedProgress) => {
  let [policies, payments, claims] = [0, 0, 0];
  for (let n = 0; n < count; n += 1) {
    const inForce = n % 3 === 0;
    const submission = expectData(
      'submission',
      await admin.POST('/v1/submissions', {
        body: {
          insuredName: `${INSUREDS[n % INSUREDS.length]} ${n + 1}`,
          naicsCode: NAICS[n % NAICS.length] as string,
          annualRevenue: 500_000 + ((n * 250_000) % 4_000_000),
          requestedLimit: 1_000_000,
          effectiveDate: addDays(today(new Date()), inForce ? -30 : 15 + (n % 60)),
          state: STATES[n % STATES.length] as (typeof STATES)[number],
          lineOfBusiness: 'GL',
          producerId: producerIds[n % producerIds.length] as string,
        },
      }),
    );
    if (!('id' in submission)) throw new Error('submission: no id');
    expectData('quote', await admin.POST('/v1/submissions/{id}/quote', { params: { path: { id: submission.id } } }));
    const bound = await admin.POST('/v1/submissions/{id}/bind', { params: { path: { id: submission.id } }, body: { installmentPlan: 'QUARTERLY' } });
    // A risk outside delegated authority or declined by triage stays a quote, as it would for a user.
    if (bound.data) {
      policies += 1;
      const invoices = expectData('invoices', await admin.GET('/v1/invoices', { params: { query: { policyId: bound.data.id } } })).data;
      const first = invoices.find((invoice) => invoice.invoiceNumber.endsWith('-01'));
      if (first) {
        const paid = await admin.POST('/v1/invoices/{id}/pay', {
          params: { path: { id: first.id } },
          body: { amount: first.amount, method: 'ach', reference: `seed-${first.invoiceNumber}` },
        });
        if (paid.data) payments += 1;
      }
      if (inForce) {
        const claim = await admin.POST('/v1/claims', {
          body: { policyId: bound.data.id, lossDate: addDays(today(new Date()), -2), description: 'Water damage from a burst pipe' },
        });
        if (claim.data) claims += 1;
      }
    }
    progress.increment();
  }
  return { policies, payments, claims };
};
