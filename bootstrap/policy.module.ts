import { policyRoutes } from '../adapters/http/policy/policies.routes.ts';
import { PolicyTransactionStoreRepository } from '../adapters/persistence/policy/policy-transaction.store-repository.ts';
import { PolicyStoreRepository } from '../adapters/persistence/policy/policy.store-repository.ts';
import { StoreSequenceGenerator } from '../adapters/persistence/shared/sequence-generator.store.ts';
import type { RecordRelationships } from '../ports/authorization/record-relationships.ts';
import type { InvoiceRepository } from '../ports/billing/invoice.repository.ts';
import type { PolicyRepository, PolicyTransactionRepository } from '../ports/policy/policy.repositories.ts';
import { PolicyLifecycle } from '../ports/policy/policy-lifecycle.use-case.ts';
import { PolicyPremium } from '../ports/policy/policy-premium.use-case.ts';
import type { Clock } from '../ports/shared/clock.port.ts';
import type { IdGenerator } from '../ports/shared/id-generator.port.ts';
import type { Programs } from '../ports/underwriting/programs.use-case.ts';
import type { UnderwritingReferenceData } from '../ports/underwriting/reference-data.port.ts';
import type { WrittenPremiumCounter } from '../ports/underwriting/underwriting.repositories.ts';
import type { SequenceGenerator } from '../ports/shared/sequence-generator.port.ts';
import { TOKENS } from './tokens.ts';
import { bindings, type ContextModule } from './wiring.ts';

/** What issuing a policy needs, shared by binding (new business) and the lifecycle (renewals). */
export const ISSUANCE_DEPENDENCIES = [
  TOKENS.PolicyRepository,
  TOKENS.PolicyTransactionRepository,
  TOKENS.InvoiceRepository,
  TOKENS.Sequences,
  TOKENS.Ids,
  TOKENS.Clock,
  TOKENS.WrittenPremiumCounter,
  TOKENS.ReferenceData,
  TOKENS.Programs,
  TOKENS.RecordRelationships,
] as const;

export const issuanceDeps = (
  policies: PolicyRepository,
  transactions: PolicyTransactionRepository,
  invoices: InvoiceRepository,
  sequences: SequenceGenerator,
  ids: IdGenerator,
  clock: Clock,
  writtenPremium: WrittenPremiumCounter,
  reference: UnderwritingReferenceData,
  programs: Programs,
  relationships: RecordRelationships,
) => ({ policies, transactions, invoices, sequences, ids, clock, writtenPremium, reference, programs, relationships });

/** Policies and their lifecycle: endorse, cancel, reinstate, renew, with the timeline. */
export const policyModule = (): ContextModule => ({
  name: 'policy',
  bindings: bindings((wire) => {
    wire.factory(TOKENS.Sequences, [TOKENS.Store], (store) => new StoreSequenceGenerator(store));
    wire.factory(TOKENS.PolicyRepository, [TOKENS.Store], PolicyStoreRepository.create);
    wire.factory(TOKENS.PolicyTransactionRepository, [TOKENS.Store], PolicyTransactionStoreRepository.create);
    wire.factory(
      TOKENS.PolicyLifecycle,
      [...ISSUANCE_DEPENDENCIES, TOKENS.PremiumBooks],
      (policies, transactions, invoices, sequences, ids, clock, writtenPremium, reference, programs, relationships, books) =>
        new PolicyLifecycle({
          ...issuanceDeps(policies, transactions, invoices, sequences, ids, clock, writtenPremium, reference, programs, relationships),
          books,
        }),
    );
    wire.factory(
      TOKENS.PolicyPremium,
      [TOKENS.PolicyRepository, TOKENS.InvoiceRepository, TOKENS.PaymentRepository, TOKENS.Clock],
      (policies, invoices, payments, clock) => new PolicyPremium({ policies, invoices, payments, clock }),
    );
  }),
  routes: async (resolve) => policyRoutes(await resolve(TOKENS.PolicyLifecycle), await resolve(TOKENS.PolicyPremium), await resolve(TOKENS.RecordAccess)),
});
