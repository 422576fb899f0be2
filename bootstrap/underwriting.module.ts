import { submissionRoutes } from '../adapters/http/underwriting/submissions.routes.ts';
import { FixtureReferenceData } from '../adapters/reference-data/fixture-reference-data.ts';
import { StoreWrittenPremiumCounter } from '../adapters/persistence/underwriting/written-premium-counter.store.ts';
import { QuoteStoreRepository } from '../adapters/persistence/underwriting/quote.store-repository.ts';
import { SubmissionStoreRepository } from '../adapters/persistence/underwriting/submission.store-repository.ts';
import { programRoutes } from '../adapters/http/underwriting/programs.routes.ts';
import { ProgramStoreRepository } from '../adapters/persistence/underwriting/program.store-repository.ts';
import { Programs } from '../ports/underwriting/programs.use-case.ts';
import { Binding } from '../ports/policy/binding.use-case.ts';
import { Quoting } from '../ports/underwriting/quoting.use-case.ts';
import { Submissions } from '../ports/underwriting/submissions.use-case.ts';
import { ISSUANCE_DEPENDENCIES, issuanceDeps } from './policy.module.ts';
import { TOKENS } from './tokens.ts';
import { bindings, type ContextModule } from './wiring.ts';

/** Submissions, triage, quotes and binding, within delegated authority. */
export const underwritingModule = (): ContextModule => ({
  name: 'underwriting',
  bindings: bindings((wire) => {
    wire.factory(TOKENS.ReferenceData, [], () => new FixtureReferenceData());
    wire.factory(TOKENS.ProgramRepository, [TOKENS.Store], ProgramStoreRepository.create);
    wire.factory(
      TOKENS.Programs,
      [TOKENS.ReferenceData, TOKENS.ProgramRepository, TOKENS.AuditTrail, TOKENS.Ids, TOKENS.Clock],
      (reference, programs, audit, ids, clock) => new Programs({ reference, programs, audit, ids, clock }),
    );
    wire.factory(TOKENS.SubmissionRepository, [TOKENS.Store], SubmissionStoreRepository.create);
    wire.factory(TOKENS.QuoteRepository, [TOKENS.Store], QuoteStoreRepository.create);
    wire.factory(TOKENS.WrittenPremiumCounter, [TOKENS.Store], (store) => new StoreWrittenPremiumCounter(store));
    wire.factory(
      TOKENS.Submissions,
      [
        TOKENS.SubmissionRepository,
        TOKENS.PdfWorkers,
        TOKENS.DocumentLibrary,
        TOKENS.ReferenceData,
        TOKENS.ProducerRepository,
        TOKENS.RecordRelationships,
        TOKENS.Ids,
        TOKENS.Clock,
      ],
      (submissions, forms, documents, reference, producers, relationships, ids, clock) =>
        new Submissions({ submissions, forms, documents, reference, producers, relationships, ids, clock }),
    );
    wire.factory(
      TOKENS.Quoting,
      [
        TOKENS.SubmissionRepository,
        TOKENS.QuoteRepository,
        TOKENS.WrittenPremiumCounter,
        TOKENS.ReferenceData,
        TOKENS.Programs,
        TOKENS.ReferralApprovals,
        TOKENS.Ids,
        TOKENS.Clock,
      ],
      (submissions, quotes, writtenPremium, reference, programs, approvals, ids, clock) =>
        new Quoting({ submissions, quotes, writtenPremium, reference, programs, approvals, ids, clock }),
    );
    wire.factory(
      TOKENS.Binding,
      [TOKENS.SubmissionRepository, TOKENS.QuoteRepository, TOKENS.ReferralApprovals, ...ISSUANCE_DEPENDENCIES],
      (submissions, quotes, approvals, ...issuance) => new Binding({ submissions, quotes, approvals, ...issuanceDeps(...issuance) }),
    );
  }),
  routes: async (resolve) => [
    ...submissionRoutes(await resolve(TOKENS.Submissions), await resolve(TOKENS.Quoting), await resolve(TOKENS.Binding), await resolve(TOKENS.RecordAccess)),
    ...programRoutes(await resolve(TOKENS.Programs)),
  ],
});
