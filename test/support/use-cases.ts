import type { PolicyAccount } from '../../core/billing/policy-account.ts';
import type { Receivables } from '../../ports/billing/policy-accounts.use-case.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FixtureReferenceData } from '../../adapters/reference-data/fixture-reference-data.ts';
import type { DaProgram } from '../../core/underwriting/delegated-authority.ts';
import { SqliteStore } from '../../adapters/persistence/sqlite/sqlite-store.engine.ts';
import type { Principal } from '../../core/shared/access/principal.ts';
import { loadConfig } from '../../bootstrap/config.ts';
import { buildContainer, contextModules } from '../../bootstrap/container.ts';
import { createLogger } from '../../bootstrap/logger.ts';
import { BILLING } from '../../bootstrap/billing.tokens.ts';
import { PLATFORM } from '../../bootstrap/platform.tokens.ts';
import { POLICY } from '../../bootstrap/policy.tokens.ts';
import { UNDERWRITING } from '../../bootstrap/underwriting.tokens.ts';
import type { Resolve } from '../../bootstrap/wiring.ts';
import type { Clock } from '../../ports/shared/clock.port.ts';
import type { UnderwritingReferenceData } from '../../ports/underwriting/reference-data.port.ts';
import type { CollectionStore } from '../../ports/shared/persistence/collection-store.port.ts';
import type { InstallmentPlan } from '../../core/billing/installment-plan.ts';
import type { Invoice } from '../../core/billing/invoice.ts';
import type { CompleteRisk } from '../../core/underwriting/risk.ts';
import type { PriorLoss } from '../../core/underwriting/submission.ts';
import type { Role } from '../../core/shared/access/roles.ts';
import { IDENTITY } from '../../bootstrap/identity.tokens.ts';
import { PRODUCERS } from '../../bootstrap/producers.tokens.ts';
import { aRisk } from './mothers.ts';
import { SettableClock } from './settable-clock.ts';
import { JWT_SECRET, MACHINE_SECRET } from './test-app.ts';

/** The platform itself acting: what a use-case test acts as unless it is about who may act. */
export const MACHINE: Principal = { kind: 'machine' };

/** The fixtures, with the excess and surplus lines program ($250 policy fee, home-state taxes) for every new quote. */
export class SurplusLinesReference extends FixtureReferenceData {
  override defaultProgram(): DaProgram {
    return this.platformProgram('excess-and-surplus') as DaProgram;
  }
}

export interface UseCaseWorld {
  readonly resolve: Resolve;
  readonly store: CollectionStore;
  close(): Promise<void>;
}

/**
 * The use cases exactly as the service composes them (every context module), over the in-memory
 * engine and without HTTP: for testing business behaviour fast, through the same wiring.
 */
/** The business date of use-case tests unless one says otherwise: their fixtures' terms start on 2027-01-01. */
export const USE_CASE_START = '2026-12-15T12:00:00Z';

/**
 * `clock`: a clock the test moves by hand (a `SettableClock` at `USE_CASE_START` unless given), or
 * `'organizations'` for the service's own: real time, and each test clock's time for its organization.
 */
export const useCaseWorld = async (
  options: {
    clock?: Clock | 'organizations';
    reference?: UnderwritingReferenceData;
    store?: (store: CollectionStore) => CollectionStore;
    /** A directory whose store outlives the world (a crash test reopens it); in memory otherwise. */
    storeDir?: string;
  } = {},
): Promise<UseCaseWorld> => {
  const dataDir = await mkdtemp(join(tmpdir(), 'use-cases-'));
  const engine = await SqliteStore.open({ ...(options.storeDir ? { dir: options.storeDir } : {}) });
  // A test may put a wrapper around the engine (faults on plan), the composition uses the wrapper.
  const store = options.store ? options.store(engine) : engine;
  const config = loadConfig({ DATA_DIR: dataDir, API_SECRET: MACHINE_SECRET, JWT_SECRET, PASSWORD_HASH_COST: '1024' });
  const { container, resolve } = await buildContainer(contextModules(config, store, createLogger('silent')));
  if (options.clock !== 'organizations') container.rebind(PLATFORM.Clock).toConstantValue(options.clock ?? new SettableClock(USE_CASE_START));
  if (options.reference) container.rebind(UNDERWRITING.ReferenceData).toConstantValue(options.reference);
  return {
    resolve,
    store,
    close: async () => {
      await engine.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
};

/** A submission of `orgId` with its quote, made through the use cases (the risk defaults to `aRisk()`). */
export const aQuotedSubmission = async (world: UseCaseWorld, orgId: string, risk: CompleteRisk & { priorLosses?: readonly PriorLoss[] } = aRisk()) => {
  const submission = await (await world.resolve(UNDERWRITING.Submissions)).create(MACHINE, orgId, risk, 'json');
  const quote = await (await world.resolve(UNDERWRITING.Quoting)).quote(orgId, submission.id);
  return { submission, quote };
};

/** A policy bound through the use cases, on `plan` (QUARTERLY unless said). */
export const aBoundPolicy = async (world: UseCaseWorld, orgId: string, options: { risk?: CompleteRisk; plan?: InstallmentPlan } = {}) => {
  const { submission, quote } = await aQuotedSubmission(world, orgId, options.risk);
  const policy = await (await world.resolve(POLICY.Binding)).bind(MACHINE, orgId, submission.id, options.plan ?? 'QUARTERLY');
  return { submission, quote, policy };
};

/** A policy's installment invoices, first due first. */
export const installmentsOf = async (world: UseCaseWorld, orgId: string, policyId: string): Promise<Invoice[]> =>
  (await (await world.resolve(BILLING.InvoiceRepository)).list(orgId, { policyId }, { limit: 50 })).data
    .filter((invoice) => invoice.kind === 'installment')
    .sort((a, b) => a.invoiceNumber.localeCompare(b.invoiceNumber));

/** Every page of an organization's receivables on a date: the totals and every policy's line. */
export const receivablesPages = async (world: UseCaseWorld, orgId: string, asOf: string, limit: number) => {
  const accounts = await world.resolve(BILLING.PolicyAccounts);
  const lines: PolicyAccount[] = [];
  let page: Receivables | null = null;
  do {
    page = await accounts.receivables(orgId, asOf, { limit, ...(page?.nextCursor ? { cursor: page.nextCursor } : {}) });
    lines.push(...page.policies);
  } while (page.nextCursor);
  return { totals: page.totals, lines };
};

/** A person of the organization with `role`, stored as a user (so it can be named: an adjuster, a referral's assignee), as the principal it acts as. */
export const aStoredPerson = async (world: UseCaseWorld, orgId: string, role: Role, name: string): Promise<Principal & { userId: string }> => {
  const at = new Date(USE_CASE_START);
  const userId = `usr_${name}`;
  const user = { id: userId, orgId, email: `${name}@example.com`, name, role, passwordHash: 'x', emailVerifiedAt: at, createdAt: at, updatedAt: at };
  await (await world.resolve(PLATFORM.AtomicWrite)).commit([(await world.resolve(IDENTITY.UserRepository)).insertWrite(user)]);
  return { kind: 'user', userId, orgId, role, via: 'jwt' };
};

/** A producer registered for a user account, as sign-up registers one (pending until identity verification). */
export const aRegisteredProducer = async (world: UseCaseWorld, orgId: string, user: { id: string; name: string; email: string }) => {
  const { producer, writes } = await (await world.resolve(PRODUCERS.Producers)).registration(orgId, user);
  await (await world.resolve(PLATFORM.AtomicWrite)).commit(writes);
  return producer;
};

/** A world on a settable clock, torn down with the test, holding a paid-in-full policy in force since 2027-01-01, the clock moved to 2027-02-01 (a January loss is covered). */
export const aPolicyInForce = async (t: { teardown(fn: () => Promise<void>): void }, orgId: string, insuredName: string) => {
  const clock = new SettableClock(USE_CASE_START);
  const world = await useCaseWorld({ clock });
  t.teardown(world.close);
  const { policy } = await aBoundPolicy(world, orgId, { risk: aRisk({ insuredName }), plan: 'PIF' });
  clock.set('2027-02-01T12:00:00Z');
  return { world, clock, policy };
};
